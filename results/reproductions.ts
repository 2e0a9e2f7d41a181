/**
 * Every published number the product reproduces on its bundled data, paper value beside ours.
 * `npm run reproduce` writes them to results/ (Markdown + JSON); test/results/paperNumbers.test.ts pins
 * each one within its tolerance, so a change that moves a number away from the paper fails.
 * Each method issue adds its paper's reproductions here.
 */
import { readFileSync } from 'node:fs';
import { IRS_VARIANTS } from '../src/core/methods/cas/irs.ts';
import { casModelSteps, type CasModel } from '../src/core/methods/cas/casModel.ts';
import { objectPair } from '../src/core/methods/cas/objects.ts';
import { CURE_TABLE_1 } from '../src/core/methods/cure/table1.ts';
import { UNTIE_TABLE_4 } from '../src/core/methods/untie/table4.ts';
import { SEED_002_TABLE_IV } from '../src/core/methods/sandcat/paperTable.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import type { Call, MethodOutput } from '../src/core/platform/spec.ts';
import { findResult, type Cell } from '../src/core/platform/results.ts';
import { ExplorerSession } from '../src/core/platform/session.ts';
import type { PrepareOptions } from '../src/core/data/table/prepare.ts';

export interface ReproducedRow {
  data: string;
  quantity: string;
  paper: number;
  ours: number;
  /** Spread of ours, when it is a mean. */
  sd?: number;
  /** |ours − paper| this reproduction promises (test/results/paperNumbers.test.ts). */
  tolerance: number;
}

export interface Reproduction {
  id: string;
  title: string;
  /** Where the numbers are printed. */
  source: string;
  /** How ours were computed. */
  protocol: string;
  rows: ReproducedRow[];
  notes: string[];
}

async function session(file: string, options: PrepareOptions): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  const text = readFileSync(new URL(`../public/datasets/${file}`, import.meta.url), 'utf8');
  await s.load([text], {}, options);
  return s;
}

function run(s: ExplorerSession, call: Call): MethodOutput {
  return runToEnd(s.runSteps(call));
}

function mean(cell: Cell | undefined): { mean: number; sd: number } {
  if (cell === null || typeof cell !== 'object')
    throw new Error(`expected a mean ± sd, got ${String(cell)}`);
  return cell;
}

/** Jian et al. 2019 (CURE) Table 1 (F-scores, FCI) and Table 2 (VCI) on Zoo with the paper's preprocessing. */
async function cureZoo(): Promise<Reproduction> {
  const zoo = CURE_TABLE_1.find((r) => r.data === 'Zoo');
  if (!zoo) throw new Error('Table 1 has no Zoo row');
  const s = await session('zoo.csv', { classColumn: 'type', drop: ['legs'] });
  const runs = 50;
  const output = run(s, {
    method: 'evaluate-clustering',
    options: { runs, seed: 0 },
    inputs: { methods: ['cde', 'onehot', 'onehot-pca', 'idf'].map((method) => ({ method })) },
  });
  const table = findResult(output.results, 'table')?.result;
  const indicators = findResult(output.results, 'measures')?.result;
  if (!table || !indicators) throw new Error('the evaluation produced no table');
  const measure = (name: string): number =>
    indicators.values.find((m) => m.name === name)?.value ?? Number.NaN;
  const rows: ReproducedRow[] = table.rows.map((row) => {
    const method = String(row.method) as keyof typeof zoo.fscore;
    const f = mean(row.fscore);
    return {
      data: 'Zoo (legs dropped)',
      quantity: `F-score ${String(row.title)}`,
      paper: zoo.fscore[method],
      ours: f.mean,
      sd: f.sd,
      // CDE's value clustering is random and the paper reports one unseeded run: its mean over
      // 50 CDE seeds is held to 0.04, the deterministic encodings to 0.02.
      tolerance: method === 'cde' ? 0.04 : 0.02,
    };
  });
  rows.push(
    {
      data: 'Zoo (legs dropped)',
      quantity: 'FCI (Eq. 16)',
      paper: zoo.fci,
      ours: measure('fci'),
      tolerance: 0.001,
    },
    // Jian et al. 2019 (CURE) Table 2 prints VCI for the same preprocessing.
    {
      data: 'Zoo (legs dropped)',
      quantity: 'VCI (Eq. 17, Table 2)',
      paper: 0.733,
      ours: measure('vci'),
      tolerance: 0.001,
    },
  );
  return {
    id: 'cure-zoo',
    title: 'CURE on Zoo: Jian et al. 2019 (CURE) Tables 1 and 2',
    source:
      'Jian et al., CURE, TKDE 2019 (CURE, Jian et al. 2019), Table 1 (F-scores, FCI) and Table 2 (VCI)',
    protocol: `101 objects × 30 values (\`legs\` not used, as in the paper), class \`type\` (k = 7). k-means with k = 7, ${runs} runs of one k-means++ start each (seed 0), F-score = Hungarian-matched macro F over classes. CDE (α = 10, β = 1e-10) is re-fitted for each run with its own seed (0–${runs - 1}); 0-1, 0-1P and IDF are deterministic and fitted once.`,
    rows,
    notes: [
      ...(table.notes ?? []),
      'The three encodings and both indicators reproduce the paper to its printed precision; the evaluation harness (k-means protocol, F-score) is therefore the paper’s.',
      'CDE: its value clustering is itself random and the paper reports one run without its seed or MATLAB’s random stream. The mean over 50 CDE seeds stays within 0.03 of 0.647; single seeds range about ±0.03 around it. The stop rule (removals exceed ⌈k/α⌉, tested once k has split the values) is discussed in src/core/methods/cure/cde.ts.',
    ],
  };
}

