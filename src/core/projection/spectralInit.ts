import { createRandom, gaussian, type Random } from '../base/random.ts';
import { serialTeam, type Team } from '../parallel/team.ts';
import type { FuzzyGraph } from './fuzzySet.ts';
import { componentLayouts, components, SMALL_COMPONENT } from './spectralComponents.ts';

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

export function umapStart(
  graph: FuzzyGraph,
  init: 'laplacian' | 'random',
  seed: number,
  team: Team = serialTeam,
): StartingLayout {
  const random = createRandom(seed);
  const n = graph.n;
  let y: Float64Array = new Float64Array(2 * n);
  let note = 'random start';
  if (init === 'laplacian') {
    const spectral = spectralLayout(graph, random, seed, team);
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

/** The spectral layout (n × 2), or why it failed (the components' eigenvectors on `team`). */
function spectralLayout(
  graph: FuzzyGraph,
  random: Random,
  seed: number,
  team: Team,
): { y: Float64Array; note: string } | string {
  const parts = components(graph);
  const { count, members } = parts;
  const found = componentLayouts(graph, parts, seed, team);
  const y = new Float64Array(2 * graph.n);
  const side = Math.ceil(Math.sqrt(count));
  let approximate = 0;
  for (let c = 0; c < count; c++) {
    const points = members[c] as Int32Array;
    const cx = count === 1 ? 0 : 3 * (c % side);
    const cy = count === 1 ? 0 : 3 * Math.floor(c / side);
    const spectral = found[c];
    let local: Float64Array;
    if (typeof spectral === 'string') return spectral;
    if (!spectral || points.length <= SMALL_COMPONENT) {
      local = new Float64Array(2 * points.length);
      for (let t = 0; t < local.length; t++) local[t] = 2 * random.next() - 1;
    } else {
      if (!spectral.converged) approximate++;
      local = spectral.layout;
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
  const wording = count === 1 ? '' : ` of each of ${count} connected components`;
  const inexact = approximate > 0 ? ' (Lanczos not fully converged)' : '';
  return { y, note: `spectral start${wording}${inexact}` };
}
