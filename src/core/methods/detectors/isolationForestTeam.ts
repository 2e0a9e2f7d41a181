/**
 * The isolation forest's walks split across a team (core/parallel/team.ts): every scored object
 * walks every tree on its own, so a task takes a chunk of objects and writes only their path
 * sums (or their per-attribute path-length reductions, isolationForestExplain.ts). Each object
 * sums its trees in tree order on whichever thread runs it, so the scores are the same bit for
 * bit whatever the team. The trees themselves are grown on the caller from the one seeded stream
 * (growForest): growing 100 trees of ψ = 256 rows is a small part of the work next to walking
 * every object down every tree, and the forest stays the one the method has always grown.
 */
import type { Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { chunkedSteps } from '../../parallel/chunkedSteps.ts';
import { shareWith, type Team } from '../../parallel/team.ts';
import { numbered, paramsOn, teamKernel } from '../../parallel/teamKernel.ts';
import { averagePathLength, type IsolationTree } from './isolationForestTrees.ts';

const KERNEL = teamKernel('isolation-forest', forestKernel);
/** params cells: the step's first chunk (cell 0, as chunkSteps writes it) and the walk. */
const CELL = numbered('firstChunk', 'walk');
const WALK = numbered('paths', 'terms');
/** Objects a task. */
const CHUNK = 512;
/** Tasks a step (progress is reported between steps). */
const TASKS_PER_STEP = 32;

/** What a walk adds up: the path lengths h(x) (Alg. 3), or each split's reduction per attribute. */
export type ForestWalk = 'paths' | 'terms';

interface ForestInputs {
  nRows: number;
  D: number;
  trees: number;
  /** codes[a·nRows + r]: row r's local code in attribute a. */
  codes: Int32Array;
  /** The walked rows. */
  rows: Int32Array;
  /** Tree t's nodes are nodeStart[t] …; left and right are numbered within the tree. */
  nodeStart: Int32Array;
  attribute: Int32Array;
  code: Int32Array;
  left: Int32Array;
  right: Int32Array;
  size: Int32Array;
  /** c(m) for m = 0 … ψ. */
  c: Float64Array;
  /** The cells of CELL: the step's first chunk and the walk. */
  params: Int32Array;
  /** Σ_t h_t(x) per walked row, or the terms (rows × D) averaged over the trees. */
  pathSum: Float64Array;
  terms: Float64Array;
}

function forestKernel(inputs: ForestInputs) {
  return {
    task(index: number) {
      const from = ((inputs.params[CELL.firstChunk] as number) + index) * CHUNK;
      const to = Math.min(inputs.rows.length, from + CHUNK);
      for (let i = from; i < to; i++)
        if (inputs.params[CELL.walk] === WALK.paths)
          inputs.pathSum[i] = pathSum(inputs, inputs.rows[i] as number);
        else addTerms(inputs, i);
    },
  };
}

/** Σ_t (e_t + c(size)) over the trees in order (Alg. 3 per tree). */
function pathSum(inputs: ForestInputs, r: number): number {
  const { nRows, codes, nodeStart, attribute, code, left, right, size, c } = inputs;
  let sum = 0;
  for (let t = 0; t < inputs.trees; t++) {
    const base = nodeStart[t] as number;
    let node = 0;
    let depth = 0;
    for (let a = attribute[base] as number; a >= 0; a = attribute[base + node] as number) {
      node =
        (codes[a * nRows + r] as number) === (code[base + node] as number)
          ? (left[base + node] as number)
          : (right[base + node] as number);
      depth++;
    }
    sum = sum + depth + (c[size[base + node] as number] as number);
  }
  return sum;
}

/** Walked row i's reductions c(m) − 1 − c(m′) per split attribute, averaged over the trees. */
function addTerms(inputs: ForestInputs, i: number): void {
  const { nRows, D, codes, nodeStart, attribute, code, left, right, size, c, terms } = inputs;
  const r = inputs.rows[i] as number;
  for (let t = 0; t < inputs.trees; t++) {
    const base = nodeStart[t] as number;
    let node = 0;
    for (let a = attribute[base] as number; a >= 0; a = attribute[base + node] as number) {
      const child =
        (codes[a * nRows + r] as number) === (code[base + node] as number)
          ? (left[base + node] as number)
          : (right[base + node] as number);
      const reduction =
        (c[size[base + node] as number] as number) -
        1 -
        (c[size[base + child] as number] as number);
      terms[i * D + a] = (terms[i * D + a] as number) + reduction;
      node = child;
    }
  }
  for (let a = 0; a < D; a++) terms[i * D + a] = (terms[i * D + a] as number) / inputs.trees;
}

/**
 * Walks `rows` down every tree on `team`: the path sums Σ_t h_t(x) ('paths', rows) or the
 * averaged per-attribute terms ('terms', rows × D).
 */
export function* walkForest(
  table: CategoricalTable,
  forest: { trees: IsolationTree[]; sampleSize: number },
  rows: Int32Array,
  walk: ForestWalk,
  team: Team,
): Steps<Float64Array> {
  const D = table.attributes.length;
  const inputs = forestInputs(table, forest, rows, walk, team);
  const binding = KERNEL.bind(team, inputs);
  try {
    yield* chunkedSteps(binding, inputs.params, {
      objects: rows.length,
      chunk: CHUNK,
      perStep: TASKS_PER_STEP,
      message: walk === 'paths' ? 'Isolation forest: path lengths…' : 'Isolation forest: terms…',
    });
  } finally {
    binding.release();
  }
  // Results leave the team's shared memory.
  return walk === 'paths' ? inputs.pathSum.slice() : inputs.terms.slice(0, rows.length * D);
}

/** The trees laid end to end and the table's codes, on the team's memory. */
function forestInputs(
  table: CategoricalTable,
  forest: { trees: IsolationTree[]; sampleSize: number },
  rows: Int32Array,
  walk: ForestWalk,
  team: Team,
): ForestInputs {
  const { trees, sampleSize } = forest;
  const nRows = table.nRows;
  const D = table.attributes.length;
  const nodeStart = team.allocate(Int32Array, trees.length + 1);
  trees.forEach((tree, t) => (nodeStart[t + 1] = (nodeStart[t] as number) + tree.size.length));
  const nodes = nodeStart[trees.length] as number;
  const flat = (field: keyof IsolationTree): Int32Array => {
    const out = team.allocate(Int32Array, nodes);
    trees.forEach((tree, t) => out.set(tree[field], nodeStart[t] as number));
    return out;
  };
  const codes = team.allocate(Int32Array, D * nRows);
  table.attributes.forEach((attr, a) => codes.set(attr.codes, a * nRows));
  const c = team.allocate(Float64Array, sampleSize + 1);
  for (let m = 0; m <= sampleSize; m++) c[m] = averagePathLength(m);
  return {
    nRows,
    D,
    trees: trees.length,
    codes,
    rows: shareWith(team, rows),
    nodeStart,
    attribute: flat('attribute'),
    code: flat('code'),
    left: flat('left'),
    right: flat('right'),
    size: flat('size'),
    c,
    params: paramsOf(team, walk),
    pathSum: team.allocate(Float64Array, walk === 'paths' ? rows.length : 0),
    terms: team.allocate(Float64Array, walk === 'terms' ? rows.length * D : 0),
  };
}

/** [first chunk, 0 paths | 1 terms]. */
function paramsOf(team: Team, walk: ForestWalk): Int32Array {
  const params = paramsOn(team, Int32Array, CELL);
  params[CELL.walk] = WALK[walk];
  return params;
}
