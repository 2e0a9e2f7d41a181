import { pacer, type Steps } from '../../base/jobs.ts';
import { createRandom, shuffleFront, type Random } from '../../base/random.ts';
import type { CategoricalTable } from '../../data/table/types.ts';

/**
 * Isolation forest (Liu, Ting, Zhou, ICDM 2008) on the one-hot encoding of the categorical
 * values, worked from the codes (the n × L one-hot matrix is never built).
 *
 * Each of `trees` isolation trees grows on a sub-sample of ψ fit rows drawn without replacement
 * (Alg. 1), to the height limit l = ⌈log₂ ψ⌉. A node splits on a random one-hot column that is
 * not constant in the node — on a 0/1 column a random threshold between min and max is exactly
 * "has value v or not" — drawn uniformly among the node's non-constant columns (an attribute
 * with m ≥ 2 values present in the node offers m columns); constant columns are skipped as
 * scikit-learn's isolation trees skip constant features. Left = the rows holding v. A node of
 * identical rows, or of one row, or at the height limit, is external (Alg. 2).
 *   h(x) = e + c(size)   path length: edges e to x's external node, plus the average path
 *                         length of an unbuilt tree on the rows left there (Alg. 3)
 *   c(n) = 2H(n − 1) − 2(n − 1)/n,  H(i) ≈ ln i + 0.5772156649;  c(2) = 1, c(n ≤ 1) = 0
 *   s(x, ψ) = 2^(−E[h(x)]/c(ψ))   (Eq. 2: higher = more anomalous; ≈ 0.5 or less = normal)
 * With ψ = 1 (a single fit row) nothing can be isolated: every score is 0.5.
 */
export interface IsolationForestOptions {
  trees: number;
  /** Sub-sample size ψ (lowered to the number of fit rows when fewer). */
  sampleSize: number;
  seed: number;
}

export const IFOREST_DEFAULTS: IsolationForestOptions = { trees: 100, sampleSize: 256, seed: 1 };

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

/** Grows one tree on `rows` (reordered in place). */
function growTree(
  table: CategoricalTable,
  rows: Int32Array,
  heightLimit: number,
  rng: Random,
  seen: Int32Array,
  stamp: { value: number },
): IsolationTree {
  const capacity = 2 * rows.length;
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
      const attr = table.attributes[a] as { codes: Int32Array; offset: number };
      const mark = ++stamp.value;
      let m = 0;
      for (let i = lo; i < hi; i++) {
        const v = attr.offset + (attr.codes[rows[i] as number] as number);
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
    const codes = (table.attributes[a] as { codes: Int32Array }).codes;
    const mark = ++stamp.value;
    let split = -1;
    for (let i = lo; i < hi && split < 0; i++) {
      const c = codes[rows[i] as number] as number;
      if (seen[c] !== mark) {
        seen[c] = mark;
        if (j-- === 0) split = c;
      }
    }
    // Partition: the rows holding the split value first.
    let mid = lo;
    for (let i = lo; i < hi; i++) {
      const r = rows[i] as number;
      if ((codes[r] as number) === split) {
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

/** Grows the forest on sub-samples of the fit rows. */
export function growForest(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
): { trees: IsolationTree[]; sampleSize: number } {
  if (fitRows.length === 0)
    throw new RangeError('the isolation forest needs at least one row to learn from');
  const rng = createRandom(options.seed);
  const psi = Math.min(options.sampleSize, fitRows.length);
  const heightLimit = Math.ceil(Math.log2(psi));
  const pool = Int32Array.from(fitRows);
  // `seen` marks values (global indices, or local codes, which are smaller) by a running stamp.
  const seen = new Int32Array(Math.max(table.nValues, 1));
  const stamp = { value: 0 };
  const trees: IsolationTree[] = [];
  for (let t = 0; t < options.trees; t++) {
    // The first ψ entries become a uniform sample without replacement.
    shuffleFront(pool, psi, rng);
    trees.push(growTree(table, pool.slice(0, psi), heightLimit, rng, seen, stamp));
  }
  return { trees, sampleSize: psi };
}

/** s(x) = 2^(−E[h(x)]/c(ψ)) for `scoreRows`, trees grown on the fit rows. */
export function* isolationForestSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: IsolationForestOptions,
): Steps<Float64Array> {
  yield { fraction: 0, message: 'Isolation forest: growing trees…' };
  const { trees, sampleSize } = growForest(table, fitRows, options);
  const n = scoreRows.length;
  const pathSum = new Float64Array(n);
  const codes = table.attributes.map((a) => a.codes);
  const leafTerm = Float64Array.from({ length: sampleSize + 1 }, (_, m) => averagePathLength(m));
  const pace = pacer();
  for (let t = 0; t < trees.length; t++) {
    const { attribute, code, left, right, size } = trees[t] as IsolationTree;
    for (let i = 0; i < n; i++) {
      const r = scoreRows[i] as number;
      let node = 0;
      let depth = 0;
      for (let a = attribute[0] as number; a >= 0; a = attribute[node] as number) {
        node =
          ((codes[a] as Int32Array)[r] as number) === (code[node] as number)
            ? (left[node] as number)
            : (right[node] as number);
        depth++;
      }
      pathSum[i] = (pathSum[i] as number) + depth + (leafTerm[size[node] as number] as number);
    }
    if (pace(n * 8))
      yield { fraction: (t + 1) / trees.length, message: 'Isolation forest: path lengths…' };
  }
  const norm = averagePathLength(sampleSize);
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++)
    scores[i] = norm > 0 ? 2 ** (-(pathSum[i] as number) / trees.length / norm) : 0.5;
  return scores;
}
