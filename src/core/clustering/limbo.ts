import { withDefaults, type OptionsOf, type ParameterSpec } from '../base/parameters.ts';
import type { Counts } from '../data/counts/counts.ts';
import { pairCount } from '../data/counts/cooccurrence.ts';
import {
  agglomerate,
  checkClusterCount,
  labelsFromMerges,
  type Linkage,
  type Merge,
} from './agglomerate.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * Clustering the values of one attribute A: LIMBO (Andritsos, Tsaparas, Miller, Sevcik, "LIMBO:
 * Scalable clustering of categorical data", EDBT 2004, attribute-value clustering) and CLIMBO
 * (Wang et al. 2015, Sec. VIII-C), both by the agglomeration of
 * cluster/agglomerate.ts (least cost first, ties to the lowest ids).
 *
 * LIMBO. T = the values of every other attribute (V′). A value a is its context
 * p(v | a) = N(a, v) / (N(a)·(D − 1)), v ∈ V′ (N counts rows; a row holds D − 1 values of V′),
 * weighted by p(a) = N(a)/n. A cluster's context is the p-weighted average of its values' (i.e.
 * the summed counts). Merging c_i, c_j loses
 *   δI(c_i, c_j) = [p(c_i) + p(c_j)] · D_JS[p(·|c_i), p(·|c_j)],
 * D_JS with weights p(c_i)/p(c*), p(c_j)/p(c*), p(c*) = p(c_i) + p(c_j), in bits. It is computed
 * from integer counts, Σ_v N_i(v)·log2(N_i(v)·(N_i + N_j) / (N_i·(N_i(v) + N_j(v)))) + (i ↔ j),
 * over n(D − 1), so values with proportional counts (identical contexts) merge at exactly 0.
 * δI is the drop of I(C; T); merging every value loses I(A; T) = the mean over k ≠ A of I(A; A_k).
 * A value absent from the counted rows has p(a) = 0 and merges at loss 0.
 *
 * With φ = 0 (default) this is the agglomerative information bottleneck (AIB) on all m values:
 * LIMBO with no summarisation, which for tens to a few thousand values is affordable. With φ > 0,
 * LIMBO's Phase 1 is imitated before AIB: values are read in index order and each is merged into
 * the existing entry of least δI when that loss is ≤ φ·I(A; T)/m (m = number of values, the
 * paper's n objects), else it opens a new entry. This is the paper's DCF tree with a single leaf
 * of unbounded size: the closest entry is found over all entries, not by descending a tree of
 * branching factor B, and no leaf splits. A merge is skipped when it could leave fewer than k
 * entries. Phase 2 is AIB on the entries down to k. The paper's Phase 3 (re-assigning every object
 * to its closest final cluster) is not done: a value stays in its entry's cluster.
 *
 * CLIMBO. The same agglomeration with the merge cost replaced by CADO (coupled attribute similarity, Wang et al. 2015, Eq. (16)) between
 * clusters. The paper says only that "CADO can be extended to measure the coupled distance between
 * clusters by replacing an object u_i with a cluster c_i", without a formula. Our reading: the
 * average linkage of the value dissimilarities weighted by the values' frequencies,
 *   CADO(c_i, c_j) = Σ_{x∈c_i, y∈c_j} w_x w_y CADO(x, y) / (W_i W_j),  W = Σ w,
 * updated by Lance–Williams, CADO(c_a ∪ c_b, c_j) = (W_a CADO(c_a, c_j) + W_b CADO(c_b, c_j))/W.
 */

export interface ValueClustering {
  /** Cluster per value, 0..k−1 numbered in order of each cluster's first value. */
  labels: Int32Array;
  /** Merges in order (m − k of them); a, b are cluster ids = lowest value index. */
  merges: Merge[];
  /** LIMBO: Σ δI over the merges = I(A; T) − I(C; T), bits. */
  informationLoss?: number;
}

export interface LimboResult extends ValueClustering {
  informationLoss: number;
  /** I(A; T) in bits. */
  information: number;
  /** Entries left after the φ pre-merge (m when φ = 0). */
  entries: number;
}

