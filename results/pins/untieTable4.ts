import { chanceScores } from '../../src/core/evaluation/chance.ts';
import { meanSd } from '../../src/core/evaluation/partitions.ts';
import { PROTOCOL_TITLES } from '../../src/core/clustering/protocols.ts';
import { UNTIE_PAPER_LEARNING } from '../../src/core/methods/untie/untie.ts';
import { UNTIE_KERNELS_NAME } from '../../src/core/methods/untie/untieShared.ts';
import { Z } from '../tolerance.ts';
import { pairedDifference } from '../paired.ts';
import { UNTIE_TABLE_4, type UntieTableRow } from '../../src/core/methods/untie/table4.ts';
import type { PrepareOptions } from '../../src/core/data/table/prepare.ts';
import { findResult } from '../../src/core/platform/results.ts';
import {
  indistinctInPaper,
  mean,
  pinned,
  run,
  session,
  type ReproducedRow,
  type Reproduction,
} from './kit.ts';

/** Ours, and the paper's (it averages 50 k-means starts). */
const RUNS = 50;

/**
 * Table 4's protocol: Sec. 6.1.4 implements UNTIE in Python, and its k-means and k-modes are the
 * Python packages' (scikit-learn's KMeans and kmodes' KModes), which keep the lowest-cost of 10
 * starts per run. Under it Couplings, Ahmad, DILCA and Hamming reproduce Table 4 on Housevotes to
 * its printed digits, and Couplings on DNAPromoter and DNAnominal within the standard error (the
 * one-start protocol of Jian et al. 2019 does not: results/zoo-protocol.md).
 */
const PROTOCOL = 'paper-zoo';

type Table4Key = keyof UntieTableRow['fscore'];

/**
 * Each method of Table 4 the product has, its column, and the baseline a pin must tell it from:
 * UNTIE against Couplings (the paper's ablation: its coupling spaces without kernels or
 * learning), the other representations against Hamming (overlap), Hamming against chance.
 */
const METHODS: {
  method: string;
  options: Record<string, number | string>;
  seeded: boolean;
  key: Table4Key;
  name: string;
  baseline: Table4Key | 'chance';
}[] = [
  {
    method: 'untie',
    options: { ...UNTIE_PAPER_LEARNING },
    seeded: true,
    key: 'untie',
    name: 'UNTIE (the paper’s learning)',
    baseline: 'couplings',
  },
  {
    method: 'couplings',
    options: {},
    seeded: false,
    key: 'couplings',
    name: 'Couplings',
    baseline: 'hamming',
  },
  { method: 'cde', options: {}, seeded: true, key: 'cde', name: 'CDE', baseline: 'hamming' },
  {
    method: 'add',
    options: {},
    seeded: false,
    key: 'add',
    name: 'Ahmad (ADD)',
    baseline: 'hamming',
  },
  { method: 'dilca', options: {}, seeded: false, key: 'dilca', name: 'DILCA', baseline: 'hamming' },
  {
    method: 'hamming',
    options: {},
    seeded: false,
    key: 'hamming',
    name: 'Hamming',
    baseline: 'chance',
  },
];

/** Run beside the pinned methods, for the notes: UNTIE without learning (no column in Table 4). */
const KERNELS_ONLY = { method: 'untie', options: { iterations: 0 }, seeded: false };

/** One of Table 4's data sets with a public copy (results/datasets.md). */
export interface Table4Data {
  id: string;
  /** Its row in Table 4 (and Table 3, whose shape the prepared table must have). */
  paperName: string;
  /** The table: a file of public/datasets, or data/FILE in results/data. */
  file: string;
  prepare: PrepareOptions;
  /** How the file becomes the paper's table, for the protocol line. */
  preparation: string;
}

interface Fitted {
  mean: number;
  sd: number;
  runs: number[];
}

const fitted = (runs: number[]): Fitted => ({ ...meanSd(runs), runs });

function methodRow(
  paper: UntieTableRow,
  data: string,
  i: number,
  fscores: Fitted[],
  chance: number,
): ReproducedRow {
  const m = METHODS[i];
  if (!m) throw new Error(`no method ${i}`);
  const f = fscores[i] as Fitted;
  const b = METHODS.findIndex((x) => x.key === m.baseline);
  const base = METHODS[b];
  const p = paper.fscore[m.key];
  // Chance has no column in Table 4: its value is ours (random partitions of these classes).
  const indistinct = indistinctInPaper(
    p,
    base
      ? { name: base.name, value: paper.fscore[base.key] }
      : { name: 'chance', value: Number(chance.toFixed(4)) },
    f.sd,
    RUNS,
  );
  return pinned({
    data,
    quantity: `F-score ${m.name}`,
    paper: p,
    ours: f.mean,
    sd: f.sd,
    basis: { kind: 'runs', runs: RUNS, sd: f.sd, paperRuns: RUNS, decimals: 4 },
    baseline: base
      ? { name: base.name, ours: (fscores[b] as Fitted).mean }
      : { name: 'chance (random partitions)', ours: chance },
    ...(indistinct === undefined ? {} : { indistinct }),
  });
}

/**
 * The paper's ablation (Sec. 6.3.1): UNTIE − Couplings, ours the mean of the paired differences
 * (run r of each from seed r), the paper's the difference of its two columns. Its baseline is
 * UNTIE swapped for Couplings: a difference of 0.
 */
