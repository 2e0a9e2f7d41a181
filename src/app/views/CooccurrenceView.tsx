import { interpolateBlues, interpolateGreens, scaleSequentialSqrt } from 'd3';
import { useCallback, useMemo, useState } from 'react';
import { ChoiceSelect, type Choices } from '../components/ChoiceSelect.tsx';
import { Heatmap } from '../components/Heatmap.tsx';
import { useStore } from '../store/index.ts';
import { emphasisedValues } from '../store/linkSlice.ts';
import {
  cooccurrenceTooltip,
  valueLayout,
  type AttributeOrder,
  type ValueOrder,
} from './heatmapModel.ts';

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
  const hover = useStore((s) => s.hover);
  const selectedValues = useStore((s) => s.selectedValues);
  const setHover = useStore((s) => s.setHover);
  const toggleValue = useStore((s) => s.toggleValue);
  const [valueOrder, setValueOrder] = useState<ValueOrder>('file');
  const [attributeOrder, setAttributeOrder] = useState<AttributeOrder>('file');

  const layout = useMemo(
    () => (meta && counts ? valueLayout(meta, counts, valueOrder, attributeOrder) : null),
    [meta, counts, valueOrder, attributeOrder],
  );
  const color = useMemo(() => {
    if (!meta || !counts?.cooccurrence) return () => '#fff';
    const L = meta.nValues;
    const m = counts.cooccurrence;
    let max = 1;
    for (let i = 0; i < L; i++)
      for (let j = 0; j < L; j++) if (i !== j && (m[i * L + j] ?? 0) > max) max = m[i * L + j] ?? 0;
    const off = scaleSequentialSqrt(interpolateBlues).domain([0, max]);
    const diag = scaleSequentialSqrt(interpolateGreens).domain([0, counts.nRows]);
    return (i: number, j: number) => {
      if (i === j) return diag(counts.valueCounts[i] ?? 0);
      if (meta.valueAttribute[i] === meta.valueAttribute[j]) return '#f3f4f6';
      return off(m[i * L + j] ?? 0);
    };
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
    return <p className="muted">{meta.nValues} values are too many to draw as one matrix.</p>;
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
          {meta.nValues} values · {counts.nRows} rows
          {rowsWhere ? ` where ${rowsWhere.column} = ${rowsWhere.value}` : ''} · diagonal = value
          counts
        </span>
      </div>
      {layout && (
        <Heatmap
          name="cooccurrence-heatmap"
          layout={layout}
          color={color}
          tooltip={tooltip}
          emphasised={emphasisedValues({ hover, selectedValues })}
          onHover={onHover}
          onClick={(i, j) => {
            toggleValue(i);
            if (j !== i) toggleValue(j);
          }}
        />
      )}
    </div>
  );
}
