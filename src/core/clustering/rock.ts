import type { OptionsOf, ParameterSpec } from '../base/parameters.ts';
import { pacer, runToEnd, type Steps } from '../base/jobs.ts';
import { RockPartners } from './rockPartners.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * ROCK (Guha, Rastogi, Shim, "ROCK: a robust clustering algorithm for categorical attributes",
 * ICDE 1999), written against any object similarity so that
 * - ROCK = rock(n, categoricalJaccard(columns), …), the original: Jaccard of the objects' value
 *   sets, and
 * - CROCK (Wang et al. 2015, Sec. VIII-B) = rock(n, coupled, …) with the
 *   coupled object similarity scaled to [0, 1] (the paper thresholds CASO / n ≥ θ, n there being
 *   the number of attributes).
 *
 * The rules (reference notes, "Outlier baselines"):
 * - i and j (i ≠ j) are neighbours when s(i, j) ≥ θ. An object is not its own neighbour: A has a
 *   zero diagonal (the original paper's sim(p, p) = 1 ≥ θ would add 2·A_ij to every link).
 * - link(i, j) = number of common neighbours = (A²)_ij; link(Ci, Cj) = Σ link(p, q) over p ∈ Ci,
 *   q ∈ Cj, so merging two clusters sums their links.
 * - goodness g(Ci, Cj) = link(Ci, Cj) / ((ni + nj)^{1+2f(θ)} − ni^{1+2f(θ)} − nj^{1+2f(θ)}),
 *   f(θ) = (1 − θ)/(1 + θ); θ ∈ [0, 1) (θ = 1 makes every denominator 0).
 * - Start from singletons; repeatedly merge the pair with the largest goodness among pairs with
 *   link > 0, until k clusters remain or no pair has a link left (then `clusters` > k and
 *   `reachedK` is false).
 * - Ties: the pair (a, b), a < b, that is lexicographically smallest in the clusters' ids, a
 *   cluster's id being its lowest object index. Goodness is computed in one canonical order, so
 *   equal goodness means bitwise equal.
 * Not included: the paper's random sampling, its outlier pruning (objects with few neighbours,
 * clusters that stop growing) and the labelling of objects outside the sample — every object is
 * clustered; an object without neighbours stays a singleton.
 *
 * Cost: n(n−1)/2 evaluations of s; links by neighbour lists (Σ|N(i)|²/2) or by bit sets
 * (n²/2 · n/32 word operations), whichever is cheaper; O(n²) memory (an n × n Float64Array of
 * cluster links, exact integers: 200 MB at the limit). Merging keeps each cluster's best partner
 * and its best per block of √n partners; a merge updates the two rows' link sums (O(n)), the
 * merged row (O(n)) and, in every row linked to the pair, one or two blocks and — only when the
 * row's best partner was in the pair — its best (O(√n)): O(n²·√n) in the worst case. Refused above
 * ROCK_MAX_OBJECTS objects.
 */

/** s(i, j) between objects, symmetric (larger = more alike). */
export type Similarity = (i: number, j: number) => number;

/** Largest n clustered (the n × n link matrix). */
export const ROCK_MAX_OBJECTS = 5000;

/** ROCK's θ: objects are neighbours when their similarity is at least θ. */
export const ROCK_THETA = {
  name: 'theta',
  symbol: 'θ',
  type: 'number',
  default: 0.5,
  min: 0,
  max: 1,
  maxExclusive: true,
  maxBecause:
    'both similarities are at most 1, reached by identical objects alone, so at θ = 1 ROCK would link only copies',
  description: 'Neighbours when the similarity is at least θ',
} as const satisfies ParameterSpec;

/**
 * The neighbour threshold θ ∈ [0, 1) of ROCK_THETA (neighbours when s(i, j) ≥ θ), the clusters
 * wanted k ≥ 1 (a number: the step has decided 'auto'), and how links are counted (the same
 * result; default 'auto' picks the cheaper; for tests).
 */
export type RockOptions = OptionsOf<readonly [typeof ROCK_THETA]> & {
  k: number;
  linkStrategy?: 'auto' | 'lists' | 'bitsets';
};

export interface RockMerge {
  /** Id (lowest object index) of the merged cluster and of the one absorbed; a < b. */
  a: number;
  b: number;
  /** link(Ca, Cb) at the merge. */
  links: number;
  goodness: number;
  /** Size after the merge. */
  size: number;
}

export interface RockResult {
  /** Cluster per object, 0..clusters−1, numbered in order of each cluster's first object. */
  labels: Int32Array;
  /** Clusters reached (k, or more when no linked pair was left). */
  clusters: number;
  reachedK: boolean;
  /** Members per cluster (by label). */
  sizes: Int32Array;
  /** Neighbours of each object (|N(i)|). */
  neighbours: Int32Array;
  /** The merges in order. */
  merges: RockMerge[];
  /** 1 + 2 f(θ). */
  exponent: number;
}

