import type { ValueMatrix } from '../../core/platform/results.ts';
import type { CountsReport, TableMeta } from '../../core/platform/session.ts';
import { cellScale, type CellScale } from '../components/heatmap/cellColors.ts';
import type { HeatmapOverview } from '../components/heatmap/GroupOverview.tsx';
import { blockSummary, layoutGroups, type BlockSummary } from '../model/blockSummary.ts';
import { conditionalDependence, type Dependence } from '../model/conditionalDependence.ts';
import type { HeatmapLayout } from '../model/heatmap.ts';

/**
 * The attribute overviews of the value heatmaps (components/Heatmap's `overview`): which
 * statistic of each attribute pair's block a cell shows, its colours and its tooltip.
 */

const countFormat = (x: number) => Math.round(x).toLocaleString('en-US');
const BLANK = 0xf4f4f4;

/** "attribute = label" of a value. */
function valueName(meta: TableMeta, v: number): string {
  const a = meta.attributes[meta.valueAttribute[v] ?? -1];
  return a ? `${a.name} = ${a.labels[v - a.offset] ?? ''}` : String(v);
}

/**
 * Co-occurrence by attribute pair: a cell (A, B) shows the block's maximum, the rows of A's and
 * B's most frequent value pair, on the value matrix's own blue scale; a diagonal cell (A, A) the
 * count of A's most frequent value, on its green scale. The tooltip names the pair and gives the
 * block's mean too.
 */
export function cooccurrenceOverview(
  meta: TableMeta,
  counts: CountsReport,
  layout: HeatmapLayout,
  scales: { off: CellScale; diag: CellScale },
  onHover: (attributes: number[] | null) => void,
): HeatmapOverview {
  const L = meta.nValues;
  const m = counts.cooccurrence;
  const attr = meta.valueAttribute;
  const s = blockSummary(
    layoutGroups(layout),
    (i, j) => (i === j ? (counts.valueCounts[i] ?? 0) : (m?.[i * L + j] ?? 0)),
    (i, j) => i !== j && attr[i] === attr[j],
  );
  const D = s.size;
  const nameOf = (g: number) => layout.groups[g]?.label ?? '';
  const pct = (x: number) => (counts.nRows > 0 ? ` (p = ${(x / counts.nRows).toFixed(3)})` : '');
  return {
    groupName: 'attributes',
    legends: [
      {
        title: 'most frequent pair’s rows (block max)',
        scale: scales.off,
        id: 'pair-max',
        format: countFormat,
      },
      {
        title: 'most frequent value’s rows (diagonal)',
        scale: scales.diag,
        id: 'value-max',
        format: countFormat,
      },
    ],
    color: (g, h) => {
      const x = s.max[g * D + h] ?? Number.NaN;
      if (!Number.isFinite(x)) return BLANK;
      return g === h ? scales.diag.rgb(x) : scales.off.rgb(x);
    },
    tooltip: (g, h) => {
      const k = g * D + h;
      const [i, j, max, mean] = [
        s.argmaxRow[k] ?? -1,
        s.argmaxCol[k] ?? -1,
        s.max[k] ?? 0,
        s.mean[k] ?? 0,
      ];
      if (i < 0) return [`${nameOf(g)} × ${nameOf(h)}`, 'No value pair'];
      if (g === h)
        return [
          `${nameOf(g)}: ${s.cells[k]} values`,
          `Most frequent: ${valueName(meta, i)}, ${countFormat(max)} of ${countFormat(counts.nRows)} rows${pct(max)}`,
          'Click to see its values',
        ];
      return [
        `${nameOf(g)} × ${nameOf(h)}: ${s.cells[k]} value pairs`,
        `Most frequent pair: ${valueName(meta, i)} & ${valueName(meta, j)}, ${countFormat(max)} rows${pct(max)}`,
        `Mean over the block: ${mean.toFixed(1)} rows`,
        'Click to see the pairs',
      ];
    },
    onHover: (cell) => onHover(cell ? attributesOf(meta, layout, cell) : null),
  };
}

/** The attribute of each group (by its first value); a group of one attribute when g = h. */
function attributesOf(meta: TableMeta, layout: HeatmapLayout, [g, h]: [number, number]): number[] {
  const first = (k: number) =>
    meta.valueAttribute[layout.order[layout.groups[k]?.start ?? 0] ?? 0] ?? 0;
  return g === h ? [first(g)] : [first(g), first(h)];
}

/**
 * A method's value matrix (CDE's Mo, Mc …) by attribute pair, or by pair of value clusters: a
 * cell shows the largest cell of its block, the pair of values most coupled (cells the method
 * leaves undefined aside), on the matrix's ramp; the tooltip names that pair and gives the
 * block's mean. (The mean alone would hide a strong pair in a large block, and is close to
 * 1 / |B| for Mc, a conditional probability, whatever the coupling.) CURE's Mc shows how far
 * each pair is from independence instead (mcDependenceOverview).
 */