function ablationRow(paper: UntieTableRow, data: string, fscores: Fitted[]): ReproducedRow {
  const untie = fscores[0] as Fitted;
  const couplings = fscores[1] as Fitted;
  const d = pairedDifference(untie.runs, couplings.runs);
  const paperDifference = Number((paper.fscore.untie - paper.fscore.couplings).toFixed(4));
  // The paper's two means, each of RUNS runs spreading as ours: within Z of their standard
  // errors of 0, its own table cannot tell UNTIE from Couplings.
  const paperSe = Math.sqrt((untie.sd ** 2 + couplings.sd ** 2) / RUNS);
  const indistinct =
    Math.abs(paperDifference) <= Z * paperSe
      ? `the paper’s difference ${paperDifference} is within ${Z} standard errors (${(Z * paperSe).toFixed(4)}) of 0 for two means of ${RUNS} runs at our sds: the paper’s table cannot tell UNTIE from Couplings here, so neither can this pin`
      : undefined;
  return pinned({
    data,
    quantity: 'F-score UNTIE − Couplings (paired runs)',
    paper: paperDifference,
    ours: d.mean,
    sd: d.sd,
    basis: {
      kind: 'paired',
      runs: RUNS,
      sd: d.sd,
      sdA: untie.sd,
      sdB: couplings.sd,
      paperRuns: RUNS,
      decimals: 4,
    },
    baseline: { name: 'UNTIE swapped for Couplings (no difference)', ours: 0 },
    ...(indistinct === undefined ? {} : { indistinct }),
  });
}

/** A reproduction of Table 4's row for one data set, run r of every method from seed r. */
export function untieTable4(d: Table4Data): () => Promise<Reproduction> {
  return async () => {
    const paper = UNTIE_TABLE_4.find((r) => r.data === d.paperName);
    if (!paper) throw new Error(`Table 4 has no ${d.paperName}`);
    const s = await session(d.file, d.prepare);
    const values = s.table.attributes.reduce((sum, a) => sum + a.labels.length, 0);
    if (s.table.nRows !== paper.objects || values !== paper.values)
      throw new Error(
        `${d.file} gives ${s.table.nRows} × ${values} values, Table 3 has ${d.paperName} ${paper.objects} × ${paper.values}`,
      );
    const calls = [...METHODS, KERNELS_ONLY];
    const runs: number[][] = calls.map(() => []);
    for (let r = 0; r < RUNS; r++) {
      const output = run(s, {
        method: 'evaluate-clustering',
        options: { runs: 1, seed: r, protocol: PROTOCOL },
        inputs: {
          methods: calls.map(({ method, options, seeded }) => ({
            method,
            options: seeded ? { ...options, seed: r } : options,
          })),
        },
      });
      const table = findResult(output.results, 'table')?.result;
      if (!table) throw new Error('the evaluation produced no table');
      calls.forEach((_, i) => runs[i]?.push(mean(table.rows[i]?.fscore).mean));
    }
    const fscores = runs.map(fitted);
    const classes = s.table.classColumn?.codes ?? new Int32Array(0);
    const k = new Set(classes).size;
    const chance = chanceScores(classes, k, RUNS).fscore.mean;
    const data = `${d.paperName} (${s.table.nRows} × ${s.table.attributes.length}, ${values} values)`;
    const rows = [
      ...METHODS.map((_, i) => methodRow(paper, data, i, fscores, chance)),
      ablationRow(paper, data, fscores),
    ];
    const kernels = fscores[METHODS.length] as Fitted;
    const [untie] = fscores as [Fitted];
    const learning = pairedDifference(untie.runs, kernels.runs);
    return {
      id: d.id,
      title: `UNTIE on ${d.paperName}: Zhu et al. 2022 (UNTIE) Table 4`,
      source: `Zhu, Cao, Yin, TNNLS 2022 (UNTIE, Zhu et al. 2022), Table 4; data as its Table 3 (${paper.objects} objects, ${paper.values} values); the copy used: results/datasets.md`,
      protocol: `${d.preparation}, k = ${k} classes. Vector representations (UNTIE, Couplings, CDE) into k-means, similarity-based ones (Ahmad = our ADD, DILCA, Hamming) into k-modes, ${RUNS} runs, each the ${PROTOCOL_TITLES[PROTOCOL]} (the Python packages' defaults, as the paper's Python implementation would run them); run r starts every method from seed r and re-fits UNTIE and CDE with seed r, so the runs are paired. UNTIE at the paper's settings (Sec. 6.1.4: 14 kernels, Adam lr 1e-3, batch 20, 1,000 iterations) with our stated choices (kernels scaled to k(x, x) = 1, the centred loss: src/core/methods/untie/learning.ts). Couplings: the coupling-space vectors concatenated (Eqs. 1 and 4), no kernels, no learning (src/core/methods/untie/couplingsMethod.ts). Baselines: UNTIE against Couplings (the paper's ablation), the others against Hamming (overlap), Hamming against ${RUNS} random partitions (F ${chance.toFixed(4)}).`,
      rows,
      notes: [
        `${UNTIE_KERNELS_NAME} (not a column of Table 4): F ${(100 * kernels.mean).toFixed(2)} ± ${(100 * kernels.sd).toFixed(2)}; the learning moves it by ${(100 * learning.mean).toFixed(2)} points (paired, standard error ${(100 * learning.se).toFixed(2)}).`,
      ],
    };
  };
}
