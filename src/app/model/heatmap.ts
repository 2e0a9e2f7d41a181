import type { CountsReport, TableMeta } from '../../core/platform/session.ts';

/** Pure layout of a heatmap: display order, group spans, labels. No DOM here. */
export interface HeatmapLayout {
  /** order[p] = the item (global value or attribute index) shown at position p. */
  order: number[];
  labels: string[];
  /** Attribute spans in display positions, for separators and group labels. */
  groups: { label: string; start: number; end: number }[];
}

export type ValueOrder = 'file' | 'frequency' | 'label';
export type AttributeOrder = 'file' | 'name' | 'entropy';

/** Values grouped by attribute; attributes and values within them ordered as asked. */
export function valueLayout(
  meta: TableMeta,
  counts: Pick<CountsReport, 'valueCounts' | 'entropy'>,
  valueOrder: ValueOrder,
  attributeOrder: AttributeOrder,
): HeatmapLayout {
  const attrs =
    attributeOrder === 'entropy'
      ? orderAttributes(meta, 'score', counts.entropy)
      : orderAttributes(meta, attributeOrder);
  const order: number[] = [];
  const labels: string[] = [];
  const groups: HeatmapLayout['groups'] = [];
  for (const a of attrs) {
    const attr = meta.attributes[a];
    if (!attr) continue;
    const local = attr.labels.map((_, k) => k);
    if (valueOrder === 'frequency')
      local.sort(
        (x, y) =>
          (counts.valueCounts[attr.offset + y] ?? 0) - (counts.valueCounts[attr.offset + x] ?? 0),
      );
    else if (valueOrder === 'label')
      local.sort((x, y) => compareLabels(attr.labels[x] ?? '', attr.labels[y] ?? ''));
    const start = order.length;
    for (const k of local) {
      order.push(attr.offset + k);
      labels.push(`${attr.labels[k]}`);
    }
    groups.push({ label: attr.name, start, end: order.length });
  }
  return { order, labels, groups };
}

export type SuOrder = 'file' | 'name' | 'mean';

/** Attributes ordered for the SU matrix; 'mean' puts the most coupled attributes first. */
export function attributeLayout(
  meta: TableMeta,
  su: Float64Array,
  orderBy: SuOrder,
): HeatmapLayout {
  const index =
    orderBy === 'mean'
      ? orderAttributes(meta, 'score', meanCoupling(su, meta.attributes.length))
      : orderAttributes(meta, orderBy);
  return { order: index, labels: index.map((a) => meta.attributes[a]?.name ?? ''), groups: [] };
}

/** Mean SU of each attribute with the others. */
function meanCoupling(su: Float64Array, D: number): number[] {
  return Array.from({ length: D }, (_, a) => {
    let s = 0;
    for (let b = 0; b < D; b++) if (b !== a) s += su[a * D + b] ?? 0;
    return D > 1 ? s / (D - 1) : 0;
  });
}

/** Attribute indices in file order, by name, or by a score per attribute, highest first. */
function orderAttributes(
  meta: TableMeta,
  by: 'file' | 'name' | 'score',
  score: ArrayLike<number> = [],
): number[] {
  const index = meta.attributes.map((_, a) => a);
  if (by === 'name')
    index.sort((x, y) =>
      compareLabels(meta.attributes[x]?.name ?? '', meta.attributes[y]?.name ?? ''),
    );
  if (by === 'score') index.sort((x, y) => (score[y] ?? 0) - (score[x] ?? 0));
  return index;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function compareLabels(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Tooltip lines of co-occurrence cell (i, j), global value indices; `rowsOf` names the rows
 * counted when they are not the table's ("selected": "of 1,864 selected rows").
 */
export function cooccurrenceTooltip(
  meta: TableMeta,
  counts: CountsReport,
  i: number,
  j: number,
  rowsOf = '',
): string[] {
  const L = meta.nValues;
  const name = (v: number): string => {
    const a = meta.attributes[meta.valueAttribute[v] ?? 0];
    return a ? `${a.name} = ${a.labels[v - a.offset]}` : String(v);
  };
  const nij = counts.cooccurrence?.[i * L + j] ?? 0;
  const ni = counts.valueCounts[i] ?? 0;
  const nj = counts.valueCounts[j] ?? 0;
  const pct = (x: number, n: number): string => (n > 0 ? (x / n).toFixed(3) : '—');
  const of = rowsOf ? `${counts.nRows} ${rowsOf} rows` : `${counts.nRows}`;
  if (i === j)
    return [name(i), `${ni} of ${rowsOf ? of : `${of} rows`} (p = ${pct(ni, counts.nRows)})`];
  if (meta.valueAttribute[i] === meta.valueAttribute[j])
    return [`${name(i)}`, `${name(j)}`, 'Same attribute: never together'];
  return [
    `${name(i)}  &  ${name(j)}`,
    `${nij} rows together (of ${of})`,
    `P(${shortName(meta, j)} | ${shortName(meta, i)}) = ${nij}/${ni} = ${pct(nij, ni)}`,
    `P(${shortName(meta, i)} | ${shortName(meta, j)}) = ${nij}/${nj} = ${pct(nij, nj)}`,
  ];
}

/** The value as "attribute = label", so a probability reads P(venomous = TRUE | legs = 0). */
function shortName(meta: TableMeta, v: number): string {
  const a = meta.attributes[meta.valueAttribute[v] ?? 0];
  return a ? `${a.name} = ${a.labels[v - a.offset] ?? ''}` : String(v);
}

/** The layout restricted to one attribute's values (in the same order). */
export function onlyAttribute(layout: HeatmapLayout, meta: TableMeta, a: number): HeatmapLayout {
  const attr = meta.attributes[a];
  if (!attr) return layout;
  const keep = layout.order
    .map((v, p) => ({ v, p }))
    .filter(({ v }) => meta.valueAttribute[v] === a);
  return {
    order: keep.map(({ v }) => v),
    labels: keep.map(({ p }) => layout.labels[p] ?? ''),
    groups: [{ label: attr.name, start: 0, end: keep.length }],
  };
}