function validate(n: number, options: RockOptions): void {
  if (!Number.isInteger(n) || n < 1) throw badOption(`n must be a whole number ≥ 1, got ${n}`);
  if (n > ROCK_MAX_OBJECTS)
    throw badOption(
      `ROCK keeps an n × n link matrix: n = ${n} exceeds the limit of ${ROCK_MAX_OBJECTS} objects`,
    );
  const { k, theta } = options;
  if (!Number.isInteger(k) || k < 1) throw badOption(`k must be an integer ≥ 1, got ${k}`);
  if (k > n) throw badOption(`k = ${k} exceeds the ${n} objects to cluster`);
  if (typeof theta !== 'number' || !(theta >= 0 && theta < 1))
    throw badOption(`θ must be in [0, 1), got ${theta}`);
}

/**
 * Neighbour lists (ascending) of s(i, j) ≥ θ, i ≠ j, evaluating s once per unordered pair.
 * A NaN similarity is refused; ±Infinity is allowed (it simply is or is not ≥ θ).
 */
export function* neighbourListsSteps(
  n: number,
  similarity: Similarity,
  theta: number,
): Steps<Int32Array[]> {
  const lists: number[][] = Array.from({ length: n }, () => []);
  const due = pacer();
  const total = (n * (n - 1)) / 2;
  let done = 0;
  for (let i = 0; i < n; i++) {
    const own = lists[i] as number[];
    for (let j = i + 1; j < n; j++) {
      const s = similarity(i, j);
      if (Number.isNaN(s)) throw internal(`similarity s(${i}, ${j}) is NaN`);
      if (s >= theta) {
        own.push(j);
        (lists[j] as number[]).push(i);
      }
    }
    done += n - 1 - i;
    if (due(n - 1 - i))
      yield {
        fraction: total > 0 ? done / total : 1,
        message: `ROCK: neighbours, row ${i + 1} of ${n}…`,
      };
  }
  return lists.map((l) => Int32Array.from(l));
}

/**
 * link(i, j) = |N(i) ∩ N(j)| for all pairs, as a symmetric n × n row-major Float64Array
 * (diagonal 0). 'lists' adds 1 to every pair of neighbours of each object; 'bitsets' intersects
 * the neighbour sets as bit sets.
 */
export function* linkMatrixSteps(
  neighbours: Int32Array[],
  strategy: 'auto' | 'lists' | 'bitsets' = 'auto',
): Steps<Float64Array> {
  const n = neighbours.length;
  const links = new Float64Array(n * n);
  const words = Math.ceil(n / 32);
  let listWork = 0;
  for (const l of neighbours) listWork += (l.length * (l.length - 1)) / 2;
  const bitWork = ((n * (n - 1)) / 2) * words;
  const useLists = strategy === 'lists' || (strategy === 'auto' && listWork <= bitWork);
  const due = pacer();
  if (useLists) {
    for (let p = 0; p < n; p++) {
      const l = neighbours[p] as Int32Array;
      for (let x = 0; x < l.length; x++) {
        const row = (l[x] as number) * n;
        for (let y = x + 1; y < l.length; y++) links[row + (l[y] as number)]! += 1;
      }
      if (due((l.length * (l.length - 1)) / 2 + 1))
        yield { fraction: (p + 1) / n, message: `ROCK: links, object ${p + 1} of ${n}…` };
    }
    // Only the upper triangle (neighbour lists are ascending) was filled: mirror it.
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) links[j * n + i] = links[i * n + j] as number;
  } else {
    const bits = new Int32Array(n * words);
    neighbours.forEach((l, i) => {
      for (const j of l) bits[i * words + (j >>> 5)]! |= 1 << (j & 31);
    });
    for (let i = 0; i < n; i++) {
      const bi = i * words;
      for (let j = i + 1; j < n; j++) {
        const bj = j * words;
        let count = 0;
        for (let w = 0; w < words; w++)
          count += popcount((bits[bi + w] as number) & (bits[bj + w] as number));
        links[i * n + j] = count;
        links[j * n + i] = count;
      }
      if (due((n - 1 - i) * words + 1))
        yield { fraction: (i + 1) / n, message: `ROCK: links, row ${i + 1} of ${n}…` };
    }
  }
  return links;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** f(θ) = (1 − θ)/(1 + θ); the goodness exponent is 1 + 2 f(θ). */
export function rockExponent(theta: number): number {
  return 1 + (2 * (1 - theta)) / (1 + theta);
}

/** The goodness denominator (ni + nj)^e − ni^e − nj^e; `power[m]` = m^e. */
function expectedLinks(power: Float64Array, ni: number, nj: number): number {
  const small = ni <= nj ? ni : nj;
  const large = ni <= nj ? nj : ni;
  return (power[small + large] as number) - (power[small] as number) - (power[large] as number);
}

