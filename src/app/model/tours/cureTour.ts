import type { PaperNumber, Tour } from './tourTypes.ts';

/** The paper's Zoo: 101 objects, 15 features, |V| = 30 — `legs` not used (reference notes). */
export const ZOO = { sample: 'zoo.csv', drop: ['legs'] } as const;

/** FCI on Zoo, printed 0.110 by CURE Table 1 (Eq. 16) and by the IJCAI paper's Table 1 (Eq. 7). */
export const zooFci = (cite: string): PaperNumber => ({
  label: 'FCI of Zoo',
  paper: 0.11,
  printed: '0.110',
  digits: 3,
  cite,
  read: { from: 'indicator', name: 'fci' },
});

/** VCI on Zoo, printed 0.733 by CURE Table 2 (Eq. 17) and by the IJCAI paper's Table 2 (Eq. 8). */
export const zooVci = (cite: string): PaperNumber => ({
  label: 'VCI of Zoo',
  paper: 0.733,
  printed: '0.733',
  digits: 3,
  cite,
  read: { from: 'indicator', name: 'vci' },
});

/** |V| of Zoo, printed 30 in CURE Table 1 and the IJCAI paper's Table 1. */
export const zooValues = (cite: string): PaperNumber => ({
  label: '|V|, values',
  paper: 30,
  printed: '30',
  digits: 0,
  cite,
  read: { from: 'shape', what: 'values' },
});

/** Mo's and Mc's cells the couplings steps point at: mammals' hair and milk, birds' feathers and eggs. */
export const COUPLED_VALUES = [
  ['milk=TRUE', 'hair=TRUE'],
  ['hair=TRUE', 'milk=TRUE'],
  ['feathers=TRUE', 'eggs=TRUE'],
] as const;

/**
 * Jian, Pang, Cao et al. 2019 (seed 000), CURE: the value influence matrices Mo and Mc
 * (Defs. 5-6, Eq. 5) and CDE's value clusters (Alg. 1) on the paper's Zoo (Tables 1-2).
 */
export const CURE_TOUR: Tour = {
  id: 'seed-000',
  title: 'CURE couplings Mo, Mc and value clusters',
  paper: 'Jian, Pang, Cao et al. 2019',
  seed: '000',
  steps: [
    {
      title: 'The paper’s Zoo (Tables 1-2)',
      text: 'CURE’s experiments use Zoo without legs: 101 animals, 15 features and 30 values. Every value gets one global code, so the matrices below are 30 × 30.',
      ...ZOO,
      panels: [{ entry: 'summary' }, { entry: 'su' }],
      numbers: [
        zooValues('Table 1, |V|'),
        {
          label: '|F|, features',
          // CURE Table 2: Zoo |F| = 15
          paper: 15,
          printed: '15',
          digits: 0,
          cite: 'Table 2, |F|',
          read: { from: 'shape', what: 'attributes' },
        },
      ],
    },
    {
      title: 'ψ: how two features couple (Eq. 5) and FCI (Eq. 16)',
      text: 'ψ(fᵢ, fⱼ) is the symmetric uncertainty 2·I(fᵢ; fⱼ) / (H(fᵢ) + H(fⱼ)) — milk and hair couple strongly. FCI is the mean ψ over the 105 pairs of features.',
      ...ZOO,
      panels: [{ entry: 'su' }],
      highlight: {
        cells: [
          ['milk', 'hair'],
          ['feathers', 'eggs'],
        ],
      },
      // CURE Table 1: Zoo FCI 0.11
      numbers: [zooFci('Table 1, FCI (Eq. 16)')],
    },
    {
      title: 'Mo, occurrence influence (Def. 5)',
      text: 'Mo(vᵢ, vⱼ) = ψ(fᵢ, fⱼ)·p(vⱼ)/p(vᵢ): how the occurrence of one value bears on another’s, weighted by how strongly their features couple (Eq. 5).',
      ...ZOO,
      panels: [{ entry: 'value-matrices:cde' }],
      highlight: { cells: COUPLED_VALUES },
      numbers: [
        {
          // CURE Table 1: Zoo |V| = 30, the size of Mo
          ...zooValues('Table 1, |V|'),
          label: 'rows of Mo (|V|)',
          read: { from: 'matrix-size', panel: 0, result: 'mo' },
        },
      ],
    },
    {
      title: 'Mc, co-occurrence influence (Def. 6)',
      text: 'Mc(vᵢ, vⱼ) = count(vᵢ, vⱼ) / count(vᵢ): the share of vᵢ’s objects that also hold vⱼ. Every feathered animal of Zoo lays eggs, so Mc(feathers, eggs) is as large as Mc can be.',
      ...ZOO,
      panels: [{ entry: 'value-matrices:cde' }],
      highlight: { cells: COUPLED_VALUES },
      numbers: [
        {
          // CURE Table 1: Zoo |V| = 30, the size of Mc
          ...zooValues('Table 1, |V|'),
          label: 'rows of Mc (|V|)',
          read: { from: 'matrix-size', panel: 0, result: 'mc' },
        },
      ],
    },
    {
      title: 'CDE’s value clusters (Alg. 1)',
      text: 'k-means clusters the rows of Mc, then Mo, for k = 2, 3, …; one-value clusters are removed, the rest become indicator columns of the embedding. VCI says how well single values tell the classes apart (Eq. 17).',
      ...ZOO,
      panels: [{ entry: 'value-partitions:cde' }, { entry: 'value-matrices:cde' }],
      highlight: { cells: COUPLED_VALUES },
      // CURE Table 2: Zoo VCI 0.733
      numbers: [zooVci('Table 2, VCI (Eq. 17)')],
    },
  ],
};
