/**
 * Runs the CLI for the CLI tests: in this process (`cli`, `cliHere`: the same `runCli` that
 * src/cli/main.ts calls, with files written to disk), or as a process of its own
 * (`cliProcess`, `cliWithin`: `node --import tsx src/cli/main.ts`, as `npm run cli` runs it) where
 * a test needs the process: its exit code as the shell sees it, its CPU time, a time limit that
 * kills it. A process costs about a second of CPU to load the sources through tsx; most tests
 * run the command in place (issue 49: the suite within 10 minutes).
 */
import { execFile } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { vi } from 'vitest';
import { runCli } from '../../src/cli/program.ts';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The CLI as a process of its own, as a user runs it. Killed after 170 s: a hang guard, not a
 * budget (a 60 s limit killed untieScale's 12 s run on a machine loaded seventeen-fold).
 */
export function cliProcess(...args: string[]): Promise<Run> {
  return cliWithin(170_000, ...args);
}

/** The CLI with its own time limit (it is killed after `ms`, code −1). */
export function cliWithin(ms: number, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // node with tsx's loader, as `npm run cli` does less the ~1 s npx and npm add each call.
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', ...args],
      { cwd: root, timeout: ms, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: ownLines(stderr) });
      },
    );
  });
}

/** stderr's non-empty lines; npm's own warnings about the machine's configuration dropped. */
function ownLines(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('npm warn'))
    .join('\n');
}

/**
 * The CLI run in this process (faster than a process of its own; the registry is the tests'):
 * stdout and stderr in memory, files written to disk in chunks as the process writes them.
 */
export async function cliHere(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    argv,
    {
      stdout: (t) => (stdout += t),
      writeFile: (path, t) => writeFileSync(path, t),
      appendFile: (path, t) => appendFileSync(path, t),
    },
    (t) => (stderr += t),
  );
  return { code, stdout, stderr };
}

/**
 * The CLI run in this process, its stderr as the process version gives it (no empty lines, no
 * final newline), so that a test reads either alike.
 */
export async function cli(...argv: string[]): Promise<Run> {
  const run = await cliHere(...argv);
  return { ...run, stderr: ownLines(run.stderr) };
}

/**
 * The CLI in this process with the engine's stage lines (COUPLED_DUCKDB_TRACE), times dropped:
 * `duckdb: counts`, `duckdb: server count` … (the caller unstubs the environment).
 */
export async function traced(...argv: string[]): Promise<Run & { stages: string[] }> {
  const stages: string[] = [];
  vi.stubEnv('COUPLED_DUCKDB_TRACE', '1');
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
    stages.push(
      ...String(text)
        .split('\n')
        .filter((line) => line.startsWith('duckdb: ')),
    );
    return true;
  });
  try {
    const run = await cliHere(...argv);
    return { ...run, stages: stages.map((line) => line.replace(/ [\d.]+ s$/, '')) };
  } finally {
    write.mockRestore();
  }
}
