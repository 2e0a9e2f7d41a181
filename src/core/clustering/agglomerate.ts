import { badOption, internal } from '../base/errors.ts';
/**
 * Greedy bottom-up agglomeration over a few thousand items with any merge cost: repeatedly merge
 * the pair of clusters of least cost until k clusters remain. Used by LIMBO's agglomerative
 * information bottleneck (cost = information loss δI) and CLIMBO (cost = CADO between clusters),
 * cluster/limbo.ts.
 *
 * - A cluster's id is its lowest item index; merging a < b keeps a and retires b.
 * - Ties: among pairs of equal cost the lexicographically smallest (a, b), a < b. Every cost is
 *   computed by the linkage for the ordered pair, so equal costs are bitwise equal.
 * - Costs are kept in an m × m matrix (upper triangle) with each cluster's cheapest partner among
 *   higher ids; a merge recomputes the merged cluster's m costs (Linkage.update) and rescans only
 *   the rows whose cheapest partner was a or b. O(m²) memory, refused above
 *   AGGLOMERATE_MAX_ITEMS.
 */

/** The cost of merging clusters, as clusters grow. */
export interface Linkage {
  /** Cost of merging the initial clusters i < j. */
  cost(i: number, j: number): number;
  /** Cluster a absorbs cluster b (a < b): update the linkage's own state. */
  merge(a: number, b: number): void;
  /**
   * Cost of merging the new cluster a (after merge(a, b)) with j, given cost(a, j) and cost(b, j)
   * before the merge (j ≠ a, b).
   */
  update(a: number, j: number, costAJ: number, costBJ: number): number;
}

export interface Merge {
  /** Id (lowest item index) of the cluster kept and of the one absorbed; a < b. */
  a: number;
  b: number;
  cost: number;
}

/** Largest number of items agglomerated (the m × m cost matrix: 128 MB at the limit). */
export const AGGLOMERATE_MAX_ITEMS = 4096;

/** Refuses a k that is not a whole number in 1..m, or m beyond AGGLOMERATE_MAX_ITEMS. */
export function checkClusterCount(k: number, m: number, what = 'values'): void {
  if (m > AGGLOMERATE_MAX_ITEMS)
    throw badOption(
      `agglomerative clustering keeps an m × m cost matrix: ${m} ${what} exceed the limit of ${AGGLOMERATE_MAX_ITEMS}`,
    );
  if (!Number.isInteger(k) || k < 1)
    throw badOption(`k (clusters) must be a whole number ≥ 1, got ${k}`);
  if (k > m) throw badOption(`k = ${k} exceeds the ${m} ${what} to cluster`);
}

function finite(x: number, i: number, j: number): number {
  if (!Number.isFinite(x)) throw internal(`merge cost of clusters ${i} and ${j} is ${x}`);
  return x;
}

/**
 * Merges clusters among the `alive` ids (default all m items, each its own cluster) until k remain;
 * returns the merges in order. `alive` is updated in place.
 */
export function agglomerate(
  m: number,
  k: number,
  linkage: Linkage,
  alive: Uint8Array = new Uint8Array(m).fill(1),
): Merge[] {
  const d = new Float64Array(m * m);
  const at = (i: number, j: number): number => (i < j ? i * m + j : j * m + i);
  let clusters = 0;
  for (let i = 0; i < m; i++) {
    if (!alive[i]) continue;
    clusters++;
    for (let j = i + 1; j < m; j++) if (alive[j]) d[i * m + j] = finite(linkage.cost(i, j), i, j);
  }
  const best = new Int32Array(m).fill(-1);
  const bestCost = new Float64Array(m).fill(Infinity);
  const rescan = (i: number): void => {
    best[i] = -1;
    bestCost[i] = Infinity;
    for (let j = i + 1; j < m; j++)
      if (alive[j] && (d[i * m + j] as number) < (bestCost[i] as number)) {
        best[i] = j;
        bestCost[i] = d[i * m + j] as number;
      }
  };
  for (let i = 0; i < m; i++) if (alive[i]) rescan(i);
  const merges: Merge[] = [];
  while (clusters > k) {
    let a = -1;
    for (let i = 0; i < m; i++)
      if (
        alive[i] &&
        best[i] !== -1 &&
        (a === -1 || (bestCost[i] as number) < (bestCost[a] as number))
      )
        a = i;
    const b = best[a] as number;
    merges.push({ a, b, cost: bestCost[a] as number });
    linkage.merge(a, b);
    alive[b] = 0;
    clusters--;
    for (let j = 0; j < m; j++) {
      if (!alive[j] || j === a) continue;
      const q = at(a, j);
      d[q] = finite(linkage.update(a, j, d[q] as number, d[at(b, j)] as number), a, j);
    }
    rescan(a);
    for (let i = 0; i < b; i++) {
      if (!alive[i] || i === a) continue;
      if (best[i] === a || best[i] === b) rescan(i);
      else if (i < a) {
        const c = d[i * m + a] as number;
        if (c < (bestCost[i] as number) || (c === bestCost[i] && a < (best[i] as number))) {
          best[i] = a;
          bestCost[i] = c;
        }
      }
    }
  }
  return merges;
}

/**
 * Cluster per item, 0..clusters−1 numbered in order of each cluster's first item, from merges
 * (each b absorbed into a < b).
 */
export function labelsFromMerges(m: number, merges: readonly Merge[]): Int32Array {
  const owner = Int32Array.from({ length: m }, (_, i) => i);
  for (const { a, b } of merges) owner[b] = a;
  const labels = new Int32Array(m);
  let next = 0;
  for (let v = 0; v < m; v++) {
    let r = v;
    while (owner[r] !== r) r = owner[r] as number;
    // r ≤ v (a cluster's id is its lowest item), so r's label is already set when r < v.
    labels[v] = r === v ? next++ : (labels[r] as number);
  }
  return labels;
}
