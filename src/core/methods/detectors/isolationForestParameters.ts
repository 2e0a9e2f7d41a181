import { SEED_BOUND, type OptionsOf, type ParameterSpec } from '../../base/parameters.ts';

/** The isolation forest's parameter table: the single source of its defaults and bounds. */
export const IFOREST_PARAMETERS = [
  {
    name: 'trees',
    symbol: 't',
    type: 'integer',
    default: 100,
    min: 1,
    max: 10_000,
    maxBecause: '100 × the paper’s 100; every tree is kept (2ψ nodes) and walked by every object',
    description: 'Number of isolation trees (the paper’s default: 100)',
  },
  {
    name: 'sampleSize',
    symbol: 'ψ',
    type: 'integer',
    default: 256,
    min: 1,
    max: 4096,
    maxBecause:
      '16 × the paper’s 256, beyond which Liu et al. find no gain; each tree keeps 2ψ nodes',
    description:
      'Rows per tree’s sub-sample (the paper’s default: 256; lowered to the rows when fewer)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 1,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the sub-samples and splits',
  },
] as const satisfies readonly ParameterSpec[];

/** The isolation forest's options, as its table describes them. */
export type IsolationForestOptions = OptionsOf<typeof IFOREST_PARAMETERS>;
