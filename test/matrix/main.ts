/**
 * `npm run matrix`: every registered method and step on every matrix table (the bundled real
 * tables and the generated hostile shapes), printed as a table of seconds and outcome per cell
 * and written to results/matrix.md. `--quick` runs the subset `npm test` runs; `--table NAME`
 * (a substring) runs the tables whose name holds it; `--jobs N` runs N tables at a time, each in
 * a process of its own (default: the cores). Exits 1 when a cell failed.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { discoverMethods } from '../../src/cli/discover.ts';
import { matrixPlan } from './plan.ts';
import { markdown, summarise, cellName } from './report.ts';
import { runCells, type CellResult } from './run.ts';
import { matrixTables } from './tables.ts';

const args = process.argv.slice(2);
const value = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const quick = args.includes('--quick');
/** --light: every table, but the quick subset's cells (no step per representation, 3 runs). */
const light = args.includes('--light');
const only = value('--table');
const child = value('--child');

/** One table in this process: its cells' results as one JSON line, and a line for people. */
async function runTable(index: number): Promise<void> {
  await discoverMethods();
  const t = matrixTables()[index];
  if (!t) throw new Error(`no matrix table ${index}`);
  const session = await t.open();
  const started = Date.now();
  const rows = runCells(
    t.name,
    session,
    matrixPlan(session.table, { quick: (quick || light) && !t.allCells }),
  );
  const s = summarise(rows);
  const line = `${t.name} (${session.table.nRows} rows × ${session.table.attributes.length} attributes, ${session.table.nValues} values): ${rows.length} cells, ${s.done} done, ${s.notApplicable} n/a, ${s.failed.length} failed, ${((Date.now() - started) / 1000).toFixed(1)} s`;
  process.stdout.write(`${JSON.stringify({ line, rows })}\n`);
}

/** Runs table `index` in a child process and returns its results. */
function inChild(index: number): Promise<{ line: string; rows: CellResult[] }> {
  const script = fileURLToPath(import.meta.url);
  const flags = [...(quick ? ['--quick'] : []), ...(light ? ['--light'] : [])];
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [...process.execArgv, script, '--child', String(index), ...flags],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last) as { line: string; rows: CellResult[] });
      } catch {
        reject(new Error(`matrix table ${index} ended with code ${code} and no results`));
      }
    });
  });
}

if (child !== undefined) await runTable(Number(child));
else {
  const jobs = Math.max(1, Number(value('--jobs') ?? cpus().length));
  const chosen = matrixTables()
    .map((t, index) => ({ t, index }))
    .filter(({ t }) => (!quick || t.quick) && (!only || t.name.includes(only)));
  const rowsOf = (k: number): number => chosen[k]?.t.rows ?? 0;
  const byTable: CellResult[][] = [];
  const started = Date.now();
  // The largest tables first, so the last to end is a small one; results stay in table order.
  const order = chosen.map((_, k) => k).sort((a, b) => rowsOf(b) - rowsOf(a));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < order.length) {
      const k = order[next++] as number;
      const { index } = chosen[k] as (typeof chosen)[number];
      const { line, rows } = await inChild(index);
      byTable[k] = rows;
      console.log(line);
      for (const f of summarise(rows).failed) console.log(`  FAILED ${cellName(f)}: ${f.reason}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, chosen.length) }, worker));
  const results = byTable.flat();
  const header = `# The real-data matrix${quick ? ' (quick subset)' : ''}\n\nEvery registered method and step on every table (\`npm run matrix${quick ? ' -- --quick' : ''}\`), ${new Date().toISOString().slice(0, 10)}: ${((Date.now() - started) / 1000).toFixed(0)} s in all on this machine, ${jobs} tables at a time. A cell completes, or does not apply (a precondition its spec declares, checked before it runs), or fails. Seconds are per call: a list step's methods share its time.`;
  // Formatted as the repository's Markdown is (prettier), so the file passes `npm run lint`.
  const text = await format(markdown(results, header), {
    parser: 'markdown',
    proseWrap: 'preserve',
  });
  if (!only && !light)
    writeFileSync(
      new URL(`../../results/matrix${quick ? '-quick' : ''}.md`, import.meta.url),
      text,
    );
  console.log(text);
  process.exit(summarise(results).failed.length > 0 ? 1 : 0);
}
