/**
 * npm run fuzz — every generated hostile input (≥ 1,000 cases) through the core load path, and a
 * sample through the real CLI; prints the table per category and exits 1 on any crash, any case
 * over its time budget, or a CLI that disagrees with the core.
 */
import { discoverMethods } from '../../src/cli/discover.ts';
import { CATEGORY_NAMES, generateCases } from './generate.ts';
import { checkCase, checkCli, summaryTable, type CaseResult } from './check.ts';

await discoverMethods();
const seed = Number(process.env.FUZZ_SEED ?? 1);
const perCategory = Number(process.env.FUZZ_PER_CATEGORY ?? 35);
const cliEvery = Number(process.env.FUZZ_CLI_EVERY ?? 20);
const cases = generateCases(seed, perCategory);
console.log(
  `${cases.length} cases in ${CATEGORY_NAMES.length} categories (seed ${seed}); the CLI on every ${cliEvery}th`,
);
const results: CaseResult[] = [];
const problems: string[] = [];
for (const [i, c] of cases.entries()) {
  const r = await checkCase(c);
  results.push(r);
  if (r.verdict === 'crash' || r.verdict === 'slow')
    problems.push(
      `${r.verdict}: ${r.name} (${r.bytes} bytes, ${r.seconds.toFixed(2)} s): ${r.message}`,
    );
  if (i % cliEvery === 0) {
    const cli = await checkCli(c, r);
    if (cli) problems.push(`CLI: ${r.name}: ${cli}`);
  }
}
console.log(summaryTable(results));
const cliRuns = Math.ceil(cases.length / cliEvery);
console.log(
  `\n${results.length} cases: ${results.filter((r) => r.verdict === 'crash').length} crashes, ${results.filter((r) => r.verdict === 'slow').length} over budget; ${cliRuns} CLI runs, ${problems.filter((p) => p.startsWith('CLI')).length} disagreements`,
);
for (const p of problems) console.log(p);
process.exitCode = problems.length > 0 ? 1 : 0;
