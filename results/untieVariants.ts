/**
 * UNTIE's learning variants against ω = 1 (issue 31): every variant of
 * results/untieVariantSetup.ts on Zoo, Housevotes, Soybean and DNA, k-means F-score (%) under
 * Table 4's protocol, mean ± sd over seeded runs (UNTIE re-fitted per run), and the paired
 * difference to ω = 1 with its standard error and a verdict at 1.96 standard errors.
 * `npm run reproduce -- untie-variants` writes results/untie-variants.md and .json; each table
 * runs in a child process (results/untieVariantRuns.ts), two at a time.
 */
import { meanSd } from '../src/core/evaluation/partitions.ts';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { embed, REGIONS } from './embed.ts';
import { pairedDifference } from './paired.ts';
import { UNTIE_PARAMETERS } from '../src/core/methods/untie/untie.ts';
import { Z } from './tolerance.ts';
import {
  COUPLINGS,
  UNTIE_VARIANTS,
  VARIANT_TABLES,
  type TableRuns,
  type Variant,
  type VariantTable,
} from './untieVariantSetup.ts';

export type Verdict = 'better' | 'not distinguishable' | 'worse';

export interface VariantCell {
  variant: string;
  mean: number;
  sd: number;
  /** Mean of the paired differences to ω = 1 (run r against run r), and its standard error. */
  difference: number;
  se: number;
  verdict: Verdict;
}

const mean = (xs: readonly number[]): number => meanSd(xs).mean;
const sd = (xs: readonly number[]): number => meanSd(xs).sd;

/** The paired comparison of one variant's runs with ω = 1's. */
export function compareRuns(variant: string, runs: number[], couplings: number[]): VariantCell {
  const { mean: difference, se } = pairedDifference(runs, couplings);
  const verdict: Verdict =
    difference > Z * se && difference > 0
      ? 'better'
      : difference < -Z * se && difference < 0
        ? 'worse'
        : 'not distinguishable';
  return { variant, mean: mean(runs), sd: sd(runs), difference, se, verdict };
}

