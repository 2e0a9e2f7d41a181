/**
 * Every published number the product reproduces on its bundled data, paper value beside ours.
 * `npm run reproduce` writes them to results/ (Markdown + JSON); test/paper.numbers.test.ts pins
 * each one within its tolerance, so a change that moves a number away from the paper fails.
 * Each method issue adds its paper's reproductions here.
 */
import { readFileSync } from 'node:fs';
import { CURE_TABLE_1 } from '../src/core/evaluate/paperTables.ts';
import { runToEnd } from '../src/core/jobs.ts';
import type { Call, MethodOutput } from '../src/core/platform/spec.ts';
import { findResult, type Cell } from '../src/core/results.ts';
import { ExplorerSession } from '../src/core/session.ts';
import type { PrepareOptions } from '../src/core/table/prepare.ts';

export interface ReproducedRow {
  data: string;
  quantity: string;
  paper: number;
  ours: number;
  /** Spread of ours, when it is a mean. */
  sd?: number;
  /** |ours − paper| this reproduction promises (test/paper.numbers.test.ts). */
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

/** Seed 000 Table 1 (F-scores, FCI) and Table 2 (VCI) on Zoo with the paper's preprocessing. */
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
    // Seed 000 Table 2 prints VCI for the same preprocessing.
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
    title: 'CURE on Zoo: seed 000 Tables 1 and 2',
    source: 'Jian et al., CURE, TKDE 2019 (seed 000), Table 1 (F-scores, FCI) and Table 2 (VCI)',
    protocol: `101 objects × 30 values (\`legs\` not used, as in the paper), class \`type\` (k = 7). k-means with k = 7, ${runs} runs of one k-means++ start each (seed 0), F-score = Hungarian-matched macro F over classes. CDE (α = 10, β = 1e-10) is re-fitted for each run with its own seed (0–${runs - 1}); 0-1, 0-1P and IDF are deterministic and fitted once.`,
    rows,
    notes: [
      ...(table.notes ?? []),
      'The three encodings and both indicators reproduce the paper to its printed precision; the evaluation harness (k-means protocol, F-score) is therefore the paper’s.',
      'CDE: its value clustering is itself random and the paper reports one run without its seed or MATLAB’s random stream. The mean over 50 CDE seeds stays within 0.03 of 0.647; single seeds range about ±0.03 around it. The stop rule (removals exceed ⌈k/α⌉, tested once k has split the values) is discussed in src/core/methods/cde.ts.',
    ],
  };
}

export const REPRODUCTIONS: (() => Promise<Reproduction>)[] = [cureZoo];
