/**
 * Which UNTIE the plain `untie` id means (issue 45): the rule below was written and committed
 * before any of its runs, and `npm run reproduce -- untie-default` applies it, writing
 * results/untie-default.md and .json. Each table runs in a child process (this file with
 * `--table N`), two at a time.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { discoverMethods } from '../src/cli/discover.ts';
import { UNTIE_PAPER_LEARNING } from '../src/core/methods/untie/untie.ts';
import { UNTIE_KERNELS_NAME } from '../src/core/methods/untie/untieShared.ts';
import type { ResultTable } from '../src/core/platform/results.ts';
import { mean as meanOf, run, session } from './pins/kit.ts';
import { TABLE_4_DATA } from './pins/untieData.ts';

/** The rule, as written before the runs (2026-11-28); the generated file prints it first. */
export const RULE = [
  '**Candidates.** _learned_: UNTIE with the paper’s learning (Sec. 6.1.4: Adam, lr 1e-3, batch 20, 1,000 iterations; our centred loss, src/core/methods/untie/learning.ts). _ω = 1_: UNTIE kernels, ω = 1 (Alg. 1 without steps 4–11: every coupling space in the 14 kernels, nothing learned). Couplings, Table 4’s ablation (the coupling vectors concatenated), is a method of its own (`couplings`) and is reported beside them, not a candidate.',
  '**Data.** Every Table 4 data set the repository has a copy of, prepared as the Table 4 reproductions prepare them: Zoo, DNAPromoter, Housevotes, Soybeanlarge, Wisconsin, Breastcancer, Titanic, DNAnominal.',
  '**Runs.** 50 paired runs per data set (20 on DNAnominal, whose fits take longest): run r fits both candidates with seed r.',
  '**Measures**, both on every data set: (1) the clustering F-score under Table 4’s protocol (k = the number of classes; k-means, best of 10 k-means++ starts, seeded r); (2) the area under the (ε,γ)-curve (Sec. 6.2.2, the results board’s measure: similarity 1 − d / max d over a fixed seeded sample of at most 1,000 objects), of the same fits.',
  '**Test.** For each (data set, measure) the paired differences learned − ω = 1 over the runs: their mean d and standard error se = sd / √runs; a two-sided p-value from the normal distribution of d / se (se = 0: p = 0 when d ≠ 0, p = 1 when d = 0). The 16 p-values are corrected together by Holm’s method at a family-wise error rate of 5 %.',
  '**Decision.** W = the significant pairs where learned is higher, L = those where ω = 1 is higher. If W ≥ L, `untie` means the paper’s method: its defaults are the paper’s learning. If L > W, `untie` means UNTIE kernels, ω = 1, titled so, with the learning one setting away (`iterations 1000`). Whatever the outcome, the results board and `npm run reproduce` show Couplings, ω = 1 and learned side by side.',
];

export const FAMILY_ERROR = 0.05;

/** Runs per data set under the rule. */
export function runsFor(id: string): number {
  return id === 'untie-dnanominal' ? 20 : 50;
}

/** The three calls of every run, in order: Couplings, ω = 1, learned. */
export const CANDIDATES = [
  {
    key: 'couplings',
    title: 'Couplings',
    call: { method: 'couplings', options: {} },
    seeded: false,
  },
  {
    key: 'w1',
    title: UNTIE_KERNELS_NAME,
    call: { method: 'untie', options: { iterations: 0 } },
    seeded: false,
  },
  {
    key: 'learned',
    title: 'UNTIE, the paper’s learning',
    call: { method: 'untie', options: { ...UNTIE_PAPER_LEARNING } },
    seeded: true,
  },
] as const;

export interface TableRuns {
  id: string;
  paperName: string;
  objects: number;
  runs: number;
  seconds: number;
  /** Per candidate (CANDIDATES order), per run: F-score and (ε,γ) area. */
  fscore: number[][];
  area: number[][];
}