/** Ienco et al. 2016 (DILCA/SAnDCat) Figs. 2-3 (distance matrices), Table I (contexts) and Table II on contact-lenses. */
async function dilcaLenses(): Promise<Reproduction> {
  const s = await session('contact-lenses.csv', { classColumn: 'contact-lenses' });
  const table = s.table;
  const data = 'Contact-lenses';
  const rows: ReproducedRow[] = [];
  const printed = {
    equal: {
      figure: 'Fig. 2 (normal)',
      distances: [
        ['Age young–pre-presbyopic', 0, 0, 1, 0.2357],
        ['Age young–presbyopic', 0, 0, 2, 0.4714],
        ['Age pre-presbyopic–presbyopic', 0, 1, 2, 0.2357],
        ['Spectacle_prescrip', 1, 0, 1, 0.2202],
        ['Astigmatism', 2, 0, 1, 0.2202],
        ['Tear_prod_rate', 3, 0, 1, 0.668],
      ],
      impact: [0.3143, 0.2202, 0.2202, 0.668],
      contexts: [
        ['tear-prod-rate'],
        ['astigmatism', 'tear-prod-rate'],
        ['spectacle-prescrip', 'tear-prod-rate'],
        ['age', 'spectacle-prescrip'],
      ],
    },
    other: {
      figure: 'Fig. 3 (abnormal)',
      distances: [
        ['Age young–pre-presbyopic', 0, 0, 1, 0.1368],
        ['Age young–presbyopic', 0, 0, 2, 0.1949],
        ['Age pre-presbyopic–presbyopic', 0, 1, 2, 0.1144],
        ['Spectacle_prescrip', 1, 0, 1, 0.243],
        ['Astigmatism', 2, 0, 1, 0.243],
        ['Tear_prod_rate', 3, 0, 1, 1.0],
      ],
      impact: [0.1487, 0.243, 0.243, 1.0],
      contexts: [
        ['spectacle-prescrip', 'tear-prod-rate'],
        ['astigmatism', 'age', 'tear-prod-rate'],
        ['spectacle-prescrip', 'age', 'tear-prod-rate'],
        ['age'],
      ],
    },
  } as const;
  const names = ['Age', 'Spectacle_prescrip', 'Astigmatism', 'Tear_prod_rate'];
  let contextsMatching = 0;
  for (const side of ['equal', 'other'] as const) {
    const p = printed[side];
    const out = run(s, { method: 'dilca', options: { fitClass: 'none', fitSide: side } });
    const distance = out.results.distance;
    const impact = out.results.modelImpact;
    const contexts = out.results.contexts;
    if (distance?.kind !== 'object-distance' || distance.form !== 'value-tables')
      throw new Error('DILCA gave no value tables');
    if (impact?.kind !== 'attribute-impacts' || contexts?.kind !== 'table')
      throw new Error('DILCA gave no impacts or contexts');
    for (const [quantity, a, u, v, paper] of p.distances) {
      const m = table.attributes[a]?.labels.length ?? 0;
      rows.push({
        data,
        quantity: `${p.figure} ${quantity}`,
        paper,
        ours: distance.tables[(distance.tableStart[a] as number) + u * m + v] as number,
        tolerance: 0.0001,
      });
    }
    p.impact.forEach((paper, a) =>
      rows.push({
        data,
        quantity: `Table II model impact, ${side === 'equal' ? 'normal' : 'abnormal'}: ${names[a]}`,
        paper,
        ours: impact.values[a] as number,
        tolerance: 0.0001,
      }),
    );
    contexts.rows.forEach((row, a) => {
      const ours = String(row.context).replace(/ \(SU [0-9.]+\)/g, '');
      if (ours === p.contexts[a]?.join(', ')) contextsMatching++;
    });
  }
  rows.push({
    data,
    quantity: 'Table I: contexts as printed (of 8)',
    paper: 8,
    ours: contextsMatching,
    tolerance: 0,
  });
  const sandcat = run(s, { method: 'sandcat', options: { normalClass: 'none', k: 15 } });
  const impacts = sandcat.results.distanceImpact;
  if (impacts?.kind !== 'object-impacts') throw new Error('SAnDCat gave no distance impacts');
  const cls = table.classColumn as NonNullable<typeof table.classColumn>;
  const abnormal = Array.from(cls.codes.keys()).filter(
    (r) => cls.labels[cls.codes[r] as number] !== 'none',
  );
  [0.2165, 0.1109, 0.1109, 0.5344].forEach((paper, a) =>
    rows.push({
      data,
      quantity: `Table II distance impact, abnormal: ${names[a]}`,
      paper,
      ours:
        abnormal.reduce((sum, r) => sum + (impacts.values[r * 4 + a] as number), 0) /
        abnormal.length,
      tolerance: 0.0001,
    }),
  );
  return {
    id: 'dilca-contact-lenses',
    title: 'DILCA on contact-lenses: Ienco et al. 2016 (DILCA/SAnDCat) Figs. 2-3, Tables I-II',
    source:
      'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS), Sec. IV-C: Figs. 2-3, Tables I-II',
    protocol:
      '24 objects × 4 attributes, class `contact-lenses`. Normal model: DILCA learned on the 15 rows of class none; abnormal model: on the 9 others (soft, hard). Contexts by FCBF on symmetric uncertainty (strict redundancy rule), Eq. (1) with declared-domain denominators. Distance impact: SAnDCat with k = 15 (every normal object a representative), averaged over the 9 abnormal objects.',
    rows,
    notes: [
      'Every number reproduces the printed 4 decimals exactly; the tolerance is the printed precision.',
      'Table I is counted as a number: the contexts of the 4 attributes in both models, compared as printed (ranking order included).',
    ],
  };
}

