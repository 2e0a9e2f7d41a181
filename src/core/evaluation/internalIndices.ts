import type { Dissimilarity } from '../base/checkedValue.ts';
import { checkedDistance, type Owner } from '../base/checkedValue.ts';
import { pacer, runToEnd, type Steps } from '../base/jobs.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * The internal cluster descriptors of Wang et al. 2015 (coupled attribute similarity, Sec. VIII-A): how well
 * a dissimilarity separates a given partition (there the class labels). The paper names four —
 * relative dissimilarity (RD), Davies–Bouldin (DBI), Dunn (DI) and sum-dissimilarity (SD) —
 * "larger RD, larger DI, smaller DBI and smaller SD" being better. They see the objects only
 * through a `Dissimilarity`, so any object measure (SMD, OFD, ADD, CADO, …) can be scored.
 *
 * Definitions (the paper gives words, not formulas; these are ours):
 * - RD = (mean of d(i, j) over unordered pairs in different clusters) / (mean of d(i, j) over
 *   unordered pairs in the same cluster). This is our reading of "the ratio of average inter-
 *   cluster dissimilarity upon average intra-cluster dissimilarity for all cluster labels": both
 *   averages pooled over every pair of the partition, not a per-label ratio averaged over labels.
 * - DBI, with medoids standing in for centroids (a dissimilarity has no means): the medoid m_c of
 *   cluster c is its object minimising the sum of dissimilarities to the cluster's objects (ties:
 *   the lowest index); scatter S_c = (1/n_c) Σ_{i∈c} d(i, m_c) (the medoid itself counts, with
 *   0); M_cd = d(m_c, m_d); DBI = (1/k) Σ_c max_{d≠c} (S_c + S_d) / M_cd.
 * - DI = min over pairs in different clusters of d(i, j) / max over clusters of the diameter
 *   (max d(i, j) over pairs in the cluster; 0 for a singleton).
 * - SD = Σ over unordered pairs in the same cluster of d(i, j) (each pair once). Fig. 2 of the
 *   paper plots the descriptors "after dissimilarity normalization"; scaling d is the caller's.
 *
 * Degenerate cases give documented values, never an exception:
 * - RD: NaN with one cluster (no inter pairs) or only singletons (no intra pairs); +Infinity
 *   when the mean intra dissimilarity is 0 and the inter one is not; NaN for 0 / 0.
 * - DBI: NaN with fewer than two clusters; a ratio whose medoids coincide (M_cd = 0) is
 *   +Infinity (the two clusters cannot be told apart at their medoids), whatever the scatters.
 * - DI: NaN with one cluster; +Infinity when every cluster has diameter 0 (e.g. all singletons)
 *   and the closest inter pair is apart; NaN for 0 / 0.
 * - SD: always defined (0 with only singletons).
 * Empty cluster ids (gaps in 0..max label) are ignored: `k` counts the non-empty clusters and
 * the per-cluster arrays hold −1 / NaN for an empty id.
 *
 * Cost: d is evaluated once per unordered pair (n(n−1)/2 calls, none for i = j, d(j, i) assumed
 * equal to d(i, j)) plus once per pair of medoids; O(n + k) memory. Refused above
 * INTERNAL_INDICES_MAX_OBJECTS objects.
 */

/** Largest n scored (n(n−1)/2 ≈ 2·10⁸ evaluations of d). */
export const INTERNAL_INDICES_MAX_OBJECTS = 20_000;

export interface InternalIndices {
  n: number;
  /** Non-empty clusters. */
  k: number;
  /** Relative dissimilarity: meanInter / meanIntra (larger is better). */
  rd: number;
  /** Davies–Bouldin with medoids (smaller is better). */
  dbi: number;
  /** Dunn: minInter / maxDiameter (larger is better). */
  di: number;
  /** Sum of intra-cluster dissimilarities, each unordered pair once (smaller is better). */
  sd: number;
  /** Mean d over pairs in the same cluster (NaN without such pairs). */
  meanIntra: number;
  /** Mean d over pairs in different clusters (NaN without such pairs). */
  meanInter: number;
  intraPairs: number;
  interPairs: number;
  /** Smallest d between objects of different clusters (NaN without such pairs). */
  minInter: number;
  /** Largest cluster diameter (0 when all clusters are singletons; NaN when n = 0). */
  maxDiameter: number;
  /** Per cluster id 0..max label: members. */
  sizes: Int32Array;
  /** Per cluster id: the medoid's object index (−1 for an empty id). */
  medoids: Int32Array;
  /** Per cluster id: the DBI scatter S_c (NaN for an empty id). */
  scatter: Float64Array;
}

function validate(n: number, labels: Int32Array): number {
  if (!Number.isInteger(n) || n < 0) throw internal(`n must be a whole number ≥ 0, got ${n}`);
  if (labels.length !== n)
    throw internal(`${labels.length} cluster labels for ${n} objects: one label per object`);
  if (n > INTERNAL_INDICES_MAX_OBJECTS)
    throw badOption(
      `internal cluster indices evaluate every pair of objects: n = ${n} exceeds the limit of ${INTERNAL_INDICES_MAX_OBJECTS}`,
    );
  let max = -1;
  for (let i = 0; i < n; i++) {
    const c = labels[i] as number;
    if (c < 0) throw internal(`cluster label ${c} of object ${i + 1} is negative`);
    if (c > max) max = c;
  }
  return max + 1;
}

