import type { OptionsOf, ParameterSpec } from '../../base/parameters.ts';
import { IRS_VARIANTS } from './irs.ts';

/** CAS's parameter table (CAS and CASO): the single source of its defaults and bounds. */
export const CAS_PARAMETERS = [
  {
    name: 'irs',
    type: 'choice',
    default: 'I',
    choices: IRS_VARIANTS,
    choiceTitles: {
      P: 'IRSP (power set, Eq. 8)',
      U: 'IRSU (universal set, Eq. 10)',
      J: 'IRSJ (joint set, Eq. 11)',
      I: 'IRSI (intersection, Eq. 12)',
    },
    description:
      'Inter-coupled relative similarity: all four are equal (Theorem 6.1); IRSI reads the fewest probabilities',
  },
  {
    name: 'weights',
    type: 'string',
    default: null,
    advanced: true,
    description:
      'Attribute weights for IeASV, “a1=2, a3=0.5” (others 1; α_k = w_k / Σ w): empty = 1/(n − 1) each (Eq. 13)',
  },
] as const satisfies readonly ParameterSpec[];

/** CAS's options, as its table describes them. */
export type CasParameters = OptionsOf<typeof CAS_PARAMETERS>;
