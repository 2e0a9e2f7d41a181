/**
 * One table's runs for results/untieVariants.ts (run as a child process, so the four tables use
 * both cores): `tsx results/untieVariantRuns.ts <table index>` prints, as JSON, the F-score (%)
 * of every run of ω = 1 (UNTIE kernels, no learning) and of every variant. Run r is one evaluate-clustering run with
 * evaluation seed r and UNTIE re-fitted with seed r, all methods in the same call, so each
 * method's k-means++ start is drawn from the same seed r (the runs are paired). A second argument,
 * a comma-separated list of calls (0 = ω = 1, i + 1 = UNTIE_VARIANTS[i]), runs only those:
 * the others come back empty, for results/untieVariants.ts to fill from its saved runs.
 */
import { readFileSync } from 'node:fs';
import { discoverMethods } from '../src/cli/discover.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { ExplorerSession } from '../src/core/platform/session.ts';
import type { ResultTable } from '../src/core/platform/results.ts';
import { COUPLINGS, UNTIE_VARIANTS, VARIANT_TABLES, type TableRuns } from './untieVariantSetup.ts';

export async function tableRuns(index: number, only?: readonly number[]): Promise<TableRuns> {
  const data = VARIANT_TABLES[index];
  if (!data) throw new Error(`no table ${index}`);
  const session = new ExplorerSession();
  await session.load(
    [readFileSync(new URL(`../public/datasets/${data.file}`, import.meta.url), 'utf8')],
    {},
    { classColumn: data.classColumn },
  );
  const all = [COUPLINGS, ...UNTIE_VARIANTS].map((v) => v.options);
  const run = only ?? all.map((_, i) => i);
  const calls = run.map((i) => all[i] as Record<string, unknown>);
  const fscores: number[][] = all.map(() => []);
  const started = performance.now();
  for (let r = 0; r < data.runs; r++) {
    const out = runToEnd(
      session.runSteps({
        method: 'evaluate-clustering',
        options: { runs: 1, seed: r },
        inputs: {
          methods: calls.map((options) => ({ method: 'untie', options: { ...options, seed: r } })),
        },
      }),
    );
    const rows = (out.results.table as ResultTable).rows;
    process.stderr.write(`${data.label}: run ${r + 1} of ${data.runs}\n`);
    run.forEach((call, i) => {
      const f = rows[i]?.fscore;
      if (f === null || typeof f !== 'object' || !('mean' in f))
        throw new Error(`${data.label}: no F-score for call ${call} in run ${r}`);
      fscores[call]?.push(100 * f.mean);
    });
  }
  return {
    label: data.label,
    objects: session.table.nRows,
    runs: data.runs,
    seconds: (performance.now() - started) / 1000,
    couplings: fscores[0] ?? [],
    variants: fscores.slice(1),
  };
}

if (process.argv[1]?.endsWith('untieVariantRuns.ts')) {
  await discoverMethods();
  const only = process.argv[3]?.split(',').map(Number);
  process.stdout.write(JSON.stringify(await tableRuns(Number(process.argv[2]), only)));
}
