import { HEURISTICS, HEURISTIC_TITLES } from './heuristics.ts';
import { SEED_BOUND, type ParameterSpec } from '../../base/parameters.ts';

/** Why SAnDCat's k stops at 100,000 (its table's and the outlier evaluations'). */
export const SANDCAT_K_BECAUSE =
  'representatives are training objects, so k is lowered to their count (the paper uses 10–40); every object is compared with all k';

/** SAnDCat's parameter table (Ienco et al. 2016, Sec. IV): the single source of its defaults and bounds. */
export const SANDCAT_PARAMETERS = [
  {
    name: 'normalClass',
    type: 'string',
    default: null,
    suggest: 'class-label',
    emptyLabel: 'the most frequent class',
    description: 'The normal class the model learns (empty: the most frequent class, as Sec. V)',
  },
  {
    name: 'heuristic',
    type: 'choice',
    default: 'maxdtk',
    choices: HEURISTICS,
    choiceTitles: HEURISTIC_TITLES,
    description: 'How the k representatives are chosen (Sec. IV-A; MaxDTK is best in Fig. 6)',
  },
  {
    name: 'k',
    type: 'integer',
    default: 40,
    min: 1,
    max: 100000,
    maxBecause: SANDCAT_K_BECAUSE,
    description: 'Number of representatives (paper: 10-40; best MaxDTK k = 40)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 1,
    min: 0,
    ...SEED_BOUND,
    // Not a 'seed' role: only RandK's scores depend on it, never the distance an evaluation
    // clusters, so re-fitting per run would repeat the same work.
    description: 'Seed of RandK’s random representatives',
  },
  {
    name: 'alsoNormal',
    type: 'string',
    default: null,
    advanced: true,
    description:
      'Rows the analyst marked normal (0-based, comma-separated): they join the training set and the model is learned again (Sec. V-C)',
  },
] as const satisfies readonly ParameterSpec[];
