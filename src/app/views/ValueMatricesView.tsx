import { InfoButton } from '../components/InfoButton.tsx';
import { interpolateBlues, interpolateYlOrRd } from 'd3';
import { useCallback, useMemo, useState } from 'react';
import {
  findResult,
  resultsOfKind,
  type Results,
  type ValueMatrix,
  type ValuePartitions,
} from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { cellScale, packed } from '../components/heatmap/cellColors.ts';
import { Heatmap } from '../components/Heatmap.tsx';
import { useStore } from '../store/index.ts';
import { useValueLinks } from './useValueLinks.ts';
import { matrixOverview } from './heatmapOverviews.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { clusterLayout, matrixTooltip } from '../model/values.ts';
import { onlyAttribute, valueLayout } from '../model/heatmap.ts';
import { squareTable, valueItems } from '../model/numberTables.ts';
import { ResultTableView } from '../components/ResultTableView.tsx';
import { MethodPanel } from './MethodPanel.tsx';

/**
 * Every value matrix a method produces, side by side (CURE's Mo and Mc; later CASV, DILCA …),
 * ordered by attribute or by one of the method's value clusterings. Tooltips spell a cell's
 * formula out with its numbers when the matrix carries its terms.
 */
export function ValueMatricesView({ panel }: { panel: Panel }) {
  const [order, setOrder] = useState(-1);
  // One attribute's block, enlarged (DILCA's matrices are per attribute).
  const [focus, setFocus] = useState(-1);
  return (
    <MethodPanel panel={panel} what="its value matrices">
      {(output, meta) => {
        const matrices = resultsOfKind(output.results, 'value-matrix');
        const partitions = findResult(output.results, 'value-partitions')?.result ?? null;
        if (matrices.length === 0)
          return (
            <p className="muted">
              {meta.nValues.toLocaleString('en-US')} values are too many to draw as matrices.
            </p>
          );
        return (
          <>
            <div className="view-controls">
              {partitions && (
                <label>
                  Order values
                  <select
                    aria-label="Matrix order"
                    value={order}
                    onChange={(e) => setOrder(Number(e.target.value))}
                  >
                    <option value={-1}>by attribute</option>
                    {partitions.partitions.map((g, q) => (
                      <option key={q} value={q}>
                        by value cluster, {g.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label>
                Show
                <select
                  aria-label="Matrix focus"
                  value={focus}
                  onChange={(e) => setFocus(Number(e.target.value))}
                >
                  <option value={-1}>every attribute</option>
                  {meta.attributes.map((a, i) => (
                    <option key={a.name} value={i}>
                      {a.name} only
                    </option>
                  ))}
                </select>
              </label>
              <span className="muted">rows = the value vᵢ, columns = vⱼ</span>
            </div>
            <div className="pair">
              {matrices.map(({ name, result }) => (
                <MatrixHeatmap
                  key={name}
                  name={name}
                  meta={meta}
                  matrix={result}
                  partitions={partitions}
                  order={order}
                  focus={focus}
                  siblings={output.results}
                />
              ))}
            </div>
            {resultsOfKind(output.results, 'table').map(({ name, result }) => (
              <ResultTableView key={name} table={result} testId={`${name}-table`} />
            ))}
          </>
        );
      }}
    </MethodPanel>
  );
}

const UNDEFINED_CELL = packed('#f4f4f4');

export function MatrixHeatmap({
  name,
  meta,
  matrix,
  partitions,
  order,
  focus,
  siblings,
}: {
  name: string;
  meta: TableMeta;
  matrix: ValueMatrix;
  partitions: ValuePartitions | null;
  order: number;
  /** An attribute whose values alone are shown, or −1. */
  focus: number;
  /** The output's other results (a tooltip may use a sibling matrix's numbers). */
  siblings: Results;
}) {
  const { emphasised, shares } = useValueLinks();
  const setHover = useStore((s) => s.setHover);
  const toggleValue = useStore((s) => s.toggleValue);
  const m = matrix.data;
  const L = matrix.size;
  const layout = useMemo(() => {
    const g = partitions?.partitions[order];
    const full = g
      ? clusterLayout(meta, g)
      : valueLayout(
          meta,
          { valueCounts: new Int32Array(L), entropy: new Float64Array(0) },
          'file',
          'file',
        );
    return focus >= 0 ? onlyAttribute(full, meta, focus) : full;
  }, [meta, partitions, order, L, focus]);
  const scale = useMemo(
    () => matrixScale(matrix.range, matrix.scale),
    [matrix.range, matrix.scale],
  );
  // A cell the method leaves undefined (NaN: DILCA between values of different attributes) is blank.
  const color = useCallback(
    (i: number, j: number) => {
      const x = m[i * L + j] ?? 0;
      return Number.isFinite(x) ? scale.rgb(x) : UNDEFINED_CELL;
    },
    [scale, m, L],
  );
  const tooltip = useCallback(
    (i: number, j: number) => matrixTooltip(meta, matrix, i, j, siblings),
    [meta, matrix, siblings],
  );
  const onHover = useCallback(
    (cell: [number, number] | null) =>
      setHover(cell ? { kind: 'values', values: cell[0] === cell[1] ? [cell[0]] : cell } : null),
    [setHover],
  );
  // Attribute × attribute (or cluster × cluster), each cell a statistic of its block (Heatmap's
  // overview, heatmapOverviews.ts).
  const overview = useMemo(
    () =>
      matrixOverview(
        meta,
        matrix,
        layout,
        order >= 0 ? 'value clusters' : 'attributes',
        matrix.scale === 'symlog' ? interpolateYlOrRd : interpolateBlues,
      ),
    [meta, matrix, layout, order],
  );
  const short = matrix.title.split(' — ')[0] ?? matrix.title;
  // The matrix out, value × value (undefined cells empty).
  const numbers = useCallback(
    () => squareTable(matrix.title, valueItems(meta), (i, j) => m[i * L + j]),
    [matrix.title, meta, m, L],
  );
  const legends = useMemo(
    () => [{ title: `${short}${matrix.scale === 'symlog' ? ' (symlog)' : ''}`, scale, id: short }],
    [short, matrix.scale, scale],
  );
  return (
    <div className="pair-item">
      <h3>
        {matrix.title}
        {matrix.formula && (
          <InfoButton title={`How ${short} is defined`}>
            {short} = {matrix.formula}
            {matrix.notes?.length ? ` — ${matrix.notes.join(' ')}` : ''}
          </InfoButton>
        )}
      </h3>
      <Heatmap
        name={`${name.toLowerCase()}-heatmap`}
        layout={layout}
        overview={overview}
        color={color}
        legends={legends}
        tooltip={tooltip}
        emphasised={emphasised}
        shares={shares}
        onHover={onHover}
        numbers={numbers}
        onClick={(i) => toggleValue(i)}
      />
    </div>
  );
}

/**
 * A value matrix's colour scale, from the range found with it in the worker (no scan of L²
 * cells here): from 0 (or its negative minimum) to its maximum, blues, or yellow to red on a
 * symlog scale for a matrix that asks for it.
 */
export function matrixScale(range: readonly [number, number], kind: ValueMatrix['scale']) {
  const [lo, hi] = range;
  const ramp = kind === 'symlog' ? interpolateYlOrRd : interpolateBlues;
  const domain: [number, number] = [Math.min(0, lo || 0), Math.max(hi || 0, 1e-9)];
  return cellScale(ramp, domain, kind === 'symlog' ? 'symlog' : 'linear');
}