/**
 * LIMBO's φ ≥ 0: pre-merge a value into an entry when δI ≤ φ·I(A; T)/m (0: none, AIB). The one
 * declaration of its default; a method's table bounds it by the most values it clusters (from
 * φ = |values| every merge is below φ·I/|values|).
 */
export function limboPhiParameter(maxValues: number) {
  return {
    name: 'phi',
    symbol: 'φ',
    type: 'number',
    default: 0,
    min: 0,
    max: maxValues,
    maxBecause: `a merge loses at most the information I, so from φ = |values| (at most ${maxValues}) every merge is below φ·I/|values| and a larger φ changes nothing`,
    advanced: true,
    description:
      'LIMBO’s summary bound: values whose merge loses at most φ·I/|values| are summarised first (0: none)',
  } as const satisfies ParameterSpec;
}

/** The LIMBO kernel's options: φ from its parameter, its default when absent. */
export type LimboOptions = Partial<OptionsOf<readonly [ReturnType<typeof limboPhiParameter>]>>;

/** The contexts of attribute A's values: counts N(a, v) over the other attributes' values v. */
export interface ValueContexts {
  m: number;
  /** |V′|, the number of context columns. */
  width: number;
  /** N(c) per cluster id (the value count until merged). */
  size: Float64Array;
  /** m × width counts N(c, v), row-major; merging adds row b into row a. */
  profile: Int32Array;
  /** n·(D − 1), the total of all counts. */
  total: number;
}

/** The number of values of `attribute`, refusing a bad index or a table without context. */
function valuesOf(counts: Counts, attribute: number): number {
  const D = counts.cooccurrence.sizes.length;
  if (!Number.isInteger(attribute) || attribute < 0 || attribute >= D)
    throw badOption(`attribute ${attribute} is outside 0..${D - 1}`);
  if (D < 2)
    throw badOption('LIMBO describes a value by the other attributes: needs ≥ 2 attributes');
  return counts.cooccurrence.sizes[attribute] as number;
}

export function valueContexts(counts: Counts, attribute: number): ValueContexts {
  const m = valuesOf(counts, attribute);
  const c = counts.cooccurrence;
  const D = c.sizes.length;
  const width = c.nValues - m;
  const profile = new Int32Array(m * width);
  let col = 0;
  for (let b = 0; b < D; b++) {
    if (b === attribute) continue;
    const mb = c.sizes[b] as number;
    for (let x = 0; x < m; x++)
      for (let l = 0; l < mb; l++) profile[x * width + col + l] = pairCount(c, attribute, x, b, l);
    col += mb;
  }
  const offset = c.offsets[attribute] as number;
  const size = Float64Array.from(c.valueCounts.subarray(offset, offset + m));
  return { m, width, size, profile, total: counts.nRows * (D - 1) };
}

/** δI(c_i, c_j) in bits (see the file comment); call with i < j for bitwise-canonical ties. */
export function mergeLoss(ctx: ValueContexts, i: number, j: number): number {
  if (ctx.total === 0) return 0;
  const { width, profile } = ctx;
  const ci = ctx.size[i] as number;
  const cj = ctx.size[j] as number;
  const w = ci + cj;
  let s = 0;
  for (let v = 0; v < width; v++) {
    const ni = profile[i * width + v] as number;
    const nj = profile[j * width + v] as number;
    if (ni > 0) s += ni * Math.log2((ni * w) / (ci * (ni + nj)));
    if (nj > 0) s += nj * Math.log2((nj * w) / (cj * (ni + nj)));
  }
  return Math.max(0, s / ctx.total);
}

/** I(A; T) in bits: Σ q(a, v) log2(q(a, v) / (p(a) p(v))), q(a, v) = N(a, v)/n(D − 1). */
export function contextInformation(ctx: ValueContexts): number {
  const { m, width, profile, size } = ctx;
  if (ctx.total === 0) return 0;
  const column = new Float64Array(width);
  let n = 0;
  for (let x = 0; x < m; x++) {
    n += size[x] as number;
    for (let v = 0; v < width; v++)
      column[v] = (column[v] as number) + (profile[x * width + v] as number);
  }
  let s = 0;
  for (let x = 0; x < m; x++)
    for (let v = 0; v < width; v++) {
      const q = profile[x * width + v] as number;
      if (q > 0) s += q * Math.log2((q * n) / ((size[x] as number) * (column[v] as number)));
    }
  return Math.max(0, s / ctx.total);
}

