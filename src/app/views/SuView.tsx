import { interpolatePurples } from 'd3';
import { useCallback, useMemo, useState } from 'react';
import { ChoiceSelect, type Choices } from '../components/ChoiceSelect.tsx';
import { Heatmap } from '../components/Heatmap.tsx';
import { cellScale } from '../components/heatmap/cellColors.ts';
import { useStore } from '../store/index.ts';
import { attributeLayout, type SuOrder } from '../model/heatmap.ts';
import { attributeItems, squareTable } from '../model/numberTables.ts';
import type { CountsReport, TableMeta } from '../../core/platform/session.ts';

const SU_SCALE = cellScale(interpolatePurples, [0, 1]);
const SU_LEGENDS = [{ title: 'SU', scale: SU_SCALE, format: (x: number) => x.toFixed(1) }];

const SU_ORDERS: Choices<SuOrder> = [
  ['file', 'file order'],
  ['mean', 'most coupled first'],
  ['name', 'by name'],
];

/** Attribute × attribute symmetric uncertainty (normalised mutual information, Jian et al. 2019, Eq. 5). */
export function SuView() {
  const meta = useStore((s) => s.loaded?.meta);
  const counts = useStore((s) => s.counts);
  const hover = useStore((s) => s.hover);
  const selectedValues = useStore((s) => s.selectedValues);
  const setHover = useStore((s) => s.setHover);
  const [order, setOrder] = useState<SuOrder>('file');

  const layout = useMemo(
    () => (meta && counts ? attributeLayout(meta, counts.symmetricUncertainty, order) : null),
    [meta, counts, order],
  );
  const D = meta?.attributes.length ?? 0;
  const su = counts?.symmetricUncertainty;
  const color = useCallback((a: number, b: number) => SU_SCALE.rgb(su?.[a * D + b] ?? 0), [su, D]);
  const tooltip = useCallback(
    (a: number, b: number) => (meta && counts ? suTooltip(meta, counts, a, b) : []),
    [meta, counts],
  );
  // SU out, attribute × attribute.
  const numbers = useCallback(
    () =>
      squareTable(
        'symmetric uncertainty',
        attributeItems(meta?.attributes ?? []),
        (a, b) => su?.[a * D + b],
      ),
    [meta, su, D],
  );
  // Hovered or selected values light up their attributes here.
  const emphasised = useMemo(() => {
    if (!meta) return new Set<number>();
    if (hover?.kind === 'attributes') return new Set(hover.attributes);
    const values = hover?.kind === 'values' ? hover.values : selectedValues;
    return new Set(values.map((v) => meta.valueAttribute[v] ?? -1));
  }, [meta, hover, selectedValues]);
  const onHover = useCallback(
    (cell: [number, number] | null) =>
      setHover(
        cell ? { kind: 'attributes', attributes: cell[0] === cell[1] ? [cell[0]] : cell } : null,
      ),
    [setHover],
  );

  if (!meta)
    return <p className="muted">Load a data set to see how its attributes depend on each other.</p>;
  if (!counts || !layout) return <p className="muted">Counting…</p>;
  return (
    <div className="view">
      <div className="view-controls">
        <ChoiceSelect<SuOrder>
          label="Order"
          ariaLabel="Attribute order"
          value={order}
          choices={SU_ORDERS}
          onChange={setOrder}
        />
        <span className="muted">SU = 2·I(X;Y) / (H(X)+H(Y)), 0 … 1</span>
      </div>
      <Heatmap
        name="su-heatmap"
        layout={layout}
        color={color}
        legends={SU_LEGENDS}
        itemName="attributes"
        tooltip={tooltip}
        emphasised={emphasised}
        onHover={onHover}
        numbers={numbers}
      />
    </div>
  );
}

/** A cell's tooltip: the attribute pair, its SU, mutual information and both entropies. */
export function suTooltip(meta: TableMeta, counts: CountsReport, a: number, b: number): string[] {
  const D = meta.attributes.length;
  const name = (x: number) => meta.attributes[x]?.name ?? '';
  const fixed = (x: number | undefined) => (x ?? 0).toFixed(4);
  return [
    `${name(a)} × ${name(b)}`,
    `SU = ${fixed(counts.symmetricUncertainty[a * D + b])}`,
    `I = ${fixed(counts.mutualInformation[a * D + b])} bits`,
    `H(${name(a)}) = ${fixed(counts.entropy[a])}, H(${name(b)}) = ${fixed(counts.entropy[b])} bits`,
  ];
}
