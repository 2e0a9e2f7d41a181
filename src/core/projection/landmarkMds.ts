/**
 * Landmark MDS (de Silva & Tenenbaum 2004, "Sparse multidimensional scaling using landmark
 * points"): classical MDS on m MaxMin landmarks, every point then placed by distance-based
 * triangulation. O(n·m) distance evaluations, O(n + m²) memory.
 */
import type { Steps } from '../base/jobs.ts';
import { pacer, scaledSteps } from '../base/jobs.ts';
import { dot, type TopEigen } from '../linalg/lanczos.ts';
import { createRandom, type Random } from '../base/random.ts';
import { packedSquaredSteps, torgersonSteps, type MdsLayout } from './classicalMds.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import { recentre } from './layout.ts';

/**
 * Default landmark count. De Silva & Tenenbaum need only m > dimension + 1 for exact data; on
 * noisy data more landmarks stabilise the top eigenvectors, with diminishing returns past a few
 * hundred. 300 keeps the landmark eigenproblem small (300 × 300) and the cost linear in n
 * (2·n·300 distance evaluations) without ever storing an n × m matrix.
 */
export const DEFAULT_LANDMARKS = 300;

export interface LandmarkLayout extends MdsLayout {
  /** The landmarks' point indices, in MaxMin order. `eigenvalues` are on their m-point scale. */
  landmarks: Int32Array;
}

/** Landmark MDS of all n points on m landmarks (3 ≤ m ≤ n); the seed picks the first landmark. */
export function* landmarkMdsSteps(
  input: ProjectionInput,
  m: number,
  seed: number,
): Steps<LandmarkLayout> {
  const { n } = input;
  const distance = distanceOf(input);
  const rng = createRandom(seed);
  const landmarks = yield* scaledSteps(maxMinSteps(n, m, distance, rng), 0, 0.35);
  const packed = yield* scaledSteps(
    packedSquaredSteps(m, distance, (r) => landmarks[r] as number),
    0.35,
    0.4,
    'Landmarks: ',
  );
  const top = yield* scaledSteps(torgersonSteps(packed, m, seed), 0.4, 0.5, 'Landmarks: ');
  const coordinates = yield* scaledSteps(
    triangulateSteps(n, distance, landmarks, packed, top),
    0.5,
    1,
  );
  return {
    coordinates,
    eigenvalues: [top.values[0] as number, top.values[1] as number],
    landmarks,
  };
}

/**
 * MaxMin landmarks (de Silva & Tenenbaum 2004, §3.1): the first uniformly at random, each next
 * one the point farthest from those chosen (lowest index on ties, never a point twice).
 */
function* maxMinSteps(
  n: number,
  m: number,
  distance: (i: number, j: number) => number,
  rng: Random,
): Steps<Int32Array> {
  const landmarks = new Int32Array(m);
  const nearest = new Float64Array(n).fill(Infinity);
  const chosen = new Uint8Array(n);
  const pace = pacer();
  let current = rng.int(n);
  for (let c = 0; ; c++) {
    landmarks[c] = current;
    chosen[current] = 1;
    if (c === m - 1) return landmarks;
    let far = -1;
    let farDistance = -Infinity;
    for (let j = 0; j < n; j++) {
      if (chosen[j]) continue;
      const d = Math.min(nearest[j] as number, distance(current, j));
      nearest[j] = d;
      if (d > farDistance) {
        farDistance = d;
        far = j;
      }
    }
    current = far;
    if (pace(n)) yield { fraction: (c + 1) / m, message: `Landmark ${c + 1} of ${m}…` };
  }
}

/**
 * Distance-based triangulation (de Silva & Tenenbaum 2004, Eq. 3): x_i = −½ L# (δ_i − δ_μ), with
 * L#'s rows v_k / √λ_k, δ_i point i's squared distances to the landmarks and δ_μ the mean column
 * of the landmarks' squared-distance matrix. An axis with λ_k ≤ 0 (or negligible) is set to 0.
 * The result is recentred on the mean of all n points.
 */
function* triangulateSteps(
  n: number,
  distance: (i: number, j: number) => number,
  landmarks: Int32Array,
  packed: Float64Array,
  top: TopEigen,
): Steps<Float64Array> {
  const m = landmarks.length;
  const { rows, offset } = triangulation(packed, m, top);
  const [p0, p1] = rows;
  const coordinates = new Float64Array(n * 2);
  const pace = pacer();
  for (let i = 0; i < n; i++) {
    let x = 0;
    let y = 0;
    for (let a = 0; a < m; a++) {
      const d = distance(i, landmarks[a] as number);
      const d2 = d * d;
      x += (p0[a] as number) * d2;
      y += (p1[a] as number) * d2;
    }
    coordinates[i * 2] = x - (offset[0] as number);
    coordinates[i * 2 + 1] = y - (offset[1] as number);
    if (pace(m)) yield { fraction: (i + 1) / n, message: 'Placing points…' };
  }
  recentre(coordinates);
  return coordinates;
}

/**
 * Eq. 3's linear map: the rows −½ v_k / √λ_k of −½ L# (zero for an axis with λ_k ≤ 0 or
 * negligible) and their offsets −½ L# δ_μ, so that x_i,k = rows[k] · δ_i − offset[k].
 */
function triangulation(
  packed: Float64Array,
  m: number,
  top: TopEigen,
): { rows: [Float64Array, Float64Array]; offset: Float64Array } {
  const meanColumn = meanSquaredDistances(packed, m);
  const lambda1 = Math.abs(top.values[0] as number);
  const rows: [Float64Array, Float64Array] = [new Float64Array(m), new Float64Array(m)];
  const offset = new Float64Array(2);
  for (let k = 0; k < 2; k++) {
    const lambda = top.values[k] as number;
    if (!(lambda > 1e-12 * lambda1)) continue;
    const row = rows[k] as Float64Array;
    const v = top.vectors[k] as Float64Array;
    for (let a = 0; a < m; a++) row[a] = (-0.5 * (v[a] as number)) / Math.sqrt(lambda);
    offset[k] = dot(row, meanColumn);
  }
  return { rows, offset };
}

/** δ_μ: the mean column of the m × m squared-distance matrix held as a packed upper triangle. */
function meanSquaredDistances(packed: Float64Array, m: number): Float64Array {
  const meanColumn = new Float64Array(m);
  let at = 0;
  for (let a = 0; a < m; a++)
    for (let b = a + 1; b < m; b++) {
      const v = packed[at++] as number;
      meanColumn[a] = (meanColumn[a] as number) + v / m;
      meanColumn[b] = (meanColumn[b] as number) + v / m;
    }
  return meanColumn;
}
