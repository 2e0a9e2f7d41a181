import { interpolateBlues, interpolateGreens } from 'd3';
import { useCallback, useMemo, useState } from 'react';
import { ChoiceSelect, type Choices } from '../components/ChoiceSelect.tsx';
import { Heatmap } from '../components/Heatmap.tsx';
import { cellScale, packed, type LegendSpec } from '../components/heatmap/cellColors.ts';
import type { CountsReport, TableMeta } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';
import { useValueLinks } from './useValueLinks.ts';
import {
  useRowSelection,
  useSelectionCooccurrence,
  type RowSelection,
} from './useSelectionCooccurrence.ts';
import { cooccurrenceOverview } from './heatmapOverviews.ts';
import { squareTable, valueItems } from '../model/numberTables.ts';
import {
  cooccurrenceTooltip,
  valueLayout,
  type AttributeOrder,
  type ValueOrder,
} from '../model/heatmap.ts';

const BLANK = 0xffffff;
const SAME_ATTRIBUTE = packed('#f3f4f6');
const countFormat = (x: number) => Math.round(x).toLocaleString('en-US');

const VALUE_ORDERS: Choices<ValueOrder> = [
  ['file', 'in file order'],
  ['frequency', 'by frequency'],
  ['label', 'by label'],
];
const ATTRIBUTE_ORDERS: Choices<AttributeOrder> = [
  ['file', 'in file order'],
  ['name', 'by name'],
  ['entropy', 'by entropy'],
];

/** What the cells count: every row of the table, or the rows selected (a scatter's box …). */
type Among = 'all' | 'selection';

/**
 * Value × value co-occurrence counts, grouped by attribute; the diagonal holds value counts.
 * While rows are selected (a box in a scatter, the table, the rows holding selected values) a
 * line says how many, and the cells can count among them instead: the selection's own
 * co-occurrence, counted in a worker, in the same layout, its tooltips, overview and export.
 */
export function CooccurrenceView() {
  const meta = useStore((s) => s.loaded?.meta);
  const counts = useStore((s) => s.counts);
  const rowsWhere = useStore((s) => s.rowsWhere);
  const { emphasised, shares } = useValueLinks();
  const setHover = useStore((s) => s.setHover);
  const toggleValue = useStore((s) => s.toggleValue);
  const [valueOrder, setValueOrder] = useState<ValueOrder>('file');
  const [attributeOrder, setAttributeOrder] = useState<AttributeOrder>('file');
  const [among, setAmong] = useState<Among>('all');
  const selection = useRowSelection();
  const inSelection = among === 'selection' && selection !== null;
  const selected = useSelectionCooccurrence(selection, counts, inSelection);
  // The whole table's counts until the selection's are counted.
  const shown = inSelection && selected ? selected : counts;
  const rowsOf = shown === selected ? 'selected' : '';

  // Laid out by the whole table's counts: counting among the selection moves no value.
  const layout = useMemo(
    () => (meta && counts ? valueLayout(meta, counts, valueOrder, attributeOrder) : null),
    [meta, counts, valueOrder, attributeOrder],
  );
  const { color, legends, scales } = useMemo(() => cooccurrenceColors(meta, shown), [meta, shown]);
  // Attribute × attribute, each cell the block's most frequent pair (Heatmap's overview).
  const overview = useMemo(
    () =>
      meta && shown && layout && scales
        ? cooccurrenceOverview(meta, shown, layout, scales, (attributes) =>
            setHover(attributes ? { kind: 'attributes', attributes } : null),
          )
        : undefined,
    [meta, shown, layout, scales, setHover],
  );
  // The counts out, as drawn: each pair of values' rows together, each value's count on the
  // diagonal (of the selected rows while the cells count them).
  const numbers = useCallback(() => {
    const name = rowsOf ? 'co-occurrence of the selected rows' : 'co-occurrence';
    const m = shown?.cooccurrence;
    if (!meta || !shown || !m) return { name, columns: [], rows: [] };
    const L = meta.nValues;
    return squareTable(name, valueItems(meta), (i, j) =>
      i === j ? shown.valueCounts[i] : m[i * L + j],
    );
  }, [meta, shown, rowsOf]);
  const tooltip = useCallback(
    (i: number, j: number) => (meta && shown ? cooccurrenceTooltip(meta, shown, i, j, rowsOf) : []),
    [meta, shown, rowsOf],
  );
  const onHover = useCallback(
    (cell: [number, number] | null) =>
      setHover(cell ? { kind: 'values', values: cell[0] === cell[1] ? [cell[0]] : cell } : null),
    [setHover],
  );

  if (!meta) return <p className="muted">Load a data set to see how its values co-occur.</p>;
  if (!counts || !shown) return <p className="muted">Counting…</p>;
  if (!counts.cooccurrence)
    return (
      <p className="muted">
        {meta.nValues.toLocaleString('en-US')} values are too many to draw as one matrix.
      </p>
    );
  const all = counts.nRows.toLocaleString('en-US');
  return (
    <div className="view">
      <div className="view-controls">
        <ChoiceSelect<ValueOrder>
          label="Values"
          ariaLabel="Value order"
          value={valueOrder}
          choices={VALUE_ORDERS}
          onChange={setValueOrder}
        />
        <ChoiceSelect<AttributeOrder>
          label="Attributes"
          ariaLabel="Attribute order"
          value={attributeOrder}
          choices={ATTRIBUTE_ORDERS}
          onChange={setAttributeOrder}
        />
        <span className="muted" data-testid="cooccurrence-rows">
          {meta.nValues.toLocaleString('en-US')} values ·{' '}
          {rowsOf
            ? `${shown.nRows.toLocaleString('en-US')} selected rows of ${all}`
            : `${all} rows`}
          {rowsWhere ? ` where ${rowsWhere.column} = ${rowsWhere.value}` : ''} · diagonal = value
          counts
        </span>
      </div>
      <SelectionLine
        selection={selection}
        among={among}
        onAmong={setAmong}
        counting={inSelection && !selected}
      />
      {layout && (
        <Heatmap
          name="cooccurrence-heatmap"
          layout={layout}
          overview={overview}
          color={color}
          legends={legends}
          tooltip={tooltip}
          emphasised={emphasised}
          shares={shares}
          onHover={onHover}
          numbers={numbers}
          onClick={(i, j) => {
            toggleValue(i);
            if (j !== i) toggleValue(j);
          }}
        />
      )}
    </div>
  );
}

