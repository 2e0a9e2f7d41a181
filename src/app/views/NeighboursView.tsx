import { useEffect, useMemo } from 'react';
import { findResult } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import type { Call } from '../../core/platform/spec.ts';
import { MAX_NEIGHBOURS, neighboursStep } from '../../core/projection/neighboursStep.ts';
import { lineOf, rowName, ROW_NUMBERING } from '../model/rowNames.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { MethodStatus } from './MethodStatus.tsx';
import { useObjectValues } from './useObjectValues.ts';
import { useResult } from './useResult.ts';

export const DEFAULT_NEIGHBOURS = 10;

/**
 * The selected object's k nearest objects under the panel's representation (an embedding's
 * Euclidean distance or a method's object distance), each with its distance and the values where
 * it differs from the object. The neighbours are emphasised in every object view with the
 * selection (store: neighbourObjects); panels of other methods list theirs side by side.
 */
export function NeighboursView({ panel }: { panel: Panel }) {
  const selected = useStore((s) => s.selectedObjects);
  const setSettings = useStore((s) => s.setPanelSettings);
  const k = typeof panel.settings.k === 'number' ? panel.settings.k : DEFAULT_NEIGHBOURS;
  const row = selected[0];
  const control = (
    <label>
      neighbours k{' '}
      <input
        type="number"
        min={1}
        max={MAX_NEIGHBOURS}
        defaultValue={k}
        aria-label="Neighbours listed (k)"
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
        onBlur={(e) => {
          const v = neighboursK(e.currentTarget.value);
          if (v !== null) setSettings(panel.id, { k: v });
          else e.currentTarget.value = String(k);
        }}
      />
    </label>
  );
  return (
    <MethodPanel
      panel={panel}
      what="the neighbours of an object"
      extraControls={control}
      extraSummary={k === DEFAULT_NEIGHBOURS ? [] : [`k ${k}`]}
    >
      {(_output, meta) =>
        row === undefined ? (
          <p className="muted" data-testid="neighbours-empty">
            Select an object (in a projection, the ranking or the data table) to list its nearest
            objects under this representation.
          </p>
        ) : (
          <NeighbourList panel={panel} meta={meta} row={row} k={Math.min(k, meta.nRows - 1)} />
        )
      }
    </MethodPanel>
  );
}

function NeighbourList({
  panel,
  meta,
  row,
  k,
}: {
  panel: Panel;
  meta: TableMeta;
  row: number;
  k: number;
}) {
  const call: Call = useMemo(
    () => ({
      method: neighboursStep.id,
      options: { row, k },
      inputs: { of: panel.call as Call },
    }),
    [row, k, panel.call],
  );
  const { entry, invalid } = useResult(call);
  const table = entry?.output ? findResult(entry.output.results, 'table')?.result : undefined;
  const found = useMemo(
    () =>
      table
        ? table.rows.map((r) => ({ row: r.row as number, distance: r.distance as number }))
        : [],
    [table],
  );
  const setNeighbours = useStore((s) => s.setPanelNeighbours);
  useEffect(() => {
    setNeighbours(
      panel.id,
      found.map((f) => f.row),
    );
  }, [panel.id, found, setNeighbours]);
  useEffect(() => () => setNeighbours(panel.id, null), [panel.id, setNeighbours]);
  const values = useObjectValues(useMemo(() => [row, ...found.map((f) => f.row)], [row, found]));
  const own = values.get(row);
  if (!table) return <MethodStatus entry={entry} invalid={invalid} />;
  return (
    <div className="scroll-y">
      <p className="muted" data-testid="neighbours-title">
        The {found.length} nearest of {rowName(meta, row)} · {table.notes?.join(' · ')}
      </p>
      <table className="results" data-testid="neighbours-table">
        <thead>
          <tr>
            <th title={ROW_NUMBERING}>line</th>
            <th>distance</th>
            <th className="text">values where it differs from {rowName(meta, row)}</th>
          </tr>
        </thead>
        <tbody>
          {found.map((f) => {
            const codes = values.get(f.row);
            const differs = codes && own ? differences(meta, own, codes) : null;
            return (
              <NeighbourRow
                key={f.row}
                row={f.row}
                line={lineOf(meta, f.row)}
                distance={f.distance}
                differs={differs}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function NeighbourRow({
  row,
  line,
  distance,
  differs,
}: {
  row: number;
  line: number;
  distance: number;
  differs: string[] | null;
}) {
  const setHover = useStore((s) => s.setHover);
  return (
    <tr
      data-row={row}
      onPointerEnter={() => setHover({ kind: 'objects', objects: [row] })}
      onPointerLeave={() => setHover(null)}
    >
      <td>{line}</td>
      {/* 4 digits shown, every digit in the CSV and JSON. */}
      <td data-export-text={String(distance)}>{distance.toFixed(4)}</td>
      <td className="text" data-testid="neighbour-differs">
        {differs === null ? '…' : differs.length === 0 ? 'identical values' : differs.join(', ')}
      </td>
    </tr>
  );
}

/** The number of neighbours typed, or null unless it is a whole number from 1 to MAX_NEIGHBOURS. */
export function neighboursK(typed: string): number | null {
  const v = Number(typed);
  return Number.isInteger(v) && v >= 1 && v <= MAX_NEIGHBOURS ? v : null;
}

/** Where a neighbour differs from the object: “attribute = the neighbour’s value” for each. */
export function differences(meta: TableMeta, own: Int32Array, codes: Int32Array): string[] {
  return meta.attributes.flatMap((a, t) =>
    codes[t] === own[t] ? [] : [`${a.name} = ${a.labels[codes[t] ?? 0] ?? ''}`],
  );
}