export function* rockSteps(
  n: number,
  similarity: Similarity,
  options: RockOptions,
): Steps<RockResult> {
  validate(n, options);
  const { k, theta, linkStrategy = 'auto' } = options;
  const exponent = rockExponent(theta);
  const power = new Float64Array(n + 1);
  for (let m = 0; m <= n; m++) power[m] = Math.pow(m, exponent);

  const lists = yield* scaled(neighbourListsSteps(n, similarity, theta), 0, 0.4);
  const neighbours = Int32Array.from(lists, (l) => l.length);
  const links = yield* scaled(linkMatrixSteps(lists, linkStrategy), 0.4, 0.7);

  // Cluster c is identified by its lowest object; `alive` marks ids still in use.
  const size = new Int32Array(n).fill(1);
  const alive = new Uint8Array(n).fill(1);
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;

  /** g(a, b), −∞ without links; computed with the lower id first, so g(a, b) ≡ g(b, a). */
  const goodness = (a: number, b: number): number => {
    const lo = a < b ? a : b;
    const hi = a < b ? b : a;
    const l = links[lo * n + hi] as number;
    return l > 0 ? l / expectedLinks(power, size[lo] as number, size[hi] as number) : -Infinity;
  };

  const partners = new RockPartners(n, links, alive, goodness);
  const merges: RockMerge[] = [];
  let clusters = n;
  const due = pacer();
  while (clusters > k) {
    const pair = partners.top();
    if (!pair) break;
    const a = Math.min(pair.a, pair.b);
    const b = Math.max(pair.a, pair.b);
    const linkAB = links[a * n + b] as number;
    // Merge b into a: sizes add, link rows add.
    alive[b] = 0;
    size[a] = (size[a] as number) + (size[b] as number);
    parent[b] = a;
    for (let c = 0; c < n; c++) {
      if (!alive[c] || c === a) continue;
      const l = (links[a * n + c] as number) + (links[b * n + c] as number);
      links[a * n + c] = l;
      links[c * n + a] = l;
    }
    clusters--;
    merges.push({ a, b, links: linkAB, goodness: pair.goodness, size: size[a] as number });
    partners.merged(a, b);
    if (due(n * 4))
      yield {
        fraction: 0.7 + (0.3 * (n - clusters)) / Math.max(1, n - k),
        message: `ROCK: ${clusters} clusters…`,
      };
  }
  const { labels, sizes } = labelsOf(parent);
  return {
    labels,
    clusters,
    reachedK: clusters === k,
    sizes,
    neighbours,
    merges,
    exponent,
  };
}

/** Cluster labels numbered by first object, from the merge forest, and each cluster's size. */
function labelsOf(parent: Int32Array): { labels: Int32Array; sizes: Int32Array } {
  const n = parent.length;
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  const labels = new Int32Array(n);
  const number = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  let next = 0;
  for (let i = 0; i < n; i++) {
    const r = root(i);
    if (number[r]! < 0) {
      number[r] = next++;
      sizes.push(0);
    }
    const label = number[r] as number;
    labels[i] = label;
    sizes[label]! += 1;
  }
  return { labels, sizes: Int32Array.from(sizes) };
}

/** ROCK with any similarity: see the module comment. */
export function rock(n: number, similarity: Similarity, options: RockOptions): RockResult {
  return runToEnd(rockSteps(n, similarity, options));
}

function* scaled<T>(steps: Steps<T>, from: number, to: number): Steps<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield { ...step.value, fraction: from + (to - from) * step.value.fraction };
  }
}

/**
 * The similarity of the original ROCK for categorical objects: each object is the set of its
 * (attribute, value) items, one per attribute, and s = Jaccard = |shared items| / |union| =
 * m / (2D − m), m the number of attributes on which the two objects agree, D the attributes.
 * `columns[a][i]` is the code of object i on attribute a (as CategoricalTable.attributes[a].codes;
 * codes are compared within an attribute only, and every object has a value on every attribute).
 */
export function categoricalJaccard(columns: readonly Int32Array[]): Similarity {
  const D = columns.length;
  if (D === 0) throw badOption('Jaccard similarity needs at least one attribute');
  const n = (columns[0] as Int32Array).length;
  columns.forEach((col, a) => {
    if (col.length !== n)
      throw internal(`attribute ${a} has ${col.length} codes, attribute 0 has ${n}`);
  });
  // Row-major copy: one object's codes are contiguous.
  const codes = new Int32Array(n * D);
  columns.forEach((col, a) => {
    for (let i = 0; i < n; i++) codes[i * D + a] = col[i] as number;
  });
  return (i, j) => {
    if (!(i >= 0 && i < n && j >= 0 && j < n))
      throw internal(`objects ${i}, ${j}: not both in 0..${n - 1}`);
    let m = 0;
    const oi = i * D;
    const oj = j * D;
    for (let a = 0; a < D; a++) if (codes[oi + a] === codes[oj + a]) m++;
    return m / (2 * D - m);
  };
}
