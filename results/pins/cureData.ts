import { cureTables, type CureData } from './cureTables.ts';

/**
 * Jian et al. 2019 (CURE) Tables 1-2's data sets with a public copy in a Debian package (results/datasets.md),
 * each prepared to its Table 1 shape (objects, values), which the pin checks. Zoo's Table 1 and
 * VCI are cure-zoo's.
 */
const DATA: CureData[] = [
  {
    id: 'cure-wisconsin',
    paperName: 'Wisconsin',
    file: 'breast-cancer-wisconsin.csv',
    prepare: { classColumn: 'Class', drop: ['Id'] },
    preparation:
      'breast-cancer-wisconsin.csv (R mlbench’s BreastCancer), `Id` not used, the 683 complete rows (89 values, as the paper)',
    table1: true,
  },
  {
    id: 'cure-zoo-table-2',
    paperName: 'Zoo',
    file: 'zoo.csv',
    prepare: { classColumn: 'type', drop: ['legs'] },
    preparation: 'zoo.csv (R mlbench) without `legs`, as the paper (101 × 15, 30 values)',
    table1: false,
  },
];

export const CURE_PUBLIC_DATA = DATA.map((d) => ({ id: d.id, make: cureTables(d) }));
