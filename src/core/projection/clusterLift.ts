/**
 * What sets clusters of objects apart: for every cluster and value, its support in the cluster,
 * P(value | cluster), and its lift against the whole table, P(value | cluster) / P(value). A
 * cluster's defining values are those of highest lift among the well-supported ones. Pure
 * typed-array code, no DOM.
 */

/** Rows of categorical codes: n × D, row-major, attribute a's codes in 0 … sizes[a] − 1. */
export interface CodeRows {
  codes: Int32Array;
  /** Values per attribute. */
  sizes: readonly number[];
}

export interface ClusterLift {
  /** Values over all attributes (Σ sizes); value v of attribute a is offsets[a] + code. */
  values: number;
  offsets: Int32Array;
  /** count × values: P(value | cluster). */
  support: Float64Array;
  /** count × values: P(value | cluster) / P(value); 0 where the value never occurs. */
  lift: Float64Array;
}

/**
 * Support and lift of every value in each of `count` clusters, given each row's cluster (`of`,
 * −1 = none). P(value) is over all rows of the table, clustered or not. Codes outside an
 * attribute's range (missing) count in no value.
 */
export function clusterLift(rows: CodeRows, of: Int32Array, count: number): ClusterLift {
  const D = rows.sizes.length;
  const n = of.length;
  const offsets = new Int32Array(D + 1);
  rows.sizes.forEach((s, a) => (offsets[a + 1] = (offsets[a] as number) + s));
  const L = offsets[D] as number;
  const total = new Float64Array(L);
  const inCluster = new Float64Array(count * L);
  const size = new Float64Array(count);
  for (let i = 0; i < n; i++) {
    const k = of[i] as number;
    if (k >= 0) size[k] = (size[k] as number) + 1;
    for (let a = 0; a < D; a++) {
      const code = rows.codes[i * D + a] as number;
      if (code < 0 || code >= (rows.sizes[a] as number)) continue;
      const v = (offsets[a] as number) + code;
      total[v] = (total[v] as number) + 1;
      if (k >= 0) inCluster[k * L + v] = (inCluster[k * L + v] as number) + 1;
    }
  }
  const support = new Float64Array(count * L);
  const lift = new Float64Array(count * L);
  for (let k = 0; k < count; k++)
    for (let v = 0; v < L; v++) {
      const t = total[v] as number;
      if (t === 0 || size[k] === 0) continue;
      const s = (inCluster[k * L + v] as number) / (size[k] as number);
      support[k * L + v] = s;
      lift[k * L + v] = s / (t / n);
    }
  return { values: L, offsets, support, lift };
}

export interface DefiningOptions {
  /** At most this many values a cluster (default 2). */
  max?: number;
  /** Lift at least this (default 1.25). */
  minLift?: number;
  /** Support at least this (default 0.5). */
  minSupport?: number;
}

/**
 * Each cluster's defining values (indices as in `ClusterLift`): the supported values of the
 * highest lift, ties by support then by value, at most one per attribute. A cluster with no value
 * that stands out gets none.
 */
export function definingValues(lift: ClusterLift, options: DefiningOptions = {}): number[][] {
  const { max = 2, minLift = 1.25, minSupport = 0.5 } = options;
  const { values: L, offsets } = lift;
  const count = L > 0 ? lift.support.length / L : 0;
  const attributeOf = (v: number): number => {
    let a = 0;
    while ((offsets[a + 1] as number) <= v) a++;
    return a;
  };
  const out: number[][] = [];
  for (let k = 0; k < count; k++) {
    const candidates: number[] = [];
    for (let v = 0; v < L; v++)
      if (
        (lift.lift[k * L + v] as number) >= minLift &&
        (lift.support[k * L + v] as number) >= minSupport
      )
        candidates.push(v);
    candidates.sort(
      (a, b) =>
        (lift.lift[k * L + b] as number) - (lift.lift[k * L + a] as number) ||
        (lift.support[k * L + b] as number) - (lift.support[k * L + a] as number) ||
        a - b,
    );
    const chosen: number[] = [];
    const attributes = new Set<number>();
    for (const v of candidates) {
      if (chosen.length >= max) break;
      const a = attributeOf(v);
      if (attributes.has(a)) continue;
      attributes.add(a);
      chosen.push(v);
    }
    out.push(chosen);
  }
  return out;
}
