/**
 * Running one hostile input through the reading path: it must end loaded (counted, and every
 * registered method run on it) or refused with a DataError — a message written for the user —
 * within the time budget; any other exception is a crash. The real CLI is run on a sample and
 * must agree.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ByteSource } from '../../src/core/data/csv/bytes.ts';
import { DataError } from '../../src/core/base/errors.ts';
import { cpuClock, QUIET_WORK_UNIT_MS, stretched, workUnitMs } from '../workUnit.ts';
import { runToEnd } from '../../src/core/base/jobs.ts';
import { allSpecs } from '../../src/core/platform/registry.ts';
import { ExplorerSession } from '../../src/core/platform/session.ts';
import type { FuzzCase } from './generate.ts';

export type Verdict = 'loaded' | 'refused' | 'crash' | 'slow';

export interface CaseResult {
  category: string;
  name: string;
  bytes: number;
  /** CPU seconds to read and count (the budget's measure). */
  seconds: number;
  verdict: Verdict;
  message: string;
  /** Every registered method on the table read, one after the other. */
  methodSeconds: number;
  /** Where a refusal came from: reading the file, or counting the table read. */
  stage: 'load' | 'counts' | null;
}

/**
 * Seconds a case may take on a quiet machine: 2 s per MB, at least 1 s (the budget,
 * with a floor for tiny files). A case over it is timed against the machine's speed then
 * (`stretched`), so a machine busy with other jobs does not make it "slow".
 */
export function budget(bytes: number): number {
  return Math.max(1, (2 * bytes) / (1024 * 1024));
}

/** In-memory bytes as a source, in 64 KB chunks like a stream. */
export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    async *stream() {
      for (let i = 0; i < bytes.length; i += 65536) yield bytes.subarray(i, i + 65536);
    },
  };
}

/**
 * The core load path (the worker's and the CLI's) and the shared counts, timed against the
 * budget; then every registered method on the table read (not budgeted: their cost is the
 * method's, and the slowest is reported), which must answer or refuse in words — on tables of
 * at most `methodColumns` attributes (every table unless given), the methods `runsMethod` picks.
 */
export async function checkCase(
  c: FuzzCase,
  methodColumns = Number.POSITIVE_INFINITY,
  /** Which registered methods (by their index in the registry) run on this case: all unless given. */
  runsMethod: (index: number) => boolean = () => true,
): Promise<CaseResult> {
  const t0 = performance.now();
  const cpu = cpuClock();
  let verdict: Verdict = 'loaded';
  let message = '';
  let stage: CaseResult['stage'] = 'load';
  const session = new ExplorerSession();
  try {
    await session.loadBytes(memorySource(c.bytes));
    stage = 'counts';
    runToEnd(session.countSteps());
    stage = null;
  } catch (error) {
    verdict = error instanceof DataError ? 'refused' : 'crash';
    message = error instanceof DataError ? error.message : describe(error);
  }
  // Judged on CPU time: other processes on the machine slow the wall clock, not the work.
  const seconds = cpu();
  const wall = (performance.now() - t0) / 1000;
  const quietBudget = budget(c.bytes.length);
  if (verdict !== 'crash' && seconds > quietBudget) {
    const unit = workUnitMs();
    if (seconds > stretched(quietBudget, unit)) {
      verdict = 'slow';
      message = `${seconds.toFixed(2)} s of CPU (${wall.toFixed(2)} s wall clock) to read and count, over the budget of ${quietBudget.toFixed(2)} s on a quiet machine (the work unit took ${unit.toFixed(1)} ms now against ${QUIET_WORK_UNIT_MS} ms quiet)`;
    }
  }
  const t1 = performance.now();
  if (stage === null && session.table.attributes.length <= methodColumns)
    for (const [index, spec] of allSpecs('method').entries())
      try {
        if (!runsMethod(index)) continue;
        runToEnd(session.runSteps({ method: spec.id }));
      } catch (error) {
        if (error instanceof DataError || error instanceof RangeError) continue;
        verdict = 'crash';
        message = `${spec.id}: ${describe(error)}`;
      }
  const methodSeconds = (performance.now() - t1) / 1000;
  return {
    category: c.category,
    name: c.name,
    bytes: c.bytes.length,
    seconds,
    methodSeconds,
    verdict,
    message,
    stage,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string | null = null;

/**
 * The real CLI on the same bytes (`describe`): exit 0 with JSON when the core read it, exit 2
 * with the core's message on one line when reading refused it. Returns a problem, or null.
 */
export function checkCli(c: FuzzCase, core: CaseResult): Promise<string | null> {
  dir ??= mkdtempSync(join(tmpdir(), 'fuzz-'));
  const file = join(dir, 'case.csv');
  writeFileSync(file, c.bytes);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'describe', file],
      { cwd: root, timeout: 60_000, maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        rmSync(file, { force: true });
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        // `describe` reads and does not count: a table refused only by the counts is read.
        if (core.stage !== 'load') {
          if (code !== 0)
            return resolve(
              `CLI exit ${code} (${stderr.trim().slice(0, 200)}) where the core read it`,
            );
          try {
            JSON.parse(stdout);
          } catch {
            return resolve('CLI printed no JSON');
          }
          return resolve(null);
        }
        const expected = `error: ${core.message.split('\n')[0]}`;
        if (code !== 2) return resolve(`CLI exit ${code} where the core refused it`);
        if (stderr.trim() !== expected)
          return resolve(
            `CLI said “${stderr.trim().slice(0, 200)}”, the core “${expected.slice(0, 200)}”`,
          );
        return resolve(null);
      },
    );
  });
}

/** Results per category, as a table for people. */
export function summaryTable(results: readonly CaseResult[]): string {
  const categories = [...new Set(results.map((r) => r.category))];
  const rows = categories.map((category) => {
    const rs = results.filter((r) => r.category === category);
    const count = (v: Verdict) => rs.filter((r) => r.verdict === v).length;
    const slowest = Math.max(...rs.map((r) => r.seconds));
    const methods = Math.max(...rs.map((r) => r.methodSeconds));
    const largest = Math.max(...rs.map((r) => r.bytes));
    return [
      category,
      rs.length,
      count('loaded'),
      count('refused'),
      count('crash'),
      count('slow'),
      slowest.toFixed(2),
      methods.toFixed(2),
      (largest / 1024).toFixed(0),
    ];
  });
  const header = [
    'category',
    'cases',
    'loaded',
    'refused',
    'crashes',
    'over budget',
    'read+count s',
    'methods s',
    'largest KB',
  ];
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  return all
    .map((r) =>
      r
        .map((cell, i) =>
          i === 0
            ? String(cell).padEnd(widths[i] as number)
            : String(cell).padStart(widths[i] as number),
        )
        .join('  '),
    )
    .join('\n');
}