/** Ienco et al. 2016 (DILCA/SAnDCat) Table IV: SAnDCat (MaxDTK, k = 40) under the protocol of Sec. V. */
async function sandcatTableIV(): Promise<Reproduction> {
  const rows: ReproducedRow[] = [];
  const notes: string[] = [];
  const samples = 10;
  for (const [file, label] of [
    ['vote.csv', 'Vote'],
    ['breast-cancer.csv', 'Breast-cancer'],
  ] as const) {
    const s = await session(file, { classColumn: 'Class', missing: 'mode' });
    const out = run(s, {
      method: 'evaluate-detectors',
      options: { detectors: 'sandcat', heuristic: 'maxdtk', k: 40, samples, seed: 1 },
    });
    const table = out.results.table;
    if (table?.kind !== 'table') throw new Error('no detector table');
    const aucCell = mean(table.rows[0]?.auc);
    const paper = SEED_002_TABLE_IV.find((r) => r.dataset === label);
    if (!paper) throw new Error(`Table IV has no ${label}`);
    rows.push({
      data: label,
      quantity: 'AUC, SAnDCat MaxDTK k = 40',
      paper: paper.auc.SAnDCat,
      ours: aucCell.mean,
      sd: aucCell.sd,
      // One abnormal sample of 8 (6) objects moves the AUC a lot: the paper's value is one
      // sample, ours the mean of 10; held within about one sd of our per-sample means.
      tolerance: label === 'Vote' ? 0.08 : 0.15,
    });
    notes.push(`${label}: ${(table.notes ?? [])[0] ?? ''}`);
  }
  return {
    id: 'sandcat-table-iv',
    title:
      'SAnDCat under the Ienco et al. 2016 (DILCA/SAnDCat) protocol: Table IV (Vote, Breast-cancer)',
    source:
      'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS), Sec. V, Tables III-IV',
    protocol: `Normal = the majority class; abnormal = a seeded random 3 % of the normal count from the other classes (Vote 8, Breast-cancer 6, as Table III); missing values replaced by the column mode; 5-fold cross-validation over the normal objects; ${samples} abnormal samples (seed 1); AUC (Mann–Whitney, ties ½) mean ± sd over the ${samples * 5} folds.`,
    rows,
    notes: [
      ...notes,
      'The spread is the point: on Vote the per-sample mean AUC ranges from about 0.76 to 0.98, on Breast-cancer from about 0.47 to 0.90; the paper reports one sample. Our Vote mean sits below the paper’s 0.9762: imputing each class’s own mode (a label leak) gives 0.96, dropping the rows with missing values 0.96, MinDTK k = 40 0.97; see README “Anomaly workflow”.',
      'Breast-cancer here has 41 values, the paper 51: its Weka file declares domain values that never occur (age 10-19, tumor-size 55-59 …), which enter DILCA’s denominators; a CSV cannot carry them.',
    ],
  };
}