function absorb(ctx: ValueContexts, a: number, b: number): void {
  const { width, profile, size } = ctx;
  for (let v = 0; v < width; v++)
    profile[a * width + v] =
      (profile[a * width + v] as number) + (profile[b * width + v] as number);
  size[a] = (size[a] as number) + (size[b] as number);
}

/** LIMBO on the values of `attribute`: AIB down to k clusters, after the optional φ pre-merge. */
export function limboValueClustering(
  counts: Counts,
  attribute: number,
  k: number,
  options: LimboOptions = {},
): LimboResult {
  const { phi } = withDefaults([limboPhiParameter(Infinity)] as const, options);
  if (!Number.isFinite(phi) || phi < 0) throw badOption(`φ must be a number ≥ 0, got ${phi}`);
  const m = valuesOf(counts, attribute);
  checkClusterCount(k, m);
  const ctx = valueContexts(counts, attribute);
  const information = contextInformation(ctx);
  const alive = new Uint8Array(m).fill(1);
  const merges: Merge[] = [];
  let entries = m;
  if (phi > 0) {
    const threshold = (phi * information) / m;
    const open: number[] = [];
    for (let v = 0; v < m; v++) {
      let into = -1;
      let loss = Infinity;
      // Merging v leaves open.length entries plus the m − 1 − v values still to read.
      if (open.length + m - 1 - v >= k)
        for (const e of open) {
          const l = mergeLoss(ctx, e, v);
          if (l < loss) [into, loss] = [e, l];
        }
      if (into >= 0 && loss <= threshold) {
        merges.push({ a: into, b: v, cost: loss });
        absorb(ctx, into, v);
        alive[v] = 0;
        entries--;
      } else open.push(v);
    }
  }
  const linkage: Linkage = {
    cost: (i, j) => mergeLoss(ctx, i, j),
    merge: (a, b) => absorb(ctx, a, b),
    update: (a, j) => (a < j ? mergeLoss(ctx, a, j) : mergeLoss(ctx, j, a)),
  };
  merges.push(...agglomerate(m, k, linkage, alive));
  let informationLoss = 0;
  for (const x of merges) informationLoss += x.cost;
  return { labels: labelsFromMerges(m, merges), merges, informationLoss, information, entries };
}

/**
 * CLIMBO on one attribute's m values: `cadoBlock` is its m × m CADO table (CasModel.cado from
 * tableStart[j], m_j² cells; symmetrised as (D(x, y) + D(y, x))/2), `weights` the values'
 * frequencies (> 0), merged by frequency-weighted average linkage down to k clusters.
 */
export function climboValueClustering(
  cadoBlock: Float64Array,
  m: number,
  weights: ArrayLike<number>,
  k: number,
): ValueClustering {
  if (!Number.isInteger(m) || m < 1) throw internal(`m must be a whole number ≥ 1, got ${m}`);
  checkClusterCount(k, m);
  if (cadoBlock.length !== m * m)
    throw internal(`CADO block has ${cadoBlock.length} cells, expected ${m} × ${m}`);
  if (weights.length !== m) throw internal(`${weights.length} weights for ${m} values`);
  const w = Float64Array.from(weights);
  w.forEach((x, i) => {
    if (!(Number.isFinite(x) && x > 0))
      throw badOption(`value ${i} has weight ${x}; weights (frequencies) must be > 0`);
  });
  let wa = 0;
  let wb = 0;
  const linkage: Linkage = {
    cost: (i, j) => ((cadoBlock[i * m + j] as number) + (cadoBlock[j * m + i] as number)) / 2,
    merge: (a, b) => {
      wa = w[a] as number;
      wb = w[b] as number;
      w[a] = wa + wb;
    },
    update: (_a, _j, costAJ, costBJ) => (wa * costAJ + wb * costBJ) / (wa + wb),
  };
  const merges = agglomerate(m, k, linkage);
  return { labels: labelsFromMerges(m, merges), merges };
}