/** Runs one table's calls `only` (all when absent) in a child process; resolves to its runs. */
function runTable(index: number, only?: readonly number[]): Promise<TableRuns> {
  const script = fileURLToPath(new URL('./untieVariantRuns.ts', import.meta.url));
  const args = ['--import', 'tsx', script, String(index), ...(only ? [only.join(',')] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
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

/**
 * Every table, two child processes at a time (the machine's cores). `saved[t]` holds, per call
 * (0 = ω = 1, i + 1 = UNTIE_VARIANTS[i]), runs measured before under the same options, or
 * null: only the calls without them are run, and a table with all of them is not run at all.
 */
async function allTables(saved: (number[] | null)[][]): Promise<TableRuns[]> {
  const results: TableRuns[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < VARIANT_TABLES.length) {
      const index = next++;
      const table = VARIANT_TABLES[index] as VariantTable;
      const have = saved[index] ?? [];
      const missing = [COUPLINGS, ...UNTIE_VARIANTS]
        .map((_, call) => call)
        .filter((call) => !have[call]);
      const fresh: TableRuns =
        missing.length === 0
          ? {
              label: table.label,
              objects: 0,
              runs: table.runs,
              seconds: 0,
              couplings: [],
              variants: [],
            }
          : await runTable(index, missing);
      const runsOf = (call: number): number[] =>
        have[call] ?? (call === 0 ? fresh.couplings : (fresh.variants[call - 1] ?? []));
      results[index] = {
        ...fresh,
        objects: fresh.objects || savedObjects[index] || 0,
        seconds: fresh.seconds + (savedSeconds[index] ?? 0),
        couplings: runsOf(0),
        variants: UNTIE_VARIANTS.map((_, i) => runsOf(i + 1)),
      };
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/** What the saved tables took and held, carried over when their runs are reused. */
const savedSeconds: number[] = [];
const savedObjects: number[] = [];

const f2 = (x: number): string => x.toFixed(2);
const signed = (x: number): string => (x >= 0.005 ? '+' : x <= -0.005 ? '−' : '') + f2(Math.abs(x));

const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  UNTIE_PARAMETERS.map((p) => [p.name, p.default]),
);

function defaultsText(): string {
  const { iterations, learning, bandwidth, batch } = DEFAULTS;
  return Number(iterations) === 0
    ? `iterations 0, bandwidth ${String(bandwidth)}: no learning`
    : `iterations ${String(iterations)}, learning ${String(learning)}, bandwidth ${String(bandwidth)}, batch ${String(batch)}`;
}

/** The shipped default among ω = 1 and the variants: the first whose named options it runs. */
function defaultVariant(): Variant | undefined {
  return [COUPLINGS, ...UNTIE_VARIANTS].find((v) =>
    Object.entries(v.options).every(([k, value]) => DEFAULTS[k] === value),
  );
}

function summary(tables: TableRuns[], cells: VariantCell[][]): string[] {
  const chosen = defaultVariant();
  const index = UNTIE_VARIANTS.findIndex((v) => v.id === chosen?.id);
  const lines: string[] = [];
  if (chosen === COUPLINGS)
    lines.push(
      `- **Default** (${defaultsText()}): the reference row itself, chosen because no variant that learns ω is free of a “worse” verdict (the last line).`,
    );
  else if (chosen && index >= 0) {
    const verdicts = tables.map((t, i) => ({ t, c: cells[i]?.[index] as VariantCell }));
    const worse = verdicts.filter(({ c }) => c.verdict === 'worse');
    const better = verdicts.filter(({ c }) => c.verdict === 'better');
    lines.push(
      `- **Default** (${defaultsText()}: the row “${chosen.title}”): ${verdicts
        .map(({ t, c }) => `${t.label} ${signed(c.difference)} ± ${f2(c.se)} (${c.verdict})`)
        .join(
          '; ',
        )}. ${worse.length === 0 ? 'It is not significantly worse than ω = 1 on any of the four tables' : `It is significantly worse than ω = 1 on ${worse.map(({ t }) => t.label).join(' and ')}`}, and ${better.length === 0 ? 'significantly better on none' : `significantly better on ${better.map(({ t }) => t.label).join(' and ')}`}.`,
    );
  }
  UNTIE_VARIANTS.forEach((v, i) => {
    const worse = tables.filter((_, t) => cells[t]?.[i]?.verdict === 'worse').map((t) => t.label);
    const better = tables.filter((_, t) => cells[t]?.[i]?.verdict === 'better').map((t) => t.label);
    lines.push(
      `- ${v.title}${v.tried === 'before' ? '' : ` ${v.tried}`}: worse on ${worse.length === 0 ? 'none' : worse.join(', ')}; better on ${better.length === 0 ? 'none' : better.join(', ')}.`,
    );
  });
  const safe = UNTIE_VARIANTS.filter((_, i) =>
    tables.every((_, t) => cells[t]?.[i]?.verdict !== 'worse'),
  );
  const learned = safe.filter((v) => v.options.iterations !== 0);
  lines.push(
    `- Not significantly worse than ω = 1 on any of the four tables: ${safe.length === 0 ? 'no variant' : safe.map((v) => v.title).join(', ')}${learned.length === 0 ? ' — none that learns ω' : ''}. Significantly better than ω = 1 on every table: ${
      UNTIE_VARIANTS.filter((_, i) => tables.every((_, t) => cells[t]?.[i]?.verdict === 'better'))
        .map((v) => v.title)
        .join(', ') || 'none'
    }.`,
  );
  return lines;
}

const JSON_FILE = new URL('./untie-variants.json', import.meta.url);

/**
 * The runs: measured afresh, or with UNTIE_VARIANTS_REUSE=1 taken from the last
 * untie-variants.json for every call (ω = 1 or a variant) it measured with the same options
 * on a table with the same runs — so a variant added to UNTIE_VARIANTS is run alone, paired with
 * the saved ω = 1 runs (run r's seed is r whatever else runs beside it).
 */
async function measuredRuns(): Promise<TableRuns[]> {
  const calls = [COUPLINGS, ...UNTIE_VARIANTS];
  const none = VARIANT_TABLES.map(() => calls.map(() => null));
  if (process.env.UNTIE_VARIANTS_REUSE !== '1' || !existsSync(JSON_FILE)) return allTables(none);
  const saved = JSON.parse(readFileSync(JSON_FILE, 'utf8')) as {
    variants: Variant[];
    tables: TableRuns[];
  };
  const reuse = VARIANT_TABLES.map((table, t) => {
    const old = saved.tables.find((s) => s.label === table.label);
    if (!old || old.runs !== table.runs) return calls.map(() => null);
    savedSeconds[t] = old.seconds;
    savedObjects[t] = old.objects;
    return calls.map((v) => {
      const at = saved.variants.findIndex(
        (s) => s.id === v.id && JSON.stringify(s.options) === JSON.stringify(v.options),
      );
      if (at < 0) return null;
      return (at === 0 ? old.couplings : old.variants[at - 1]) ?? null;
    });
  });
  const missing = reuse.flat().filter((r) => r === null).length;
  console.log(`untie-variants: ${missing} table × call runs to measure, the others reused`);
  return allTables(reuse);
}

export async function untieVariants(): Promise<{ id: string; title: string; markdown: string }> {
  const tables = await measuredRuns();
  const cells = tables.map((t) =>
    UNTIE_VARIANTS.map((v, i) => compareRuns(v.id, t.variants[i] ?? [], t.couplings)),
  );
  const rows: string[] = [];
  tables.forEach((t, ti) => {
    rows.push(
      `| ${t.label} | ${COUPLINGS.title} | reference | ${t.runs} | ${f2(mean(t.couplings))} ± ${f2(sd(t.couplings))} | | | |`,
    );
    UNTIE_VARIANTS.forEach((v, i) => {
      const c = cells[ti]?.[i] as VariantCell;
      rows.push(
        `| ${t.label} | ${v.title} | ${v.tried} | ${t.runs} | ${f2(c.mean)} ± ${f2(c.sd)} | ${signed(c.difference)} | ${f2(c.se)} | ${c.verdict} |`,
      );
    });
  });
  const markdown = [
    '# UNTIE’s learning variants against ω = 1 (issue 31)',
    '',
    'Generated by `npm run reproduce -- untie-variants` (results/untieVariants.ts, results/untieVariantSetup.ts). Source of the method: Zhu, Cao, Yin, TNNLS 2022 (UNTIE), Secs. 4.3–4.5 (Eqs. 7, 13, 17–22), 5.5, 6.1.4.',
    '',
    `Protocol (issue 31's, before Table 4's protocol was found: results/untie-table-4.md): k = the number of classes; k-means on Eq. (21)'s vectors, one k-means++ start per run; run r uses evaluation seed r and UNTIE re-fitted with seed r, so each variant's run r and ω = 1's run r start from the same seed (paired). F-score: Hungarian-matched macro F, %. Each row: mean ± sd over the runs; the mean of the paired differences to ω = 1 (UNTIE with 0 iterations, ω = 1, σ absolute); its standard error sd(differences)/√runs; the verdict at ${Z} standard errors (better / not distinguishable / worse). Every variant runs the paper's settings otherwise (14 kernels, k(x, x) = 1, Adam lr 1e-3, 1,000 iterations unless it says otherwise, n_c = the number of classes). Variants: (a) centred kernels with Eq. (22)'s linear-programming constraint written out; (b) multiple kernel k-means, squared weights with Σβ = 1; (c) σ as a bandwidth on the space's scaled squared distances; (d) the batch (the paper's 20 objects, Sec. 6.1.4, against 50, 100 and all objects); early stop: the paper's learning cut at 200 of its 1,000 iterations; src/core/methods/untie/learning.ts says what each does.`,
    '',
    '| data | variant | tried | runs | F (mean ± sd) | − ω = 1 | se | verdict |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    '## What it shows',
    '',
    'These runs chose issue 31’s default (no learning) under the one-start protocol, 11 variants × 4 tables without a correction for multiple comparisons. The default is now chosen by results/untie-default.md: Table 4’s protocol (best of 10 starts), every Table 4 data set we have, F-score and (ε,γ) area, Holm-corrected.',
    '',
    ...summary(tables, cells),
    '',
    `Time: ${tables.map((t) => `${t.label} ${t.seconds.toFixed(0)} s`).join(', ')} for all variants' runs (this shared 2-core machine, two tables at a time).`,
    '',
  ].join('\n');
  // Formatted as the lint's prettier --check expects.
  writeFileSync(
    JSON_FILE,
    await format(
      JSON.stringify({
        variants: [COUPLINGS, ...UNTIE_VARIANTS],
        tables: tables.map((t, i) => ({ ...t, comparisons: cells[i] })),
      }),
      { ...(await resolveConfig(fileURLToPath(JSON_FILE))), parser: 'json' },
    ),
  );
  await embed(REGIONS.untieVariants, [
    '| data | variant | tried | runs | F (mean ± sd) | − ω = 1 | se | verdict |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ]);
  return {
    id: 'untie-variants',
    title: 'UNTIE’s learning variants against ω = 1 (issue 31)',
    markdown,
  };
}
