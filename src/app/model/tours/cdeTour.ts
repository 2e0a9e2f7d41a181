import { COUPLED_VALUES, ZOO, zooFci, zooValues, zooVci } from './cureTour.ts';
import type { Tour } from './tourTypes.ts';

/**
 * Jian, Cao, Pang, Lu, Gao 2017 (seed 003), the IJCAI CDE paper: value couplings, value clusters
 * with its stop rule (Alg. 1) and the data factors FCI and VCI (Eqs. 7-8, Tables 1-2) on Zoo.
 */
export const CDE_TOUR: Tour = {
  id: 'seed-003',
  title: 'CDE: coupled value embedding',
  paper: 'Jian, Cao, Pang, Lu, Gao 2017',
  seed: '003',
  steps: [
    {
      title: 'Data factors of Zoo: FCI (Eq. 7, Table 1)',
      text: 'FCI averages the symmetric uncertainty SU(fᵢ, fⱼ) over every pair of features: how strongly the features of a data set are correlated.',
      ...ZOO,
      panels: [{ entry: 'su' }, { entry: 'summary' }],
      highlight: { cells: [['milk', 'hair']] },
      numbers: [
        {
          label: '|O|, objects',
          // IJCAI Table 1: Zoo |O| = 101
          paper: 101,
          printed: '101',
          digits: 0,
          cite: 'Table 1, |O|',
          read: { from: 'shape', what: 'rows' },
        },
        zooValues('Table 1, |V|'),
        // IJCAI Table 1: Zoo FCI 0.110
        zooFci('Table 1, FCI (Eq. 7)'),
      ],
    },
    {
      title: 'Value couplings: Mo and Mc (Sec. 3)',
      text: 'Two coupling functions describe every value by its influence on every other: occurrence (Mo, weighted by feature coupling) and co-occurrence (Mc). Their rows are what CDE clusters.',
      ...ZOO,
      panels: [{ entry: 'value-matrices:cde' }],
      highlight: { cells: COUPLED_VALUES },
      numbers: [],
    },
    {
      title: 'Value clusters and the stop rule (Alg. 1)',
      text: 'k-means runs on Mc and Mo for k = 2, 3, …; clusters of one value are removed, and k stops growing once the removed clusters reach ⌈k/α⌉ (α = 10).',
      ...ZOO,
      panels: [{ entry: 'value-partitions:cde' }],
      numbers: [],
    },
    {
      title: 'VCI (Eq. 8, Table 2)',
      text: 'VCI averages, over features, the largest non-overlap between the value sets of two classes: how well values tell classes apart, where CDE’s clusters help most.',
      ...ZOO,
      panels: [{ entry: 'value-partitions:cde' }, { entry: 'value-matrices:cde' }],
      highlight: { cells: COUPLED_VALUES },
      // IJCAI Table 2: Zoo VCI 0.733
      numbers: [zooVci('Table 2, VCI (Eq. 8)')],
    },
  ],
};
