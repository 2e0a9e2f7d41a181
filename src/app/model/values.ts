import { formatScore } from './numberFormat.ts';
import {
  anomalousScores,
  type CasTerms,
  type ObjectScores,
  type Results,
  type ValueMatrix,
  type ValuePartition,
} from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import type { HeatmapLayout } from './heatmap.ts';

/** Pure helpers of the method views (value matrices, value clusters, rankings, tables). No DOM here. */

export function valueName(meta: TableMeta, v: number): string {
  const a = meta.attributes[meta.valueAttribute[v] ?? 0];
  return a ? `${a.name} = ${a.labels[v - a.offset]}` : String(v);
}

const fmt = formatScore;

/**
 * Tooltip lines of cell (i, j) of a value matrix: for CURE's Mo and Mc the formula with the
 * numbers that make it, for any other matrix its value.
 */
export function matrixTooltip(
  meta: TableMeta,
  m: ValueMatrix,
  i: number,
  j: number,
  siblings: Results = {},
): string[] {
  const L = m.size;
  const D = meta.attributes.length;
  const value = m.data[i * L + j] ?? 0;
  const head = [`row ${valueName(meta, i)}`, `column ${valueName(meta, j)}`];
  const t = m.terms;
  if (!Number.isFinite(value))
    return [
      ...head,
      `${m.title.split(' — ')[0]}: not defined between values of different attributes`,
    ];
  if (!t) return [...head, `${m.title.split(' — ')[0]} = ${fmt(value)}`];
  if (t.kind === 'cas-tables') return [...head, ...casTooltip(t, siblings, i, j, value)];
  const pi = t.p[i] ?? 0;
  const pj = t.p[j] ?? 0;
  if (t.kind === 'cure-mc') {
    const joint = value * pi;
    const n = meta.nRows;
    return [
      ...head,
      `Mc = p(vᵢ, vⱼ) / p(vᵢ) = ${fmt(joint)} / ${fmt(pi)} = ${fmt(value)}`,
      `(${Math.round(joint * n)} of ${Math.round(pi * n)} rows holding vᵢ also hold vⱼ)`,
    ];
  }
  const fi = meta.valueAttribute[i] ?? 0;
  const fj = meta.valueAttribute[j] ?? 0;
  const psi = t.psi[fi * D + fj] ?? 0;
  if (t.orientation === 'paper')
    return [
      ...head,
      `Mo = ψ(fᵢ, fⱼ) · p(vⱼ) / p(vᵢ) = ${fmt(psi)} · ${fmt(pj)} / ${fmt(pi)} = ${fmt(value)}`,
    ];
  const weight = pj > 0 && pi > 0 ? (value * pj) / pi : 0;
  return [
    ...head,
    `Mo (authors' code) = ψ′ · p(vᵢ) / p(vⱼ) = ${fmt(weight)} · ${fmt(pi)} / ${fmt(pj)} = ${fmt(value)}`,
    `ψ(fᵢ, fⱼ) = ${fmt(psi)}; ψ′ = 1 where the values never co-occur`,
  ];
}

/** Values ordered by their cluster at one granularity (clusters by size, values by attribute). */
export function clusterLayout(meta: TableMeta, granularity: ValuePartition): HeatmapLayout {
  const members = clusterMembers(granularity);
  const order: number[] = [];
  const labels: string[] = [];
  const groups: HeatmapLayout['groups'] = [];
  members
    .map((values, c) => ({ values, c }))
    .filter((g) => g.values.length > 0)
    .sort((a, b) => b.values.length - a.values.length || a.c - b.c)
    .forEach(({ values, c }) => {
      const start = order.length;
      for (const v of values) {
        order.push(v);
        labels.push(valueName(meta, v));
      }
      groups.push({ label: `cluster ${c + 1}`, start, end: order.length });
    });
  return { order, labels, groups };
}

/** The values of each cluster at one granularity (a one-value cluster is one CDE removed). */
export function clusterMembers(g: Pick<ValuePartition, 'k' | 'labels'>): number[][] {
  const members: number[][] = Array.from({ length: g.k }, () => []);
  g.labels.forEach((c, v) => members[c]?.push(v));
  return members;
}

/** Indices of the n largest scores, largest first (ties by index), of those `kept` if given. */
export function topIndices(
  scores: ArrayLike<number>,
  n: number,
  kept?: (i: number) => boolean,
): number[] {
  const all = Array.from({ length: scores.length }, (_, i) => i);
  return (kept ? all.filter(kept) : all)
    .sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b)
    .slice(0, n);
}

