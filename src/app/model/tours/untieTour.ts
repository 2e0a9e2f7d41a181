import { untieMethod } from '../../../core/methods/untie/untie.ts';
import { cdeMethod } from '../../../core/methods/cure/cde.ts';
import { oneHotMethod } from '../../../core/methods/baselines/onehot.ts';
import type { Tour } from './tourTypes.ts';

const WATERMELON = { sample: 'watermelon.csv' } as const;
const YELLOW = 'Color=yellow';

/**
 * Zhu, Cao, Yin 2022 (seed 004), UNTIE: the coupling spaces of its watermelon example (Table 1,
 * Sec. 4.2, Eqs. 1-4), a kernel space (Sec. 4.3), the learned heterogeneity (Alg. 1) and the
 * (ε,γ)-curves it judges representations by (Sec. 6.2.2).
 */
export const UNTIE_TOUR: Tour = {
  id: 'seed-004',
  title: 'UNTIE coupling spaces and (ε,γ)-curves',
  paper: 'Zhu, Cao, Yin 2022',
  seed: '004',
  steps: [
    {
      title: 'Intra-attribute coupling space (Eq. 1)',
      text: 'A value’s intra-attribute coupling vector is its frequency: yellow is the colour of watermelons A2 and A3, so m_Ia(yellow) = |{A2, A3}| / 6.',
      ...WATERMELON,
      panels: [{ entry: 'cooccurrence' }, { entry: 'rows' }],
      highlight: { cells: [[YELLOW, YELLOW]], values: [YELLOW] },
      numbers: [
        {
          label: 'm_Ia(yellow)',
          // Sec. 4.2, Eq. (1): m_Ia(2)(yellow) = [|{A2, A3}| / 6] = [1/3]
          paper: 1 / 3,
          printed: '1/3',
          digits: 4,
          cite: 'Sec. 4.2, Eq. (1)',
          read: { from: 'frequency', value: YELLOW },
        },
      ],
    },
    {
      title: 'Inter-attribute coupling space (Eqs. 3-4)',
      text: 'Yellow’s inter-attribute vector lists p(yellow | v) for every value v of Texture and Root Shape: the share of v’s watermelons that are yellow (Eq. 3).',
      ...WATERMELON,
      panels: [{ entry: 'cooccurrence' }],
      highlight: {
        cells: [
          [YELLOW, 'Texture=clear'],
          [YELLOW, 'Texture=blurry'],
          [YELLOW, 'Root Shape=straight'],
          [YELLOW, 'Root Shape=curled'],
          [YELLOW, 'Root Shape=slightly curled'],
        ],
      },
      numbers: [
        {
          label: 'p(yellow | blurry)',
          // Sec. 4.2, Eq. (4): m_Ie(2)(yellow) = [0, 2/3, 1/2, 1/2, 0], second entry
          paper: 2 / 3,
          printed: '2/3',
          digits: 4,
          cite: 'Sec. 4.2, Eq. (4)',
          read: { from: 'conditional', value: YELLOW, given: 'Texture=blurry' },
        },
        {
          label: 'p(yellow | curled)',
          // Sec. 4.2, Eq. (3): p(yellow | curled) = |{A3}| / |{A3, A5}| = 1/2
          paper: 0.5,
          printed: '1/2',
          digits: 4,
          cite: 'Sec. 4.2, Eq. (3)',
          read: { from: 'conditional', value: YELLOW, given: 'Root Shape=curled' },
        },
        {
          label: 'p(yellow | clear)',
          // Sec. 4.2, Eq. (4): first entry 0
          paper: 0,
          printed: '0',
          digits: 4,
          cite: 'Sec. 4.2, Eq. (4)',
          read: { from: 'conditional', value: YELLOW, given: 'Texture=clear' },
        },
      ],
    },
    {
      title: 'Kernel spaces (Sec. 4.3)',
      text: 'Each coupling space is mapped by many kernels (Gaussian widths 2⁻⁵…2⁵, polynomials of order 1-3). With a linear kernel, yellow’s inter-attribute vector with itself gives [0, 2/3, 1/2, 1/2, 0]·[0, 2/3, 1/2, 1/2, 0].',
      ...WATERMELON,
      panels: [{ entry: 'value-matrices:untie' }],
      highlight: { cells: [[YELLOW, YELLOW]] },
      numbers: [
        {
          label: 'k(yellow, yellow), linear',
          // Sec. 4.3: k_p(m2, m2) = 17/18
          paper: 17 / 18,
          printed: '17/18',
          digits: 4,
          cite: 'Sec. 4.3',
          read: { from: 'inter-kernel', value: YELLOW },
        },
      ],
    },
    {
      title: 'Heterogeneity learning (Alg. 1)',
      text: 'UNTIE weights every value in every kernel space and every space as a whole, minimising a kernel k-means objective with Adam (Eqs. 17-22); the loss falls as the weights settle.',
      ...WATERMELON,
      panels: [{ entry: 'untie-training:untie' }],
      numbers: [],
    },
    {
      title: 'The (ε,γ)-curve (Sec. 6.2.2, Fig. 6)',
      text: 'An object’s margin is its mean similarity to its own class minus that to the others; γ(ε) is the largest margin all but a share ε of the objects keep (only γ ≥ 0 is drawn). A higher curve separates the classes better — here on Zoo, whose animals have classes.',
      sample: 'zoo.csv',
      panels: [
        { entry: 'comparison:eps-gamma', methods: [untieMethod.id, cdeMethod.id, oneHotMethod.id] },
      ],
      numbers: [],
    },
  ],
};
