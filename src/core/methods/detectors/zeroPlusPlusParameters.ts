import { SEED_BOUND, type OptionsOf, type ParameterSpec } from '../../base/parameters.ts';

/** ZERO++'s parameter table: the single source of its defaults and bounds. */
export const ZERO_PARAMETERS = [
  {
    name: 't',
    type: 'integer',
    default: 50,
    min: 1,
    max: 10_000,
    maxBecause: 'every member is looked up by every scored object; 200 × the paper’s 50',
    description: 'Ensemble size: sub-sample and subspace pairs (paper: 50)',
  },
  {
    name: 'n',
    symbol: 'ψ',
    type: 'integer',
    default: 8,
    min: 1,
    max: 1024,
    maxBecause:
      '128 × the paper’s 8; ZERO++ counts on small sub-samples (in a large one every pair appears), and each member keeps ψ keys',
    description: 'Rows per sub-sample (paper: 8; lowered to the rows when fewer)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 1,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the sub-samples and subspaces',
  },
] as const satisfies readonly ParameterSpec[];

/** ZERO++'s options, as its table describes them. */
export type ZeroOptions = OptionsOf<typeof ZERO_PARAMETERS>;