export function matrixOverview(
  meta: TableMeta,
  matrix: ValueMatrix,
  layout: HeatmapLayout,
  groupName: string,
  ramp: (t: number) => string,
): HeatmapOverview {
  const L = matrix.size;
  const groups = layoutGroups(layout);
  const s = blockSummary(groups, (i, j) => matrix.data[i * L + j] ?? Number.NaN);
  const short = matrix.title.split(' — ')[0] ?? matrix.title;
  if (matrix.terms?.kind === 'cure-mc') {
    const dep = conditionalDependence(groups, matrix.data, matrix.terms.p, meta.valueAttribute);
    return mcDependenceOverview(meta, dep, layout, groupName, s, short, ramp);
  }
  const [lo, hi] = s.maxRange;
  const kind = matrix.scale === 'symlog' ? 'symlog' : 'linear';
  const scale = cellScale(ramp, [Math.min(0, lo), Math.max(hi, 1e-9)], kind);
  const blockName =
    groupName === 'attributes' ? 'each attribute pair’s block' : 'each value-cluster pair’s block';
  return {
    groupName,
    legends: [
      {
        title: `${short}: max of ${blockName}${kind === 'symlog' ? ' (symlog)' : ''}`,
        scale,
        id: short,
      },
    ],
    color: (g, h) => {
      const x = s.max[g * s.size + h] ?? Number.NaN;
      return Number.isFinite(x) ? scale.rgb(x) : BLANK;
    },
    tooltip: (g, h) => describeBlock(meta, layout, s, short, g, h),
  };
}

/**
 * Mc by attribute pair (or pair of value clusters): each cell (A, B) how far B's values among
 * the objects holding each of A's values lie from B's values overall (conditionalDependence.ts),
 * 0 (independent) at the light end of the ramp; the block's maximum, which is 1 in most blocks
 * of a real table (a value seen once always meets some value), stays in the tooltip. Within one
 * attribute Mc is fixed (1 on the diagonal, 0 elsewhere): those pairs are left out, and a cell of
 * one attribute with itself is blank.
 */
function mcDependenceOverview(
  meta: TableMeta,
  dep: Dependence,
  layout: HeatmapLayout,
  groupName: string,
  s: BlockSummary,
  short: string,
  ramp: (t: number) => string,
): HeatmapOverview {
  const scale = cellScale(ramp, [0, Math.max(dep.max, 1e-9)], 'linear');
  const name = (g: number) => layout.groups[g]?.label ?? '';
  const byAttribute = groupName === 'attributes';
  return {
    groupName,
    legends: [{ title: `${short}: distance from independence`, scale, id: short }],
    color: (g, h) => {
      const x = dep.value[g * dep.size + h] ?? Number.NaN;
      return Number.isFinite(x) ? scale.rgb(x) : BLANK;
    },
    tooltip: (g, h) => {
      const x = dep.value[g * dep.size + h] ?? Number.NaN;
      const block = describeBlock(meta, layout, s, short, g, h);
      if (!Number.isFinite(x))
        return byAttribute && g === h
          ? [
              `${name(g)}: within one attribute`,
              `${short} is 1 on the diagonal and 0 elsewhere`,
              'Click to see the values',
            ]
          : block;
      const how = byAttribute
        ? [
            `  ${name(h)} given each ${name(g)} value against ${name(h)} overall,`,
            '  total variation, averaged by the values’ frequencies',
          ]
        : [
            `  ½ Σ |${short}(vᵢ, vⱼ) − p(vⱼ)| over ${name(h)}’s values of other attributes,`,
            `  averaged over ${name(g)}’s values vᵢ by their frequencies`,
          ];
      return [
        block[0] ?? '',
        `Distance from independence: ${format(x)} (0: independent)`,
        ...how,
        ...block.slice(1),
      ];
    },
  };
}

function describeBlock(
  meta: TableMeta,
  layout: HeatmapLayout,
  s: BlockSummary,
  short: string,
  g: number,
  h: number,
): string[] {
  const k = g * s.size + h;
  const head = `${layout.groups[g]?.label ?? ''} × ${layout.groups[h]?.label ?? ''}`;
  const i = s.argmaxRow[k] ?? -1;
  if (i < 0) return [head, `${short} is not defined here`];
  const j = s.argmaxCol[k] ?? -1;
  return [
    `${head}: ${s.cells[k]} value pairs`,
    `Largest: ${short}(${valueName(meta, i)}, ${valueName(meta, j)}) = ${format(s.max[k] ?? 0)}`,
    `Mean over the block: ${format(s.mean[k] ?? 0)}`,
    'Click to see the values',
  ];
}

function format(x: number): string {
  return Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3);
}
