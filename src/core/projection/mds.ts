import type { Steps } from '../base/jobs.ts';
import { runToEnd, scaledSteps } from '../base/jobs.ts';
import {
  AUTO,
  autoNumber,
  resolveOptions,
  SEED_BOUND,
  type OptionsOf,
  type ParameterSpec,
} from '../base/parameters.ts';
import { classicalMdsSteps, MAX_CLASSICAL_POINTS } from './classicalMds.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';
import { DEFAULT_LANDMARKS, landmarkMdsSteps } from './landmarkMds.ts';
import { stressSteps } from './stress.ts';
import { badOption } from '../base/errors.ts';

/**
 * Metric multidimensional scaling to two dimensions: this module picks the method and measures
 * the layout's Kruskal stress-1 (stress.ts).
 *
 * - Classical (Torgerson 1952; Gower 1966), classicalMds.ts: B = −½ J D⁽²⁾ J, coordinates from
 *   B's two largest (algebraic) eigenpairs, B applied as an operator inside a block Lanczos solver.
 * - Landmark (de Silva & Tenenbaum 2004, "Sparse multidimensional scaling using landmark points"),
 *   landmarkMds.ts: classical MDS on m MaxMin landmarks, every point then placed by distance-based
 *   triangulation. O(n·m) distance evaluations, O(n + m²) memory.
 */
/** Options from MDS_PARAMETERS (their defaults live there). */
export type MdsOptions = Partial<OptionsOf<typeof MDS_PARAMETERS>>;

export interface MdsResult {
  /** n × 2, row-major. */
  coordinates: Float64Array;
  method: 'classical' | 'landmark';
  /**
   * The two largest eigenvalues of B (classical) or of the landmarks' B (landmark; on the
   * landmarks' m-point scale). An axis whose eigenvalue is ≤ 0 gets coordinate 0.
   */
  eigenvalues: [number, number];
  /** Kruskal stress-1 of `coordinates` against the input distances (see kruskalStress). */
  stress: number;
  /** Landmark MDS only: the landmarks' point indices, in MaxMin order. */
  landmarks?: Int32Array;
}

export const DEFAULT_CLASSICAL_LIMIT = 3000;

/**
 * MDS_PARAMETERS' options as MDS runs them: the method chosen ('auto' decided by n) and the
 * landmarks counted; classicalLimit has done its work.
 */
export type ResolvedMdsOptions = Pick<OptionsOf<typeof MDS_PARAMETERS>, 'seed'> & {
  method: Exclude<OptionsOf<typeof MDS_PARAMETERS>['method'], 'auto'>;
  landmarks: number;
};

/** MDS's parameter table: the single source of its defaults and bounds. */
export const MDS_PARAMETERS = [
  {
    name: 'method',
    type: 'choice',
    default: 'auto',
    choices: ['auto', 'classical', 'landmark'],
    choiceTitles: {
      auto: `classical up to ${DEFAULT_CLASSICAL_LIMIT} objects, else landmark`,
      classical: 'classical (Torgerson)',
      landmark: 'landmark (linear in n)',
    },
    description: 'Classical MDS (exact, stores n × n) or landmark MDS (linear in n)',
  },
  {
    name: 'classicalLimit',
    type: 'integer',
    default: DEFAULT_CLASSICAL_LIMIT,
    min: 0,
    max: MAX_CLASSICAL_POINTS,
    maxBecause: `classical MDS stores an n × n matrix, over a gigabyte at ${MAX_CLASSICAL_POINTS}²`,
    advanced: true,
    description: 'Largest n that "auto" runs classically',
  },
  {
    name: 'landmarks',
    type: 'integer',
    default: 'auto',
    auto: { description: `min(n, ${DEFAULT_LANDMARKS})`, legacy: 0 },
    min: 3,
    max: DEFAULT_CLASSICAL_LIMIT,
    maxBecause: `landmark MDS keeps landmarks × n distances and solves a landmarks × landmarks eigenproblem; ${DEFAULT_CLASSICAL_LIMIT} is the size "auto" already runs classically`,
    advanced: true,
    description: 'Landmarks of landmark MDS (at most n)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the eigensolver start, the first landmark and sampled stress',
  },
] as const satisfies readonly ParameterSpec[];

/** Defaults and validation from MDS_PARAMETERS; the data-dependent rules need n. */
export function resolveMdsOptions(n: number, options: MdsOptions = {}): ResolvedMdsOptions {
  if (!Number.isInteger(n) || n < 2) throw badOption(`MDS needs at least 2 points, got ${n}`);
  const { method, classicalLimit, landmarks, seed } = resolveOptions(
    MDS_PARAMETERS,
    options,
    'MDS',
  );
  if (landmarks !== AUTO) validateLandmarks(n, landmarks);
  const resolved = method === 'auto' ? (n <= classicalLimit ? 'classical' : 'landmark') : method;
  if (resolved === 'classical' && n > MAX_CLASSICAL_POINTS)
    throw badOption(
      `method "classical" is limited to ${MAX_CLASSICAL_POINTS} points (it stores an n × n ` +
        `matrix), got n = ${n}; use method "landmark"`,
    );
  if (resolved === 'landmark' && n < 3)
    throw badOption(`method "landmark" needs at least 3 points (landmarks ≥ 3), got n = ${n}`);
  return {
    method: resolved,
    landmarks: autoNumber(landmarks, () => Math.min(n, DEFAULT_LANDMARKS)),
    seed,
  };
}

function validateLandmarks(n: number, m: number): void {
  const cap = Math.min(n, MAX_CLASSICAL_POINTS);
  if (typeof m !== 'number' || !Number.isInteger(m) || m < 3 || m > cap)
    throw badOption(`landmarks must be an integer from 3 to ${cap} (n = ${n}), got ${String(m)}`);
}

/** Classical or landmark MDS to 2-D, as steps. */
export function* mdsSteps(input: ProjectionInput, options: MdsOptions = {}): Steps<MdsResult> {
  const { method, landmarks, seed } = resolveMdsOptions(input.n, options);
  const layout =
    method === 'classical'
      ? yield* scaledSteps(classicalMdsSteps(input, seed), 0, 0.9)
      : yield* scaledSteps(landmarkMdsSteps(input, landmarks, seed), 0, 0.9);
  const stress = yield* scaledSteps(stressSteps(input, layout.coordinates, { seed }), 0.9, 1);
  return { ...layout, method, stress };
}

export function runMds(input: ProjectionInput, options: MdsOptions = {}): MdsResult {
  return runToEnd(mdsSteps(input, options));
}
