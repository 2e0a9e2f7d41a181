/**
 * The spectral start's per-component work (spectralInit.ts): a graph's connected components, and
 * each component's two leading non-trivial eigenvectors of N = D^{−1/2} W D^{−1/2} by block
 * Lanczos — one component a team task (team.ts), largest first, so that a graph of several
 * components (the 16-D mixture's 10 clusters) has them found side by side. A component's vectors
 * depend only on the graph and the seed, never on the thread that found them.
 */
import { blockLanczos, dot } from '../linalg/lanczos.ts';
import { serialTeam, shareWith, type Team } from '../parallel/team.ts';
import { teamKernel } from '../parallel/teamKernel.ts';
import type { FuzzyGraph } from './fuzzySet.ts';

const KERNEL = teamKernel('umap.spectral', spectralKernel);
/** Components of at most this many points start at random (umap-learn: below 2 × dims + 1). */
export const SMALL_COMPONENT = 5;
const MAX_BASIS = 64;
/** Up to this many points a component may use a larger basis, 200 vectors (cheap there). */
const SMALL_GRAPH = 20000;
/** Per-component outcome codes (status array). */
const CONVERGED = 1;
const NOT_CONVERGED = 2;
const FAILED = 3;

export interface Components {
  count: number;
  of: Int32Array;
  /** Each point's place in its component's list. */
  position: Int32Array;
  members: Int32Array[];
}

interface SpectralInputs {
  n: number;
  seed: number;
  rowStart: Int32Array;
  columns: Int32Array;
  weights: Float64Array;
  of: Int32Array;
  position: Int32Array;
  /** The components' points one after the other, component c's at start[c] … start[c + 1]. */
  points: Int32Array;
  start: Int32Array;
  /** Component c's layout (its points × 2) at 2·start[c]. */
  layouts: Float64Array;
  status: Int32Array;
}

function spectralKernel(o: SpectralInputs) {
  const graph: FuzzyGraph = {
    n: o.n,
    rowStart: o.rowStart,
    columns: o.columns,
    weights: o.weights,
  };
  return {
    task(c: number) {
      const from = o.start[c] as number;
      const points = o.points.subarray(from, o.start[c + 1] as number);
      if (points.length <= SMALL_COMPONENT) return;
      const part = { points, of: o.of, position: o.position, component: c };
      const found = componentEigenvectors(graph, part, o.seed);
      if (typeof found === 'string') {
        o.status[c] = FAILED;
        return;
      }
      o.layouts.set(found.layout, 2 * from);
      o.status[c] = found.converged ? CONVERGED : NOT_CONVERGED;
    },
  };
}

/**
 * Each component's eigenvector layout (its points × 2), or why it failed, or null for a small
 * component (left to the caller's random start); found on `team`, one component a task.
 */
export function componentLayouts(
  graph: FuzzyGraph,
  parts: Components,
  seed: number,
  team: Team = serialTeam,
): ({ layout: Float64Array; converged: boolean } | string | null)[] {
  const { count, members } = parts;
  const start = new Int32Array(count + 1);
  for (let c = 0; c < count; c++)
    start[c + 1] = (start[c] as number) + (members[c] as Int32Array).length;
  const points = team.allocate(Int32Array, graph.n);
  for (let c = 0; c < count; c++) points.set(members[c] as Int32Array, start[c] as number);
  const inputs: SpectralInputs = {
    n: graph.n,
    seed,
    rowStart: shareWith(team, graph.rowStart),
    columns: shareWith(team, graph.columns),
    weights: shareWith(team, graph.weights),
    of: shareWith(team, parts.of),
    position: shareWith(team, parts.position),
    points,
    start: shareWith(team, start),
    layouts: team.allocate(Float64Array, 2 * graph.n),
    status: team.allocate(Int32Array, count),
  };
  const binding = KERNEL.bind(team, inputs);
  try {
    binding.run(count);
  } finally {
    binding.release();
  }
  return members.map((m, c) => {
    if (m.length <= SMALL_COMPONENT) return null;
    const status = inputs.status[c] as number;
    if (status === FAILED) {
      // Found again here for its message (a failure ends the spectral start anyway).
      const found = componentEigenvectors(graph, { ...parts, points: m, component: c }, seed);
      return typeof found === 'string' ? found : 'an eigenvector search failed';
    }
    const from = 2 * (start[c] as number);
    return {
      layout: inputs.layouts.slice(from, from + 2 * m.length),
      converged: status === CONVERGED,
    };
  });
}

