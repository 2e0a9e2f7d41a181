import { type OptionsOf, type ParameterSpec } from '../../base/parameters.ts';

/** CBRW's parameter table: the single source of its defaults and bounds. */
export const CBRW_PARAMETERS = [
  {
    name: 'alpha',
    symbol: 'α',
    type: 'number',
    default: 0.95,
    min: 0,
    max: 1,
    minExclusive: true,
    maxExclusive: true,
    maxBecause: 'a damping factor is a probability, and at 1 the walk need not converge',
    description: 'Damping of the random walk (the paper uses 0.95)',
  },
  {
    name: 'tol',
    type: 'number',
    default: 1e-12,
    min: 0,
    minExclusive: true,
    max: 1,
    maxBecause: 'a probability changes by at most 1, so tol = 1 already stops after one step',
    description: 'Stop when no value’s stationary probability changes by more than this',
    advanced: true,
  },
  {
    name: 'maxIterations',
    type: 'integer',
    default: 1000,
    min: 1,
    max: 10_000,
    maxBecause:
      'the walk converges as α^i; 10,000 iterations reach 10⁻¹² for α up to 0.997 (the default 1,000 for α up to 0.97)',
    description: 'Cap on the power iterations of the random walk',
    advanced: true,
  },
] as const satisfies readonly ParameterSpec[];

/** CBRW's options, as its table describes them. */
export type CbrwOptions = OptionsOf<typeof CBRW_PARAMETERS>;