/**
 * The trace of a selection: how many rows, and whether the cells count among all rows or among
 * them. Always laid out, hidden without a selection (the cells then count every row again), so
 * selecting in another panel moves nothing on the page.
 */
function SelectionLine({
  selection,
  among,
  onAmong,
  counting,
}: {
  selection: RowSelection | null;
  among: Among;
  onAmong(among: Among): void;
  counting: boolean;
}) {
  const n = selection?.rows.length ?? 0;
  const choice = (value: Among, label: string) => (
    <button type="button" aria-pressed={among === value} onClick={() => onAmong(value)}>
      {label}
    </button>
  );
  return (
    <div
      className="view-controls"
      data-testid="cooccurrence-selection"
      style={selection ? undefined : { visibility: 'hidden' }}
      aria-hidden={!selection}
      {...(!selection && { 'data-export': 'skip' })}
    >
      <span>
        Selection: {n.toLocaleString('en-US')} row{n === 1 ? '' : 's'}
        {selection?.by === 'values' ? ' holding the selected values' : ''}
      </span>
      <span className="heatmap-level" data-export="skip">
        <span className="muted">Cells count</span>
        <span className="button-group" role="group" aria-label="Cells count">
          {choice('all', 'all rows')}
          {choice('selection', 'the selected rows')}
        </span>
      </span>
      {counting && <span className="muted">counting the selection…</span>}
    </div>
  );
}

/** The cells' colours and legends: blues off the diagonal, greens (value counts) on it. */
export function cooccurrenceColors(meta: TableMeta | undefined, counts: CountsReport | null) {
  if (!meta || !counts?.cooccurrence)
    return { color: () => BLANK, legends: [] as LegendSpec[], scales: null };
  const L = meta.nValues;
  const m = counts.cooccurrence;
  let max = 1;
  for (let i = 0; i < L; i++)
    for (let j = 0; j < L; j++) if (i !== j && (m[i * L + j] ?? 0) > max) max = m[i * L + j] ?? 0;
  const off = cellScale(interpolateBlues, [0, max], 'sqrt');
  const diag = cellScale(interpolateGreens, [0, Math.max(1, counts.nRows)], 'sqrt');
  const legends: LegendSpec[] = [
    { title: 'rows together', scale: off, format: countFormat },
    { title: 'value count (diagonal)', scale: diag, format: countFormat },
  ];
  const attribute = meta.valueAttribute;
  return {
    legends,
    scales: { off, diag },
    color: (i: number, j: number) => {
      if (i === j) return diag.rgb(counts.valueCounts[i] ?? 0);
      if (attribute[i] === attribute[j]) return SAME_ATTRIBUTE;
      return off.rgb(m[i * L + j] ?? 0);
    },
  };
}
