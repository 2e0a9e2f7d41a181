import { CBRW_PARAMETERS, type CbrwOptions } from './cbrwParameters.ts';
import { withDefaults } from '../../base/parameters.ts';
import type { Counts } from '../../data/counts/counts.ts';
import { pacer, runToEnd, type Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { badOption } from '../../base/errors.ts';

/**
 * CBRW — Coupled Biased Random Walks (Pang, Cao, Chen, Liu, IJCAI 2016, "Outlier detection in
 * complex categorical data by modelling the feature value couplings").
 *
 * A random walk over the values present in the counted (fit) rows, biased towards infrequent
 * values, moving between values of different features that co-occur:
 *   δ(v) = ½·(dev(v) + base(m)),  dev(v) = 1 − cnt(v)/cnt(m),  base(m) = 1 − cnt(m)/n   (bias)
 *     with m the mode (most frequent value) of v's feature and n the fit rows;
 *   W(u, v) ∝ δ(v)·cnt(u, v)/cnt(v) for u, v of different features, rows normalised to 1;
 *   π ← (1 − α)/L·1 + α·Wᵀπ  (α = 0.95, L = values present), from π = 1/L, until
 *     max_v |Δπ(v)| ≤ tol (the L∞ change, as in the reference implementation of CBRW;
 *     it reproduces the reference notes' numbers at tol 1e-3, which the L1 change does not);
 *   w_f = Σ_{v ∈ f} π(v) / Σ_v π(v)   (feature weight, "feature relevance");
 *   score(x) = Σ_f w_f·π(x_f)   (object score: higher = more outlying).
 * Outlying values draw the biased walk, so a larger π means a more outlying value.
 *
 * Values of the domain absent from the fit rows (cnt = 0) are not in the walk: they have no row
 * or column of W, π = 0 and do not count in L. For scoring, an absent value takes the largest
 * π of its feature's present values (never seen is at least as outlying as the most outlying
 * seen value) — see `valueScores`. A present value whose co-occurring values all have δ = 0
 * (or a table of one feature) has an empty row of W; its mass jumps uniformly to the present
 * values (the PageRank convention for dangling nodes).
 */
export type { CbrwOptions };

export interface CbrwModel {
  /** δ(v) for every global value (0 for values absent from the fit rows). */
  bias: Float64Array;
  /** Stationary probability π of every global value (0 when absent from the fit rows). */
  pi: Float64Array;
  /** The value score used for objects: π, and for absent values their feature's largest π. */
  valueScores: Float64Array;
  /** w_f, one per feature attribute, summing to 1. */
  featureWeights: Float64Array;
  /** Values present in the fit rows (L). */
  present: number;
  iterations: number;
  converged: boolean;
  /** The last L∞ change of π. */
  change: number;
}

/** W as directed edges between present values, each row summing to 1 (or a dangling row). */
interface Walk {
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
  /** 1 for a present value whose row of W is empty. */
  dangling: Uint8Array;
}

/** δ(v) = (1 − cnt(v)/cnt(mode) + 1 − cnt(mode)/n)/2 over the fit counts. */
export function cbrwBias(table: CategoricalTable, counts: Counts): Float64Array {
  const cnt = counts.cooccurrence.valueCounts;
  const n = counts.nRows;
  const bias = new Float64Array(table.nValues);
  for (const attr of table.attributes) {
    const m = attr.labels.length;
    let mode = 0;
    for (let k = 0; k < m; k++) mode = Math.max(mode, cnt[attr.offset + k] as number);
    if (mode === 0) continue;
    const base = 1 - mode / n;
    for (let k = 0; k < m; k++) {
      const c = cnt[attr.offset + k] as number;
      if (c > 0) bias[attr.offset + k] = (1 - c / mode + base) / 2;
    }
  }
  return bias;
}

/** W(u, v) = δ(v)·cnt(u, v)/cnt(v), row-normalised, from the co-occurrence blocks. */
function biasedWalk(counts: Counts, bias: Float64Array): Walk {
  const c = counts.cooccurrence;
  const cnt = c.valueCounts;
  const D = c.sizes.length;
  const edgeCount = (): number => {
    let e = 0;
    for (let a = 0; a < D; a++)
      for (let b = a + 1; b < D; b++) {
        const off = c.blockOffset[a * D + b] as number;
        const cells = (c.sizes[a] as number) * (c.sizes[b] as number);
        for (let i = 0; i < cells; i++) if ((c.data[off + i] as number) > 0) e += 2;
      }
    return e;
  };
  const E = edgeCount();
  const from = new Int32Array(E);
  const to = new Int32Array(E);
  const weight = new Float64Array(E);
  const rowSum = new Float64Array(c.nValues);
  let e = 0;
  const add = (u: number, v: number, w: number): void => {
    from[e] = u;
    to[e] = v;
    weight[e++] = w;
    rowSum[u] = (rowSum[u] as number) + w;
  };
  for (let a = 0; a < D; a++)
    for (let b = a + 1; b < D; b++) {
      const off = c.blockOffset[a * D + b] as number;
      const na = c.sizes[a] as number;
      const nb = c.sizes[b] as number;
      for (let k = 0; k < na; k++)
        for (let l = 0; l < nb; l++) {
          const joint = c.data[off + k * nb + l] as number;
          if (joint === 0) continue;
          const u = (c.offsets[a] as number) + k;
          const v = (c.offsets[b] as number) + l;
          add(u, v, ((bias[v] as number) * joint) / (cnt[v] as number));
          add(v, u, ((bias[u] as number) * joint) / (cnt[u] as number));
        }
    }
  for (let i = 0; i < E; i++) {
    const s = rowSum[from[i] as number] as number;
    weight[i] = s > 0 ? (weight[i] as number) / s : 0;
  }
  const dangling = new Uint8Array(c.nValues);
  for (let v = 0; v < c.nValues; v++)
    if ((cnt[v] as number) > 0 && (rowSum[v] as number) === 0) dangling[v] = 1;
  return { from, to, weight, dangling };
}

/** Fits CBRW on the counts (over the fit rows; the value domain is the whole table's). */
export function* cbrwModelSteps(
  table: CategoricalTable,
  counts: Counts,
  options: Partial<CbrwOptions> = {},
): Steps<CbrwModel> {
  const { alpha, tol, maxIterations } = withDefaults(CBRW_PARAMETERS, options);
  if (counts.nRows === 0) throw badOption('CBRW needs at least one row to learn from');
  yield { fraction: 0, message: 'CBRW: biased transitions…' };
  const cnt = counts.cooccurrence.valueCounts;
  const Lall = table.nValues;
  const bias = cbrwBias(table, counts);
  const walk = biasedWalk(counts, bias);
  let L = 0;
  for (let v = 0; v < Lall; v++) if ((cnt[v] as number) > 0) L++;
  let pi = new Float64Array(Lall);
  for (let v = 0; v < Lall; v++) if ((cnt[v] as number) > 0) pi[v] = 1 / L;
  let next = new Float64Array(Lall);
  const E = walk.from.length;
  const pace = pacer();
  let iterations = 0;
  let change = Infinity;
  while (iterations < maxIterations && !(change <= tol)) {
    // π ← (1 − α)/L + α·(Wᵀπ + dangling mass spread over the L present values)
    let danglingMass = 0;
    for (let v = 0; v < Lall; v++) if (walk.dangling[v]) danglingMass += pi[v] as number;
    const base = (1 - alpha) / L + (alpha * danglingMass) / L;
    for (let v = 0; v < Lall; v++) next[v] = (cnt[v] as number) > 0 ? base : 0;
    for (let i = 0; i < E; i++) {
      const v = walk.to[i] as number;
      next[v] =
        (next[v] as number) +
        alpha * (walk.weight[i] as number) * (pi[walk.from[i] as number] as number);
    }
    change = 0;
    for (let v = 0; v < Lall; v++)
      change = Math.max(change, Math.abs((next[v] as number) - (pi[v] as number)));
    [pi, next] = [next, pi];
    iterations++;
    if (pace(E + Lall))
      yield {
        fraction: Math.min(0.95, iterations / maxIterations),
        message: `CBRW: random walk, change ${change.toExponential(1)}…`,
      };
  }
  const featureWeights = new Float64Array(table.attributes.length);
  const valueScores = new Float64Array(Lall);
  let total = 0;
  table.attributes.forEach((attr, f) => {
    let sum = 0;
    let largest = 0;
    for (let k = 0; k < attr.labels.length; k++) {
      const p = pi[attr.offset + k] as number;
      sum += p;
      largest = Math.max(largest, p);
      valueScores[attr.offset + k] = p;
    }
    for (let k = 0; k < attr.labels.length; k++)
      if ((cnt[attr.offset + k] as number) === 0) valueScores[attr.offset + k] = largest;
    featureWeights[f] = sum;
    total += sum;
  });
  for (let f = 0; f < featureWeights.length; f++)
    featureWeights[f] = (featureWeights[f] as number) / total;
  return {
    bias,
    pi,
    valueScores,
    featureWeights,
    present: L,
    iterations,
    converged: change <= tol,
    change,
  };
}

export function cbrwModel(
  table: CategoricalTable,
  counts: Counts,
  options: Partial<CbrwOptions> = {},
): CbrwModel {
  return runToEnd(cbrwModelSteps(table, counts, options));
}

/** score(x) = Σ_f w_f·π(x_f) for the given rows (all rows when null); higher = more outlying. */
export function cbrwObjectScores(
  table: CategoricalTable,
  model: Pick<CbrwModel, 'valueScores' | 'featureWeights'>,
  rows: Int32Array | null = null,
): Float64Array {
  const n = rows === null ? table.nRows : rows.length;
  const scores = new Float64Array(n);
  table.attributes.forEach((attr, f) => {
    const w = model.featureWeights[f] as number;
    const codes = attr.codes;
    for (let i = 0; i < n; i++) {
      const r = rows === null ? i : (rows[i] as number);
      scores[i] =
        (scores[i] as number) +
        w * (model.valueScores[attr.offset + (codes[r] as number)] as number);
    }
  });
  return scores;
}