/** Wang et al. 2015's worked examples (Tables II, V-VIII and Sec. V-C), under every IRS variant. */
async function casWorkedValues(): Promise<Reproduction> {
  const rows: ReproducedRow[] = [];
  const toy = await session('coupled-toy.csv', { drop: ['object'] });
  const movie = await session('movie.csv', { classColumn: 'Class' });
  const cell = (
    s: ExplorerSession,
    m: CasModel,
    tables: Float64Array,
    j: number,
    x: string,
    y: string,
  ): number => {
    const attr = s.table.attributes[j] as { labels: string[] };
    const size = attr.labels.length;
    return tables[
      (m.tableStart[j] as number) + attr.labels.indexOf(x) * size + attr.labels.indexOf(y)
    ] as number;
  };
  for (const irs of IRS_VARIANTS) {
    const m = runToEnd(casModelSteps(toy.table, toy.counts(), { variant: irs }));
    const data = `coupled-toy, IRS${irs}`;
    const row = (quantity: string, paper: number, ours: number): ReproducedRow => ({
      data,
      quantity,
      paper,
      ours,
      tolerance: 0.0001,
    });
    rows.push(
      row('IaASV(B1, B2) (Eq. 5)', 0.5, cell(toy, m, m.intra, 1, 'B1', 'B2')),
      row('IeASV(B1, B2) (Eq. 13)', 0.25, cell(toy, m, m.inter, 1, 'B1', 'B2')),
      row('CASV(B1, B2) (Eq. 14)', 0.125, cell(toy, m, m.casv, 1, 'B1', 'B2')),
      row('CASO(u2, u3) (Eq. 15)', 0.75, objectPair(toy.table, m, 1, 2).caso),
    );
    const mm = runToEnd(casModelSteps(movie.table, movie.counts(), { variant: irs }));
    for (const [x, y, paper] of [
      ['Scorsese', 'Coppola', 1 / 3],
      ['Coppola', 'Coppola', 1 / 3],
      ['Koster', 'Coppola', 0],
      ['Koster', 'Hitchcock', 0.25],
    ] as const)
      rows.push({
        data: `movie, IRS${irs}`,
        quantity: `CASV Director(${x}, ${y})`,
        paper,
        ours: cell(movie, mm, mm.casv, 0, x, y),
        tolerance: 0.0001,
      });
  }
  return {
    id: 'cas-worked-values',
    title:
      'Coupled attribute similarity: Wang et al. 2015 (coupled attribute similarity) worked values',
    source:
      'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS), Tables II and V-VIII, Sec. V-C; reference notes',
    protocol:
      'coupled-toy.csv without `object`; movie.csv without `Movie`, class `Class`. α_k = 1/(n − 1). Every value under IRSP, IRSU, IRSJ and IRSI.',
    rows,
    notes: [
      'All four variants give the same numbers (Theorem 6.1); the tests hold them to 1e-12 on every bundled data set where IRSP runs.',
    ],
  };
}

