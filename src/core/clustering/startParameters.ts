import { SEED_BOUND, type OptionsOf, type ParameterSpec } from '../base/parameters.ts';

/** The seed of the seeded starts, shared by the clustering steps. */
export const STARTS_SEED_PARAMETER = {
  name: 'seed',
  type: 'integer',
  default: 0,
  ...SEED_BOUND,
  role: 'seed',
  description: 'Seed of the starts',
} as const satisfies ParameterSpec;

/** Iterations of one k-means (or k-modes) start, shared by the clustering steps. */
export const ITERATIONS_PARAMETER = {
  name: 'maxIterations',
  type: 'integer',
  default: 100,
  min: 1,
  max: 1000,
  maxBecause:
    'k-means stops at convergence, usually within tens of iterations; 10 × MATLAB’s default bounds each start',
  advanced: true,
  description: 'Iterations per start (MATLAB’s default)',
} as const satisfies ParameterSpec;

/**
 * A k-means start's parameters: the one declaration of the seed's and iterations' defaults, for
 * the clustering steps' tables and the k-means and spectral kernels alike.
 */
export const START_PARAMETERS = [
  STARTS_SEED_PARAMETER,
  ITERATIONS_PARAMETER,
] as const satisfies readonly ParameterSpec[];

/** A start's options, as START_PARAMETERS describes them. */
export type StartOptions = OptionsOf<typeof START_PARAMETERS>;
