import type { IsolationForestOptions } from './isolationForestParameters.ts';
import { runToEnd, type Steps } from '../../base/jobs.ts';
import { createRandom, shuffleFront, type Random } from '../../base/random.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { badOption } from '../../base/errors.ts';

/**
 * The isolation forest's trees (Liu, Ting, Zhou, ICDM 2008, Algs. 1-2), grown on the caller from
 * one seeded stream; the model is described in isolationForest.ts.
 */
export type { IsolationForestOptions };

/**
 * The most trees × ψ a forest may hold: every tree is kept, 2ψ nodes of 20 bytes, and walking
 * lays them end to end once more (about 340 MB at the limit). 10,000 trees of the paper's 256
 * fit; 10,000 of 4,096 (both maxima) do not.
 */
export const FOREST_SIZE_LIMIT = 2 ** 22;

const EULER_GAMMA = 0.5772156649015329;

/** c(n), the average path length of an unsuccessful search in a binary search tree of n rows. */
export function averagePathLength(n: number): number {
  if (n <= 1) return 0;
  if (n === 2) return 1;
  return 2 * (Math.log(n - 1) + EULER_GAMMA) - (2 * (n - 1)) / n;
}

/** One tree in flat arrays; node 0 is the root. */
export interface IsolationTree {
  /** Attribute split on, or −1 for an external node. */
  attribute: Int32Array;
  /** Local code of the split value (left = rows holding it). */
  code: Int32Array;
  left: Int32Array;
  right: Int32Array;
  /** Rows that reached an external node (its c(size) term). */
  size: Int32Array;
}

/**
 * Grows one tree on the ψ sampled rows: `sample` holds their codes (attribute-major, ψ per
 * attribute), `rows` their positions 0 … ψ − 1 (reordered in place).
 */
function growTree(
  table: CategoricalTable,
  sample: Int32Array,
  rows: Int32Array,
  heightLimit: number,
  rng: Random,
  seen: Int32Array,
  stamp: { value: number },
): IsolationTree {
  const psi = rows.length;
  const capacity = 2 * psi;
  const tree: IsolationTree = {
    attribute: new Int32Array(capacity).fill(-1),
    code: new Int32Array(capacity),
    left: new Int32Array(capacity),
    right: new Int32Array(capacity),
    size: new Int32Array(capacity),
  };
  const D = table.attributes.length;
  const present = new Int32Array(D);
  let nodes = 1;
  // A stack of (node, lo, hi, depth).
  const stack: number[] = [0, 0, rows.length, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    const node = stack.pop() as number;
    tree.size[node] = hi - lo;
    if (hi - lo <= 1 || depth >= heightLimit) continue;
    // Values present in the node, per attribute.
    let columns = 0;
    for (let a = 0; a < D; a++) {
      const offset = (table.attributes[a] as { offset: number }).offset;
      const base = a * psi;
      const mark = ++stamp.value;
      let m = 0;
      for (let i = lo; i < hi; i++) {
        const v = offset + (sample[base + (rows[i] as number)] as number);
        if (seen[v] !== mark) {
          seen[v] = mark;
          m++;
        }
      }
      present[a] = m;
      if (m >= 2) columns += m;
    }
    if (columns === 0) continue; // identical rows: external
    // The chosen non-constant column: the j-th value (in order of first appearance) of attribute a.
    let j = rng.int(columns);
    let a = 0;
    while ((present[a] as number) < 2 || j >= (present[a] as number)) {
      if ((present[a] as number) >= 2) j -= present[a] as number;
      a++;
    }
    const base = a * psi;
    const mark = ++stamp.value;
    let split = -1;
    for (let i = lo; i < hi && split < 0; i++) {
      const c = sample[base + (rows[i] as number)] as number;
      if (seen[c] !== mark) {
        seen[c] = mark;
        if (j-- === 0) split = c;
      }
    }
    // Partition: the rows holding the split value first.
    let mid = lo;
    for (let i = lo; i < hi; i++) {
      const r = rows[i] as number;
      if ((sample[base + r] as number) === split) {
        rows[i] = rows[mid] as number;
        rows[mid++] = r;
      }
    }
    tree.attribute[node] = a;
    tree.code[node] = split;
    tree.left[node] = nodes;
    tree.right[node] = nodes + 1;
    stack.push(nodes, lo, mid, depth + 1, nodes + 1, mid, hi, depth + 1);
    nodes += 2;
  }
  return tree;
}

/** Grows the forest on sub-samples of the fit rows (growForestSteps run to the end). */
export function growForest(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
): { trees: IsolationTree[]; sampleSize: number } {
  return runToEnd(growForestSteps(table, fitRows, options));
}

/**
 * Grows the forest on sub-samples of the fit rows, reporting after every tree ("growing tree
 * 12 of 100"), so a large forest says what it is doing and a cancel gets through between trees.
 */
export function* growForestSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
): Steps<{ trees: IsolationTree[]; sampleSize: number }> {
  if (fitRows.length === 0)
    throw badOption('the isolation forest needs at least one row to learn from');
  const psi = Math.min(options.sampleSize, fitRows.length);
  if (options.trees * psi > FOREST_SIZE_LIMIT)
    throw badOption(
      `the isolation forest would keep ${options.trees.toLocaleString('en-US')} trees of ψ = ${psi.toLocaleString('en-US')} rows; trees × ψ is limited to ${FOREST_SIZE_LIMIT.toLocaleString('en-US')} (every tree is kept in memory): fewer trees or a smaller sampleSize`,
    );
  const rng = createRandom(options.seed);
  const heightLimit = Math.ceil(Math.log2(psi));
  const pool = Int32Array.from(fitRows);
  // `seen` marks values (global indices, or local codes, which are smaller) by a running stamp.
  const seen = new Int32Array(Math.max(table.nValues, 1));
  const stamp = { value: 0 };
  const trees: IsolationTree[] = [];
  // The sample's codes side by side: a tree reads them some ⌈log₂ ψ⌉ times each, and reading
  // them from the whole table's columns was a cache miss each time (a fifth of the forest's time
  // at 100,000 rows). The same codes, so the same trees.
  const D = table.attributes.length;
  const sample = new Int32Array(D * psi);
  const positions = new Int32Array(psi);
  for (let t = 0; t < options.trees; t++) {
    // The first ψ entries become a uniform sample without replacement.
    shuffleFront(pool, psi, rng);
    table.attributes.forEach((attr, a) => {
      for (let j = 0; j < psi; j++) sample[a * psi + j] = attr.codes[pool[j] as number] as number;
    });
    for (let j = 0; j < psi; j++) positions[j] = j;
    trees.push(growTree(table, sample, positions, heightLimit, rng, seen, stamp));
    yield {
      fraction: (t + 1) / options.trees,
      message: `Isolation forest: growing tree ${(t + 1).toLocaleString('en-US')} of ${options.trees.toLocaleString('en-US')}…`,
    };
  }
  return { trees, sampleSize: psi };
}

/**
 * The share of the work spent growing the trees, for the progress bar: a tree reads ψ rows'
 * D attributes at each of its levels, while walking sends every scored row down every level.
 */
export function growingShare(
  table: CategoricalTable,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: IsolationForestOptions,
): number {
  const grow = Math.min(options.sampleSize, fitRows.length) * table.attributes.length;
  return grow / Math.max(1, grow + scoreRows.length);
}
