import type { Tour } from './tourTypes.ts';

const WALK = 'walkthrough:cas-walkthrough';
const movie = (x: string, y: string) => ({
  entry: WALK,
  options: { attribute: 'Director', x, y },
});

/**
 * Wang et al. 2015 (seed 001), coupled attribute similarity, on its Table I (movies) and
 * Table II (the coupled toy). Printed values: Sec. V-A (IaASV), Sec. V-B (IRS, IeASV), Sec. I
 * and Sec. V-C (CASV), reference-notes "Coupled attribute similarity".
 */
export const CAS_TOUR: Tour = {
  id: 'seed-001',
  title: 'Coupled attribute similarity (CASV)',
  paper: 'Wang et al. 2015',
  seed: '001',
  steps: [
    {
      title: 'Intra-coupled similarity (Eq. 5)',
      text: 'IaASV compares how often two values occur: |G(x)|·|G(y)| / (|G(x)| + |G(y)| + |G(x)|·|G(y)|). Scorsese and Coppola each direct one movie of Table I.',
      sample: 'movie.csv',
      panels: [movie('Scorsese', 'Coppola'), { entry: 'rows' }],
      highlight: { rows: ['|G(', 'IaASV('], values: ['Director=Scorsese', 'Director=Coppola'] },
      numbers: [
        {
          label: 'IaASV(Scorsese, Coppola)',
          // Sec. V-A: "δ1Ia(Scorsese, Coppola) = 1/3 since both directors appear once"
          paper: 1 / 3,
          printed: '1/3',
          digits: 4,
          cite: 'Sec. V-A, Eq. (5)',
          read: { from: 'table', panel: 0, result: 'intra', row: 'IaASV(', column: 'value' },
        },
        {
          label: '|G(Scorsese)|',
          // Sec. V-A: |G1({Scorsese})| = |G1({Coppola})| = 1
          paper: 1,
          printed: '1',
          digits: 0,
          cite: 'Sec. V-A',
          read: { from: 'count', a: 'Director=Scorsese', b: 'Director=Scorsese' },
        },
      ],
    },
    {
      title: 'Inter-coupled similarity and CASV (Eqs. 12-14)',
      text: 'IeASV averages, over Actor and Genre, how alike the two directors co-occur with their values (IRSI, Eq. 12, with α = 1/2). CASV multiplies it by IaASV (Eq. 14).',
      sample: 'movie.csv',
      panels: [movie('Scorsese', 'Coppola'), { entry: 'value-matrices:cas' }],
      highlight: {
        rows: ['Actor', 'Genre', 'IeASV(', 'CASV('],
        cells: [['Director=Scorsese', 'Director=Coppola']],
      },
      numbers: [
        {
          label: 'CASV(Scorsese, Coppola)',
          // Sec. V-C: "δA Director(Scorsese, Coppola) = δA Director(Coppola, Coppola) = 0.33"
          paper: 0.33,
          printed: '0.33',
          digits: 2,
          cite: 'Sec. V-C, Eq. (14)',
          read: { from: 'table', panel: 0, result: 'coupled', row: 'CASV(', column: 'value' },
        },
        {
          label: 'CASV(Coppola, Coppola) in the CASV matrix',
          // Sec. V-C: δA Director(Coppola, Coppola) = 0.33 (self-similarity below 1)
          paper: 0.33,
          printed: '0.33',
          digits: 2,
          cite: 'Sec. V-C, Eq. (14)',
          read: {
            from: 'matrix',
            panel: 1,
            result: 'casv',
            row: 'Director=Coppola',
            col: 'Director=Coppola',
          },
        },
      ],
    },
    {
      title: 'Koster is nearer Hitchcock than Coppola (Eq. 14)',
      text: 'Simple matching gives Koster–Hitchcock and Koster–Coppola the same similarity; CASV tells them apart because Koster and Hitchcock share their co-occurring values.',
      sample: 'movie.csv',
      panels: [movie('Koster', 'Hitchcock'), { entry: 'value-matrices:cas' }],
      highlight: {
        rows: ['CASV('],
        cells: [
          ['Director=Koster', 'Director=Hitchcock'],
          ['Director=Koster', 'Director=Coppola'],
        ],
      },
      numbers: [
        {
          label: 'CASV(Koster, Hitchcock)',
          // Sec. V-C: "δA Director(Koster, Hitchcock) = 0.25"
          paper: 0.25,
          printed: '0.25',
          digits: 2,
          cite: 'Sec. V-C, Eq. (14)',
          read: { from: 'table', panel: 0, result: 'coupled', row: 'CASV(', column: 'value' },
        },
        {
          label: 'CASV(Koster, Coppola)',
          // Sec. V-C: "δA Director(Koster, Coppola) = 0"
          paper: 0,
          printed: '0',
          digits: 0,
          cite: 'Sec. V-C, Eq. (14)',
          read: {
            from: 'matrix',
            panel: 1,
            result: 'casv',
            row: 'Director=Koster',
            col: 'Director=Coppola',
          },
        },
      ],
    },
    {
      title: 'The coupled toy: IRS and IeASV of B1, B2 (Eqs. 8-13)',
      text: 'On Table II, B1 and B2 share A2 in attribute a1 (IRS 0.5) and nothing in a3 (IRS 0). With α = 1/2 the inter-coupled similarity is 0.5·0.5 + 0.5·0 (Eq. 13).',
      sample: 'coupled-toy.csv',
      panels: [{ entry: WALK, options: { attribute: 'a2', x: 'B1', y: 'B2' } }],
      highlight: { rows: ['a1', 'a3', 'IeASV('] },
      numbers: [
        {
          label: 'IaASV(B1, B2)',
          // Sec. V-A: "in Table II, both B1 and B2 are observed twice, δ2Ia(B1, B2) = 0.5"
          paper: 0.5,
          printed: '0.5',
          digits: 1,
          cite: 'Sec. V-A, Eq. (5)',
          read: { from: 'table', panel: 0, result: 'intra', row: 'IaASV(', column: 'value' },
        },
        {
          label: 'IRSI w.r.t. a1',
          // Sec. V-B: δI2|1(B1, B2, {Ai}) = 0.5
          paper: 0.5,
          printed: '0.5',
          digits: 1,
          cite: 'Sec. V-B, Eq. (12), Table VIII',
          read: { from: 'table', panel: 0, result: 'inter', row: 'a1', column: 'irsi' },
        },
        {
          label: 'IeASV(B1, B2)',
          // Sec. V-B: δ2Ie(B1, B2, {V1, V3}) = 0.5·δ2|1 + 0.5·δ2|3 = 0.25
          paper: 0.25,
          printed: '0.25',
          digits: 2,
          cite: 'Sec. V-B, Eq. (13)',
          read: { from: 'table', panel: 0, result: 'inter', row: 'IeASV(', column: 'term' },
        },
      ],
    },
    {
      title: 'CASV and CASO on the toy (Eqs. 14-15)',
      text: 'CASV(B1, B2) = IaASV · IeASV = 0.5 · 0.25 (Eq. 14). CASO sums CASV over the attributes of two objects: u2 and u3 (Eq. 15).',
      sample: 'coupled-toy.csv',
      panels: [
        { entry: WALK, options: { attribute: 'a2', x: 'B1', y: 'B2', objects: '1,2' } },
        { entry: 'value-matrices:cas' },
      ],
      highlight: { rows: ['CASV(', 'Σ over attributes'], cells: [['a2=B1', 'a2=B2']] },
      numbers: [
        {
          label: 'CASV(B1, B2)',
          // Sec. V-C: "δ2A(B1, B2, {V1, V2, V3}) = 0.5 × 0.25 = 0.125"
          paper: 0.125,
          printed: '0.125',
          digits: 3,
          cite: 'Sec. V-C, Eq. (14)',
          read: { from: 'table', panel: 0, result: 'coupled', row: 'CASV(', column: 'value' },
        },
        {
          label: 'CASO(u2, u3)',
          // Sec. VII, Def. 7.1: "CASO(u2, u3) = 0.5 + 0.125 + 0.125 = 0.75"
          paper: 0.75,
          printed: '0.75',
          digits: 2,
          cite: 'Sec. VII, Eq. (15)',
          read: {
            from: 'table',
            panel: 0,
            result: 'objects',
            row: 'Σ over attributes',
            column: 'casv',
          },
        },
      ],
    },
  ],
};
