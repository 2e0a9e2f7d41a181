import { createRandom, gaussian, type Random } from '../base/random.ts';
import { blockLanczos, dot } from '../linalg/lanczos.ts';
import type { FuzzyGraph } from './fuzzySet.ts';

/**
 * UMAP's starting layouts (umap-learn's `spectral_layout` and `simplicial_set_embedding`).
 *
 * Spectral: the eigenvectors of the 2nd and 3rd smallest eigenvalues of the normalised graph
 * Laplacian I − D^{−1/2} W D^{−1/2} — the 2nd and 3rd largest of N = D^{−1/2} W D^{−1/2} — found
 * by our block Lanczos on N with its known top eigenvector √deg / ‖√deg‖ (eigenvalue 1)
 * projected out, matrix-free on the sparse graph. umap-learn asks ARPACK for the same vectors
 * (tolerance 10⁻⁴); when the Krylov basis (at most 200 vectors, 64 above 20,000 points) has not
 * converged the Ritz vectors are used all the same — they start a layout, nothing more — and
 * the note says so.
 *
 * A graph of several connected components gets one spectral layout per component (random for
 * components of at most 5 points), each scaled to radius 1 and set in its own cell of a square
 * grid, largest first. umap-learn places them by a spectral layout of the components' centroids
 * in the data; a distance input has no centroids, and UMAP pushes components apart anyway.
 * If the eigenvectors cannot be found (non-finite, or a flat axis), the start is random, and the
 * note says why.
 *
 * As umap-learn: the spectral layout is scaled so its largest coordinate is 10 and gets Gaussian
 * noise of standard deviation 10⁻⁴; a random start is uniform in [−10, 10]²; either is then
 * rescaled to [0, 10] on each axis.
 */
export interface StartingLayout {
  /** n × 2 */
  y: Float64Array;
  /** How it was made, for people. */
  note: string;
}

const MAX_BASIS = 64;
/** Up to this many points a component may use a larger basis, 200 vectors (cheap there). */
const SMALL_GRAPH = 20000;
const SMALL_COMPONENT = 5;

export function umapStart(
  graph: FuzzyGraph,
  init: 'laplacian' | 'random',
  seed: number,
): StartingLayout {
  const random = createRandom(seed);
  const n = graph.n;
  let y: Float64Array = new Float64Array(2 * n);
  let note = 'random start';
  if (init === 'laplacian') {
    const spectral = spectralLayout(graph, random, seed);
    if (typeof spectral === 'string') {
      note = `random start (the spectral start failed: ${spectral})`;
      randomFill(y, random);
    } else {
      y = spectral.y;
      note = spectral.note;
      let largest = 0;
      for (let t = 0; t < 2 * n; t++) largest = Math.max(largest, Math.abs(y[t] as number));
      const expansion = 10 / largest;
      for (let t = 0; t < 2 * n; t++) y[t] = (y[t] as number) * expansion + 1e-4 * gaussian(random);
    }
  } else randomFill(y, random);
  rescaleAxes(y);
  return { y, note };
}

function randomFill(y: Float64Array, random: Random): void {
  for (let t = 0; t < y.length; t++) y[t] = 20 * random.next() - 10;
}

/** Each axis to [0, 10] (umap-learn, before the epochs). */
function rescaleAxes(y: Float64Array): void {
  for (let axis = 0; axis < 2; axis++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let t = axis; t < y.length; t += 2) {
      lo = Math.min(lo, y[t] as number);
      hi = Math.max(hi, y[t] as number);
    }
    const scale = hi > lo ? 10 / (hi - lo) : 0;
    for (let t = axis; t < y.length; t += 2) y[t] = ((y[t] as number) - lo) * scale;
  }
}

/** The spectral layout (n × 2), or why it failed. */
function spectralLayout(
  graph: FuzzyGraph,
  random: Random,
  seed: number,
): { y: Float64Array; note: string } | string {
  const { count, of, position, members } = components(graph);
  const y = new Float64Array(2 * graph.n);
  const side = Math.ceil(Math.sqrt(count));
  let approximate = 0;
  for (let c = 0; c < count; c++) {
    const points = members[c] as Int32Array;
    const cx = count === 1 ? 0 : 3 * (c % side);
    const cy = count === 1 ? 0 : 3 * Math.floor(c / side);
    let local: Float64Array;
    if (points.length <= SMALL_COMPONENT) {
      local = new Float64Array(2 * points.length);
      for (let t = 0; t < local.length; t++) local[t] = 2 * random.next() - 1;
    } else {
      const found = componentEigenvectors(graph, { points, of, position, component: c }, seed);
      if (typeof found === 'string') return found;
      if (!found.converged) approximate++;
      local = found.layout;
    }
    let largest = 0;
    for (let t = 0; t < local.length; t++)
      largest = Math.max(largest, Math.abs(local[t] as number));
    const scale = largest > 0 ? 1 / largest : 1;
    for (let p = 0; p < points.length; p++) {
      const i = points[p] as number;
      y[2 * i] = cx + (local[2 * p] as number) * scale;
      y[2 * i + 1] = cy + (local[2 * p + 1] as number) * scale;
    }
  }
  const parts = count === 1 ? '' : ` of each of ${count} connected components`;
  const inexact = approximate > 0 ? ' (Lanczos not fully converged)' : '';
  return { y, note: `spectral start${parts}${inexact}` };
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
function components(graph: FuzzyGraph): {
  count: number;
  of: Int32Array;
  /** Each point's place in its component's list. */
  position: Int32Array;
  members: Int32Array[];
} {
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