/** One data set's runs (the child process's work). */
export async function tableRuns(index: number): Promise<TableRuns> {
  const d = TABLE_4_DATA[index];
  if (!d) throw new Error(`no Table 4 data set ${index}`);
  const s = await session(d.file, d.prepare);
  const runs = runsFor(d.id);
  const fscore: number[][] = CANDIDATES.map(() => []);
  const area: number[][] = CANDIDATES.map(() => []);
  const started = performance.now();
  for (let r = 0; r < runs; r++) {
    const methods = CANDIDATES.map((c) => ({
      method: c.call.method,
      options: c.seeded ? { ...c.call.options, seed: r } : { ...c.call.options },
    }));
    const clustering = run(s, {
      method: 'evaluate-clustering',
      options: { runs: 1, seed: r, protocol: 'paper-zoo' },
      inputs: { methods },
    }).results.table as ResultTable;
    const curves = run(s, {
      method: 'eps-gamma',
      options: { fits: 1, seed: 0 },
      inputs: { methods },
    }).results.table as ResultTable;
    CANDIDATES.forEach((_, i) => {
      fscore[i]?.push(meanOf(clustering.rows[i]?.fscore).mean);
      area[i]?.push(meanOf(curves.rows[i]?.area).mean);
    });
    process.stderr.write(`${d.paperName}: run ${r + 1} of ${runs}\n`);
  }
  return {
    id: d.id,
    paperName: d.paperName,
    objects: s.table.nRows,
    runs,
    seconds: (performance.now() - started) / 1000,
    fscore,
    area,
  };
}

/** The standard normal's two-sided tail beyond |z| (Abramowitz & Stegun 7.1.26 on erfc). */
export function twoSidedP(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return Math.min(1, poly * Math.exp(-x * x));
}

export interface Test {
  data: string;
  measure: 'F-score' | '(ε,γ) area';
  difference: number;
  se: number;
  p: number;
  /** Holm's adjusted p-value. */
  adjusted: number;
  significant: boolean;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return xs.length < 2 ? 0 : Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};

/** The paired test of learned − ω = 1 on one measure of one table (before Holm). */
export function pairedTest(
  data: string,
  measure: Test['measure'],
  learned: readonly number[],
  w1: readonly number[],
): Omit<Test, 'adjusted' | 'significant'> {
  const differences = learned.map((x, r) => x - (w1[r] as number));
  const difference = mean(differences);
  const se = sd(differences) / Math.sqrt(differences.length);
  const p = se > 0 ? twoSidedP(difference / se) : difference !== 0 ? 0 : 1;
  return { data, measure, difference, se, p };
}

/** Holm's step-down adjustment: adjusted p of the i-th smallest = max over j ≤ i of (m − j)·p_j. */
export function holm<T extends { p: number }>(
  tests: readonly T[],
  alpha = FAMILY_ERROR,
): (T & { adjusted: number; significant: boolean })[] {
  const m = tests.length;
  const order = tests.map((_, i) => i).sort((a, b) => (tests[a]?.p ?? 1) - (tests[b]?.p ?? 1));
  const adjusted = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * (tests[i]?.p ?? 1)));
    adjusted[i] = running;
  });
  return tests.map((t, i) => ({
    ...t,
    adjusted: adjusted[i] as number,
    significant: (adjusted[i] as number) <= alpha,
  }));
}

export interface Decision {
  wins: number;
  losses: number;
  untie: 'learned' | 'w1';
}

export function decide(tests: readonly Test[]): Decision {
  const wins = tests.filter((t) => t.significant && t.difference > 0).length;
  const losses = tests.filter((t) => t.significant && t.difference < 0).length;
  return { wins, losses, untie: wins >= losses ? 'learned' : 'w1' };
}

/** Runs one table in a child process (two at a time keep both cores busy). */
function runTable(index: number): Promise<TableRuns> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--table', String(index)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as TableRuns)
        : reject(new Error(`table ${index} ended with code ${code}`)),
    );
  });
}

/** Every table's runs: the committed ones (results/untie-default.json) unless `fresh`. */
export async function allRuns(fresh: boolean): Promise<TableRuns[]> {
  const saved = new URL('./untie-default.json', import.meta.url);
  if (!fresh && existsSync(saved))
    return (JSON.parse(readFileSync(saved, 'utf8')) as { tables: TableRuns[] }).tables;
  const out: TableRuns[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < TABLE_4_DATA.length) {
      const index = next++;
      out[index] = await runTable(index);
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

if (process.argv[2] === '--table') {
  await discoverMethods();
  process.stdout.write(JSON.stringify(await tableRuns(Number(process.argv[3]))));
}
