import type { Tour } from './tourTypes.ts';

const NORMAL = { fitClass: 'none', fitSide: 'equal' } as const;
const ABNORMAL = { fitClass: 'none', fitSide: 'other' } as const;
const SANDCAT = { normalClass: 'none', k: 15 } as const;

/**
 * Ienco, Pensa, Meo 2016 (seed 002): DILCA's contexts and value distances on contact-lenses
 * (normal class "none"; Table I, Figs. 2-3, Table II), its sales example (Fig. 1) and SAnDCat's
 * attribute impacts as word clouds (Sec. IV-C, Fig. 4).
 */
export const DILCA_TOUR: Tour = {
  id: 'seed-002',
  title: 'DILCA contexts and distances, SAnDCat word clouds',
  paper: 'Ienco, Pensa, Meo 2016',
  seed: '002',
  steps: [
    {
      title: 'Sales: values compared through other attributes (Fig. 1)',
      text: 'Product = tablet occurs only in the centre and mobile only in the suburbs, so by Sales department tablet is nearer smartphone; by Profession, mobile and tablet are nearer. DILCA learns which attributes form the context.',
      sample: 'sales.csv',
      panels: [{ entry: 'cooccurrence' }, { entry: 'impact:dilca' }],
      highlight: {
        cells: [
          ['Product=tablet', 'Sale dep.=center'],
          ['Product=mobile', 'Sale dep.=suburbia'],
          ['Product=mobile', 'Profession=retired'],
        ],
      },
      numbers: [
        {
          label: 'tablet with center',
          // Fig. 1(c), Product-Sales dep.: tablet / center = 4
          paper: 4,
          printed: '4',
          digits: 0,
          cite: 'Fig. 1(c)',
          read: { from: 'count', a: 'Product=tablet', b: 'Sale dep.=center' },
        },
        {
          label: 'mobile with suburbia',
          // Fig. 1(c): mobile / suburbia = 3
          paper: 3,
          printed: '3',
          digits: 0,
          cite: 'Fig. 1(c)',
          read: { from: 'count', a: 'Product=mobile', b: 'Sale dep.=suburbia' },
        },
        {
          label: 'mobile with retired',
          // Fig. 1(b), Product-Profession: retired / mobile = 2
          paper: 2,
          printed: '2',
          digits: 0,
          cite: 'Fig. 1(b)',
          read: { from: 'count', a: 'Product=mobile', b: 'Profession=retired' },
        },
      ],
    },
    {
      title: 'The context of each attribute (Sec. III, Table I)',
      text: 'Fitted on the normal class (none), each attribute’s context is the other attributes ranked by symmetric uncertainty with it, redundant ones removed (FCBF). Age’s context is {tear-prod-rate}.',
      sample: 'contact-lenses.csv',
      panels: [{ entry: 'value-matrices:dilca', options: NORMAL }, { entry: 'su' }],
      highlight: {
        rows: ['age', 'tear-prod-rate'],
        cells: [
          ['age', 'tear-prod-rate'],
          ['tear-prod-rate', 'spectacle-prescrip'],
        ],
      },
      numbers: [
        {
          label: 'tear-prod-rate: normal ↔ reduced',
          // Fig. 2 (normal model), Tear_prod_rate: 0.6680
          paper: 0.668,
          printed: '0.6680',
          digits: 4,
          cite: 'Fig. 2, Eq. (1)',
          read: {
            from: 'matrix',
            panel: 0,
            result: 'distances',
            row: 'tear-prod-rate=normal',
            col: 'tear-prod-rate=reduced',
          },
        },
        {
          label: 'astigmatism: yes ↔ no',
          // Fig. 2 (normal model), Astigmatism: 0.2202
          paper: 0.2202,
          printed: '0.2202',
          digits: 4,
          cite: 'Fig. 2, Eq. (1)',
          read: {
            from: 'matrix',
            panel: 0,
            result: 'distances',
            row: 'astigmatism=yes',
            col: 'astigmatism=no',
          },
        },
      ],
    },
    {
      title: 'Value distances of Age, normal model (Eq. 1, Fig. 2)',
      text: 'd(young, presbyopic) compares P(tear-prod-rate | young) with P(tear-prod-rate | presbyopic) over the normal rows, normalised by the context’s domain sizes (Eq. 1).',
      sample: 'contact-lenses.csv',
      panels: [{ entry: 'value-matrices:dilca', options: NORMAL }],
      highlight: {
        cells: [
          ['age=young', 'age=pre-presbyopic'],
          ['age=young', 'age=presbyopic'],
        ],
      },
      numbers: [
        {
          label: 'age: young ↔ pre-presbyopic',
          // Fig. 2: young / pre-presbyotic 0.2357
          paper: 0.2357,
          printed: '0.2357',
          digits: 4,
          cite: 'Fig. 2',
          read: {
            from: 'matrix',
            panel: 0,
            result: 'distances',
            row: 'age=young',
            col: 'age=pre-presbyopic',
          },
        },
        {
          label: 'age: young ↔ presbyopic',
          // Fig. 2: young / presbyotic 0.4714
          paper: 0.4714,
          printed: '0.4714',
          digits: 4,
          cite: 'Fig. 2',
          read: {
            from: 'matrix',
            panel: 0,
            result: 'distances',
            row: 'age=young',
            col: 'age=presbyopic',
          },
        },
      ],
    },
    {
      title: 'The abnormal model (Fig. 3)',
      text: 'Fitted on the soft and hard rows instead, Age’s context grows to {spectacle-prescrip, tear-prod-rate} and its distances shrink; tear-prod-rate’s context is {age}.',
      sample: 'contact-lenses.csv',
      panels: [{ entry: 'value-matrices:dilca', options: ABNORMAL }],
      highlight: {
        cells: [
          ['age=young', 'age=pre-presbyopic'],
          ['tear-prod-rate=normal', 'tear-prod-rate=reduced'],
        ],
      },
      numbers: [
        {
          label: 'age: young ↔ pre-presbyopic',
          // Fig. 3: young / pre-presbyotic 0.1368
          paper: 0.1368,
          printed: '0.1368',
          digits: 4,
          cite: 'Fig. 3',
          read: {
            from: 'matrix',
            panel: 0,
            result: 'distances',
            row: 'age=young',
            col: 'age=pre-presbyopic',
          },
        },
        {
          label: 'age: pre-presbyopic ↔ presbyopic',
          // Fig. 3: pre-presbyotic / presbyotic 0.1144
          paper: 0.1144,
          printed: '0.1144',
          digits: 4,
          cite: 'Fig. 3',
          read: {
            from: 'matrix',
            panel: 0,
            result: 'distances',
            row: 'age=pre-presbyopic',
            col: 'age=presbyopic',
          },
        },
      ],
    },
    {
      title: 'SAnDCat’s attribute model impact as word clouds (Sec. IV-C, Fig. 4)',
      text: 'An attribute’s model impact is the mean of its value distances; a word’s size follows it. Tear-prod-rate grows from the normal model to the abnormal one, Age shrinks (Table II).',
      sample: 'contact-lenses.csv',
      panels: [{ entry: 'impact:sandcat', options: SANDCAT }],
      highlight: { words: ['age', 'tear-prod-rate'] },
      numbers: [
        {
          label: 'age, normal model',
          // Table II: normal Age 0.3143
          paper: 0.3143,
          printed: '0.3143',
          digits: 4,
          cite: 'Table II',
          read: { from: 'impact', panel: 0, result: 'normalImpact', attribute: 'age' },
        },
        {
          label: 'tear-prod-rate, abnormal model',
          // Table II: abnormal Tear_prod_rate 1.000
          paper: 1,
          printed: '1.000',
          digits: 3,
          cite: 'Table II',
          read: { from: 'impact', panel: 0, result: 'abnormalImpact', attribute: 'tear-prod-rate' },
        },
      ],
    },
  ],
};