/** a / b with the conventions above: NaN without terms, +Infinity for x / 0 (x > 0), NaN for 0 / 0. */
function ratio(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (b === 0) return a > 0 ? Infinity : NaN;
  return a / b;
}

export function* internalIndicesSteps(
  dissimilarity: Dissimilarity,
  n: number,
  labels: Int32Array,
  owner: Owner = {},
): Steps<InternalIndices> {
  const ids = validate(n, labels);
  const sizes = new Int32Array(ids);
  for (let i = 0; i < n; i++)
    sizes[labels[i] as number] = (sizes[labels[i] as number] as number) + 1;
  /** Σ_{j in i's cluster} d(i, j), for the medoids. */
  const rowSum = new Float64Array(n);
  const diameter = new Float64Array(ids);
  let intraSum = 0;
  let interSum = 0;
  let intraPairs = 0;
  let interPairs = 0;
  let minInter = Infinity;
  const totalPairs = (n * (n - 1)) / 2;
  let donePairs = 0;
  const due = pacer();
  for (let i = 0; i < n; i++) {
    const ci = labels[i] as number;
    // Per-row partial sums, added once: less rounding than one running total over 10⁸ terms.
    let rowIntra = 0;
    let rowInter = 0;
    let own = rowSum[i] as number;
    let diam = diameter[ci] as number;
    for (let j = i + 1; j < n; j++) {
      const v = checkedDistance(dissimilarity(i, j), i, j, owner);
      if (labels[j] === ci) {
        rowIntra += v;
        intraPairs++;
        own += v;
        rowSum[j] = (rowSum[j] as number) + v;
        if (v > diam) diam = v;
      } else {
        rowInter += v;
        interPairs++;
        if (v < minInter) minInter = v;
      }
    }
    rowSum[i] = own;
    diameter[ci] = diam;
    intraSum += rowIntra;
    interSum += rowInter;
    donePairs += n - 1 - i;
    if (due(n - 1 - i))
      yield {
        fraction: totalPairs > 0 ? donePairs / totalPairs : 1,
        message: `Internal indices: ${donePairs.toLocaleString('en')} of ${totalPairs.toLocaleString('en')} pairs…`,
      };
  }

  const medoids = new Int32Array(ids).fill(-1);
  const scatter = new Float64Array(ids).fill(NaN);
  for (let i = 0; i < n; i++) {
    const c = labels[i] as number;
    const m = medoids[c] as number;
    if (m < 0 || (rowSum[i] as number) < (rowSum[m] as number)) medoids[c] = i;
  }
  const present: number[] = [];
  for (let c = 0; c < ids; c++) {
    if ((sizes[c] as number) === 0) continue;
    present.push(c);
    scatter[c] = (rowSum[medoids[c] as number] as number) / (sizes[c] as number);
  }
  const k = present.length;

  let dbi = NaN;
  if (k >= 2) {
    const worst = new Float64Array(k).fill(-Infinity);
    for (let a = 0; a < k; a++)
      for (let b = a + 1; b < k; b++) {
        const ca = present[a] as number;
        const cb = present[b] as number;
        const ma = medoids[ca] as number;
        const mb = medoids[cb] as number;
        const m = checkedDistance(dissimilarity(ma, mb), ma, mb, owner);
        const r = m === 0 ? Infinity : ((scatter[ca] as number) + (scatter[cb] as number)) / m;
        if (r > (worst[a] as number)) worst[a] = r;
        if (r > (worst[b] as number)) worst[b] = r;
      }
    let sum = 0;
    for (let a = 0; a < k; a++) sum += worst[a] as number;
    dbi = sum / k;
  }

  let maxDiameter = n > 0 ? 0 : NaN;
  for (const c of present) maxDiameter = Math.max(maxDiameter, diameter[c] as number);
  const meanIntra = intraPairs > 0 ? intraSum / intraPairs : NaN;
  const meanInter = interPairs > 0 ? interSum / interPairs : NaN;
  const minInterOrNaN = interPairs > 0 ? minInter : NaN;
  return {
    n,
    k,
    rd: ratio(meanInter, meanIntra),
    dbi,
    di: ratio(minInterOrNaN, maxDiameter),
    sd: intraSum,
    meanIntra,
    meanInter,
    intraPairs,
    interPairs,
    minInter: minInterOrNaN,
    maxDiameter,
    sizes,
    medoids,
    scatter,
  };
}

/** RD, DBI, DI and SD of a partition (labels: one cluster id ≥ 0 per object) under d. */
export function internalIndices(
  dissimilarity: Dissimilarity,
  n: number,
  labels: Int32Array,
  owner: Owner = {},
): InternalIndices {
  return runToEnd(internalIndicesSteps(dissimilarity, n, labels, owner));
}