/** Zhu et al. 2022 (UNTIE) Table 4's Housevotes row: the paper's data (vote.csv's 232 complete rows). */
async function untieHousevotes(): Promise<Reproduction> {
  const paper = UNTIE_TABLE_4.find((r) => r.data === 'Housevotes');
  if (!paper) throw new Error('Table 4 has no Housevotes row');
  const s = await session('vote.csv', { classColumn: 'Class' });
  const runs = 50;
  const methods = [
    ['untie', {}, 'untie', 0.03],
    ['untie', { iterations: 0 }, 'couplings', 0.02],
    ['cde', {}, 'cde', 0.02],
    ['add', {}, 'add', 0.005],
    ['dilca', {}, 'dilca', 0.005],
    ['hamming', {}, 'hamming', 0.005],
  ] as const;
  const output = run(s, {
    method: 'evaluate-clustering',
    options: { runs, seed: 0 },
    inputs: { methods: methods.map(([method, options]) => ({ method, options })) },
  });
  const table = findResult(output.results, 'table')?.result;
  if (!table) throw new Error('the evaluation produced no table');
  const names: Record<string, string> = {
    couplings: 'Couplings (UNTIE, 0 iterations)',
    add: 'Ahmad (ADD)',
  };
  const rows: ReproducedRow[] = methods.map(([, , key, tolerance], i) => {
    const f = mean(table.rows[i]?.fscore);
    return {
      data: `Housevotes (${s.table.nRows} complete rows)`,
      quantity: `F-score ${names[key] ?? String(table.rows[i]?.title)}`,
      paper: paper.fscore[key],
      ours: f.mean,
      sd: f.sd,
      tolerance,
    };
  });
  return {
    id: 'untie-housevotes',
    title: 'UNTIE on Housevotes: Zhu et al. 2022 (UNTIE) Table 4',
    source:
      'Zhu, Cao, Yin, TNNLS 2022 (UNTIE, Zhu et al. 2022), Table 4; data as its Table 3 (232 objects, 16 attributes)',
    protocol: `vote.csv with rows holding a missing vote dropped (232 of 435, the paper's Housevotes), class \`Class\` (k = 2). Vector representations (UNTIE, Couplings, CDE) into k-means, similarity-based ones (ADD = Ahmad, DILCA, Hamming) into k-modes, ${runs} runs of one k-means++ start each (seed 0); UNTIE and CDE re-fitted with each run's seed. UNTIE at the paper's defaults with kernels scaled to k(x, x) = 1 and the scale-free loss (src/core/methods/untie/).`,
    rows,
    notes: [
      'Ahmad, DILCA and Hamming are deterministic representations and reproduce Table 4 to 0.0001: the harness (protocol, F-score) is the paper’s. Their tolerance is 0.005.',
      'UNTIE has no public code. Ours is 1.7 points below the paper (mean of 50 fits with seeds 0-49, sd 0.2) and Couplings 0.8 above, so heterogeneity learning costs 0.3 points here where the paper gains 2.2; see results/untie-table-4.md for Zoo and Soybean and src/core/methods/untie/learning.ts for the choices the paper leaves open. UNTIE is held to 0.03, Couplings and CDE (random value clustering) to 0.02.',
    ],
  };
}

export const REPRODUCTIONS: (() => Promise<Reproduction>)[] = [
  cureZoo,
  dilcaLenses,
  sandcatTableIV,
  casWorkedValues,
  untieHousevotes,
];