/**
 * The n most anomalous objects, most first (ties by row): the ranking every view of a detector
 * shows, without a detector's training rows (0 in `training`: SAnDCat's normal class) when given.
 */
export function rankedObjects(
  scores: Pick<ObjectScores, 'scores' | 'direction'>,
  n: number,
  training: ArrayLike<number> | null = null,
): number[] {
  return topIndices(anomalousScores(scores), n, training ? (r) => training[r] !== 0 : undefined);
}

/** Linear range of a set of numbers with a little padding, for scatter axes. */
export function extent(xs: ArrayLike<number>, stride: number, offset: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = offset; i < xs.length; i += stride) {
    const x = xs[i] as number;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (!Number.isFinite(lo)) return [0, 1];
  const pad = (hi - lo) * 0.05 || 1;
  return [lo - pad, hi + pad];
}

export function formatMeanSd(m: { mean: number; sd: number }): string {
  // A score's spread to the same three decimals (0.653 ± 0.004); a large mean as formatScore
  // writes it (27.9M ± 12.3k), not to three decimals.
  const a = Math.abs(m.mean);
  if (a < 1000) return `${m.mean.toFixed(3)} ± ${m.sd.toFixed(3)}`;
  return `${formatScore(m.mean)} ± ${formatScore(m.sd)}`;
}

/** Characters a row label keeps before an ellipsis. */
const LABEL_CHARS = 36;

/**
 * A column of SVG row labels (11 px text): each label cut to LABEL_CHARS with an ellipsis, and
 * the column wide enough for the longest, so no label runs off the left edge.
 */
export function labelColumn(
  labels: string[],
  /** The width of a label in the view's font (a canvas's measureText); else an estimate. */
  measure: (text: string) => number = estimatedWidth,
  /** The widest the column may be (a narrow panel): longer labels are cut to fit, with “…”. */
  maxWidth = Number.POSITIVE_INFINITY,
): { width: number; text: string[] } {
  const room = Math.max(measure('wxyz…'), maxWidth - 12);
  const text = labels.map((l) => {
    let t = l.length > LABEL_CHARS ? `${l.slice(0, LABEL_CHARS - 1)}…` : l;
    if (measure(t) <= room) return t;
    // “attribute = value”: the attribute is shortened first, so values of one attribute stay
    // apart (“HOUSEH… = Rent”, “HOUSEH… = Own”); then the value.
    const at = l.indexOf(' = ');
    if (at > 0) {
      const value = l.slice(at);
      for (let keep = at - 1; keep >= 2; keep--) {
        t = `${l.slice(0, keep)}…${value}`;
        if (measure(t) <= room) return t;
      }
    }
    for (let keep = Math.min(t.length, LABEL_CHARS) - 1; measure(t) > room && keep > 3; keep--)
      t = `${t.slice(0, keep - 1)}…`;
    return t;
  });
  const longest = Math.max(measure('wxyz'), ...text.map(measure));
  return { width: Math.ceil(12 + longest), text };
}

/**
 * A label's width at 11 px without a canvas: capitals and wide letters count more than narrow
 * ones, so “OCCUPATION = Student” is not under-measured (the left of it cut off).
 */
function estimatedWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[A-Z@%MWmw]/.test(ch) ? 8.2 : /[il.,:;'|! ]/.test(ch) ? 3.4 : 6.4;
  return w;
}

/** Wang et al. 2015's formulas with the numbers of cell (i, j): IaASV from the frequencies, CASV's factors. */
function casTooltip(t: CasTerms, siblings: Results, i: number, j: number, value: number): string[] {
  const gx = t.counts[i] ?? 0;
  const gy = t.counts[j] ?? 0;
  const at = (name: string): number | null => {
    const r = siblings[name];
    return r?.kind === 'value-matrix' ? (r.data[i * r.size + j] ?? null) : null;
  };
  if (t.part === 'intra')
    return [
      `IaASV = |G(x)|·|G(y)| / (|G(x)| + |G(y)| + |G(x)|·|G(y)|)`,
      `= ${gx}·${gy} / (${gx} + ${gy} + ${gx}·${gy}) = ${fmt(value)}`,
    ];
  if (t.part === 'inter')
    return [
      `IeASV = Σ_k α_k δ(x, y | k) = ${fmt(value)}`,
      'each other attribute’s δ: the walk-through view spells them out',
    ];
  const ia = at('intra');
  const ie = at('inter');
  return [
    ia !== null && ie !== null
      ? `CASV = IaASV · IeASV = ${fmt(ia)} · ${fmt(ie)} = ${fmt(value)}`
      : `CASV = ${fmt(value)}`,
    `|G(x)| = ${gx}, |G(y)| = ${gy}`,
  ];
}