/** The component's 2 leading non-trivial eigenvectors of N, as a layout (points × 2). */
function componentEigenvectors(
  graph: FuzzyGraph,
  part: { points: Int32Array; of: Int32Array; position: Int32Array; component: number },
  seed: number,
): { layout: Float64Array; converged: boolean } | string {
  const { rowStart, weights } = graph;
  const { points } = part;
  const m = points.length;
  const root = new Float64Array(m);
  for (let p = 0; p < m; p++) {
    const i = points[p] as number;
    let degree = 0;
    for (let e = rowStart[i] as number; e < (rowStart[i + 1] as number); e++)
      degree += weights[e] as number;
    root[p] = Math.sqrt(degree);
  }
  const length = Math.sqrt(dot(root, root));
  const trivial = root.map((r) => r / length);
  const deflate = (x: Float64Array): void => {
    const s = dot(trivial, x);
    for (let p = 0; p < m; p++) x[p] = (x[p] as number) - s * (trivial[p] as number);
  };
  // The component's rows with local columns and w_ij / √d_j, once: the products below are then
  // the same bits, read from arrays the size of the component (the graph's are n long).
  const local = localRows(graph, part, root);
  const scratch = new Float64Array(m);
  const apply = (x: Float64Array, out: Float64Array): void => {
    scratch.set(x);
    deflate(scratch);
    const { start, column, scaled } = local;
    for (let p = 0; p < m; p++) {
      let s = 0;
      for (let e = start[p] as number; e < (start[p + 1] as number); e++)
        s += (scaled[e] as number) * (scratch[column[e] as number] as number);
      out[p] = s / (root[p] as number);
    }
    deflate(out);
  };
  let result;
  try {
    result = blockLanczos(apply, m, {
      count: 2,
      maxBasis: Math.min(m, m <= SMALL_GRAPH ? 200 : MAX_BASIS),
      tolerance: 1e-4,
      seed,
    });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const layout = new Float64Array(2 * m);
  for (let axis = 0; axis < 2; axis++) {
    const v = result.vectors[axis];
    if (!v) return 'fewer than 2 eigenvectors found';
    let spread = 0;
    for (let p = 0; p < m; p++) {
      const x = v[p] as number;
      if (!Number.isFinite(x)) return 'a non-finite eigenvector';
      spread = Math.max(spread, Math.abs(x));
      layout[2 * p + axis] = x;
    }
    if (spread === 0) return 'a flat eigenvector';
  }
  return { layout, converged: result.converged };
}

/** A component's rows: its edges within it, by local index, each weight divided by √d_j. */
function localRows(
  graph: FuzzyGraph,
  part: { points: Int32Array; of: Int32Array; position: Int32Array; component: number },
  root: Float64Array,
): { start: Int32Array; column: Int32Array; scaled: Float64Array } {
  const { rowStart, columns, weights } = graph;
  const { points, of, position, component } = part;
  const m = points.length;
  const start = new Int32Array(m + 1);
  for (let p = 0; p < m; p++) {
    const i = points[p] as number;
    let count = 0;
    for (let e = rowStart[i] as number; e < (rowStart[i + 1] as number); e++)
      if (of[columns[e] as number] === component) count++;
    start[p + 1] = (start[p] as number) + count;
  }
  const column = new Int32Array(start[m] as number);
  const scaled = new Float64Array(start[m] as number);
  for (let p = 0, t = 0; p < m; p++) {
    const i = points[p] as number;
    for (let e = rowStart[i] as number; e < (rowStart[i + 1] as number); e++) {
      const j = columns[e] as number;
      if (of[j] !== component) continue;
      const q = position[j] as number;
      column[t] = q;
      scaled[t++] = (weights[e] as number) / (root[q] as number);
    }
  }
  return { start, column, scaled };
}

/** Connected components, largest first (ties by their first point). */
export function components(graph: FuzzyGraph): Components {
  const { n, rowStart, columns } = graph;
  const label = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const found: Int32Array[] = [];
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1) continue;
    const list: number[] = [];
    let top = 0;
    stack[top++] = start;
    label[start] = found.length;
    while (top > 0) {
      const i = stack[--top] as number;
      list.push(i);
      for (let e = rowStart[i] as number; e < (rowStart[i + 1] as number); e++) {
        const j = columns[e] as number;
        if (label[j] === -1) {
          label[j] = found.length;
          stack[top++] = j;
        }
      }
    }
    found.push(Int32Array.from(list).sort());
  }
  const order = found
    .map((_, c) => c)
    .sort((p, q) => (found[q] as Int32Array).length - (found[p] as Int32Array).length || p - q);
  const of = new Int32Array(n);
  const position = new Int32Array(n);
  const members = order.map((c, rank) => {
    const points = found[c] as Int32Array;
    for (let p = 0; p < points.length; p++) {
      of[points[p] as number] = rank;
      position[points[p] as number] = p;
    }
    return points;
  });
  return { count: members.length, of, position, members };
}
