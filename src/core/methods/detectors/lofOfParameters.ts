import type { OptionsOf, ParameterSpec } from '../../base/parameters.ts';

/** LOF's parameter table: the single source of its defaults and bounds. */
export const LOF_PARAMETERS = [
  {
    name: 'k',
    symbol: 'MinPts',
    type: 'integer',
    default: 40,
    min: 1,
    max: 1000,
    maxBecause: 'each object keeps its k nearest (n · k distances); 25 × the paper’s 40',
    description:
      'Neighbours of the local density (DILCA/SAnDCat, Ienco et al. 2016, Sec. V: 40; lowered to the distinct objects)',
  },
] as const satisfies readonly ParameterSpec[];

/** LOF's options, as its table describes them. */
export type LofOptions = OptionsOf<typeof LOF_PARAMETERS>;
