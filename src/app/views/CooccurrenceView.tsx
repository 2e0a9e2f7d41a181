import { interpolateBlues, interpolateGreens } from 'd3';
import { useCallback, useMemo, useState } from 'react';
import { ChoiceSelect, type Choices } from '../components/ChoiceSelect.tsx';
import { Heatmap } from '../components/Heatmap.tsx';
import { cellScale, packed, type LegendSpec } from '../components/heatmap/cellColors.ts';
import { useStore } from '../store/index.ts';
import { useValueLinks } from './useValueLinks.ts';
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

/** Value × value co-occurrence counts, grouped by attribute; the diagonal holds value counts. */
export function CooccurrenceView() {
  const meta = useStore((s) => s.loaded?.meta);
  const counts = useStore((s) => s.counts);
  const rowsWhere = useStore((s) => s.rowsWhere);
  const { emphasised, shares } = useValueLinks();
  const setHover = useStore((s) => s.setHover);
  const toggleValue = useStore((s) => s.toggleValue);
  const [valueOrder, setValueOrder] = useState<ValueOrder>('file');
  const [attributeOrder, setAttributeOrder] = useState<AttributeOrder>('file');

  const layout = useMemo(
    () => (meta && counts ? valueLayout(meta, counts, valueOrder, attributeOrder) : null),
    [meta, counts, valueOrder, attributeOrder],
  );
  const { color, legends, scales } = useMemo(() => {
    if (!meta || !counts?.cooccurrence) return { color: () => BLANK, legends: [], scales: null };
    const L = meta.nValues;
    const m = counts.cooccurrence;
    let max = 1;
    for (let i = 0; i < L; i++)
      for (let j = 0; j < L; j++) if (i !== j && (m[i * L + j] ?? 0) > max) max = m[i * L + j] ?? 0;
    const off = cellScale(interpolateBlues, [0, max], 'sqrt');
    const diag = cellScale(interpolateGreens, [0, counts.nRows], 'sqrt');
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
  }, [meta, counts]);
  // Attribute × attribute, each cell the block's most frequent pair (Heatmap's overview).
  const overview = useMemo(
    () =>
      meta && counts && layout && scales
        ? cooccurrenceOverview(meta, counts, layout, scales, (attributes) =>
            setHover(attributes ? { kind: 'attributes', attributes } : null),
          )
        : undefined,
    [meta, counts, layout, scales, setHover],
  );
  // The counts out: each pair of values' rows together, each value's count on the diagonal.
  const numbers = useCallback(() => {
    const m = counts?.cooccurrence;
    if (!meta || !counts || !m) return { name: 'co-occurrence', columns: [], rows: [] };
    const L = meta.nValues;
    return squareTable('co-occurrence', valueItems(meta), (i, j) =>
      i === j ? counts.valueCounts[i] : m[i * L + j],
    );
  }, [meta, counts]);
  const tooltip = useCallback(
    (i: number, j: number) => (meta && counts ? cooccurrenceTooltip(meta, counts, i, j) : []),
    [meta, counts],
  );
  const onHover = useCallback(
    (cell: [number, number] | null) =>
      setHover(cell ? { kind: 'values', values: cell[0] === cell[1] ? [cell[0]] : cell } : null),
    [setHover],
  );

  if (!meta) return <p className="muted">Load a data set to see how its values co-occur.</p>;
  if (!counts) return <p className="muted">Counting…</p>;
  if (!counts.cooccurrence)
    return (
      <p className="muted">
        {meta.nValues.toLocaleString('en-US')} values are too many to draw as one matrix.
      </p>
    );
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
        <span className="muted">
          {meta.nValues.toLocaleString('en-US')} values · {counts.nRows.toLocaleString('en-US')}{' '}
          rows
          {rowsWhere ? ` where ${rowsWhere.column} = ${rowsWhere.value}` : ''} · diagonal = value
          counts
        </span>
      </div>
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
