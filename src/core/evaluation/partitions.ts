import { maximumAssignment } from './hungarian.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * Agreement between a clustering and the classes, the measures of Jian et al. 2019, Jian et al. 2017, Zhu et al. 2022:
 * - F-score: clusters matched one-to-one to classes by the Hungarian algorithm on the F(c, k)
 *   table, F = 2PR/(P+R) with P = n_ck/n_k and R = n_ck/n_c; the mean over classes (an unmatched
 *   class scores 0). This macro average reproduces Jian et al. 2019 (CURE) Table 1 (reference notes).
 * - NMI: I(C; K) / ((H(C) + H(K)) / 2), the arithmetic normalisation (= symmetric uncertainty;
 *   1 when both partitions have one block).
 * - Accuracy: matched objects / n after the Hungarian matching on the contingency counts.
 */
export interface PartitionScores {
  fscore: number;
  nmi: number;
  accuracy: number;
}

export interface Contingency {
  classes: number;
  clusters: number;
  /** classes × clusters counts. */
  counts: Float64Array;
  classSizes: Float64Array;
  clusterSizes: Float64Array;
  n: number;
}

export function contingency(
  classLabels: ArrayLike<number>,
  clusterLabels: ArrayLike<number>,
): Contingency {
  if (classLabels.length !== clusterLabels.length)
    throw internal(
      `class labels (${classLabels.length}) and cluster labels (${clusterLabels.length}) differ in length`,
    );
  const n = classLabels.length;
  if (n === 0) throw internal('no objects to compare');
  let classes = 0;
  let clusters = 0;
  for (let i = 0; i < n; i++) {
    const c = classLabels[i] as number;
    const k = clusterLabels[i] as number;
    if (!Number.isInteger(c) || c < 0 || !Number.isInteger(k) || k < 0)
      throw internal(`labels must be integers ≥ 0 (object ${i}: class ${c}, cluster ${k})`);
    classes = Math.max(classes, c + 1);
    clusters = Math.max(clusters, k + 1);
  }
  const counts = new Float64Array(classes * clusters);
  const classSizes = new Float64Array(classes);
  const clusterSizes = new Float64Array(clusters);
  for (let i = 0; i < n; i++) {
    const c = classLabels[i] as number;
    const k = clusterLabels[i] as number;
    counts[c * clusters + k] = (counts[c * clusters + k] as number) + 1;
    classSizes[c] = (classSizes[c] as number) + 1;
    clusterSizes[k] = (clusterSizes[k] as number) + 1;
  }
  return { classes, clusters, counts, classSizes, clusterSizes, n };
}

export function fscore(t: Contingency): number {
  const f = new Float64Array(t.classes * t.clusters);
  for (let c = 0; c < t.classes; c++)
    for (let k = 0; k < t.clusters; k++) {
      const nck = t.counts[c * t.clusters + k] as number;
      if (nck === 0) continue;
      const p = nck / (t.clusterSizes[k] as number);
      const r = nck / (t.classSizes[c] as number);
      f[c * t.clusters + k] = (2 * p * r) / (p + r);
    }
  const match = maximumAssignment(f, t.classes, t.clusters);
  let sum = 0;
  let present = 0;
  for (let c = 0; c < t.classes; c++) {
    if ((t.classSizes[c] as number) === 0) continue; // a label id no object carries
    present++;
    const k = match[c] as number;
    if (k >= 0) sum += f[c * t.clusters + k] as number;
  }
  return sum / present;
}

export function accuracy(t: Contingency): number {
  const match = maximumAssignment(t.counts, t.classes, t.clusters);
  let hit = 0;
  for (let c = 0; c < t.classes; c++) {
    const k = match[c] as number;
    if (k >= 0) hit += t.counts[c * t.clusters + k] as number;
  }
  return hit / t.n;
}

export function nmi(t: Contingency): number {
  const entropy = (sizes: Float64Array): number => {
    let h = 0;
    for (const s of sizes) if (s > 0) h -= (s / t.n) * Math.log(s / t.n);
    return h;
  };
  const hc = entropy(t.classSizes);
  const hk = entropy(t.clusterSizes);
  if (hc + hk === 0) return 1;
  let mi = 0;
  for (let c = 0; c < t.classes; c++)
    for (let k = 0; k < t.clusters; k++) {
      const nck = t.counts[c * t.clusters + k] as number;
      if (nck === 0) continue;
      mi +=
        (nck / t.n) *
        Math.log((nck * t.n) / ((t.classSizes[c] as number) * (t.clusterSizes[k] as number)));
    }
  return Math.max(0, (2 * mi) / (hc + hk));
}

export function scorePartition(
  classLabels: ArrayLike<number>,
  clusterLabels: ArrayLike<number>,
): PartitionScores {
  const t = contingency(classLabels, clusterLabels);
  return { fscore: fscore(t), nmi: nmi(t), accuracy: accuracy(t) };
}

/** Mann–Whitney AUC of scores for the positives (higher = more anomalous), ties count ½. */
export function auc(scores: ArrayLike<number>, positive: ArrayLike<boolean>): number {
  const n = scores.length;
  if (positive.length !== n)
    throw internal(`scores (${n}) and labels (${positive.length}) differ in length`);
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[a] as number) - (scores[b] as number),
  );
  let pos = 0;
  let rankSum = 0;
  for (let start = 0; start < n;) {
    let end = start;
    const s = scores[order[start] as number] as number;
    if (Number.isNaN(s)) throw internal('scores contain NaN');
    while (end < n && scores[order[end] as number] === s) end++;
    const midRank = (start + 1 + end) / 2; // average rank of the tied run
    for (let r = start; r < end; r++)
      if (positive[order[r] as number]) {
        pos++;
        rankSum += midRank;
      }
    start = end;
  }
  const neg = n - pos;
  if (pos === 0 || neg === 0)
    throw badOption(`AUC needs both outliers and normal objects (got ${pos} and ${neg})`);
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

export interface MeanSd {
  mean: number;
  sd: number;
}

/**
 * Mean and sample standard deviation (0 for a single value). Equal values give exactly their
 * value and sd 0: summing and dividing them again would leave a round-off sd (0.388 ± 5.9e-17).
 */
export function meanSd(xs: ArrayLike<number>): MeanSd {
  const n = xs.length;
  if (n === 0) return { mean: Number.NaN, sd: Number.NaN };
  const first = xs[0] as number;
  let same = true;
  for (let i = 1; i < n && same; i++) same = xs[i] === first;
  if (same) return { mean: first, sd: 0 };
  let mean = 0;
  for (let i = 0; i < n; i++) mean += xs[i] as number;
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += ((xs[i] as number) - mean) ** 2;
  return { mean, sd: n > 1 ? Math.sqrt(ss / (n - 1)) : 0 };
}
