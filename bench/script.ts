/**
 * A bench's helper script (bench/tsneRun.ts, umapRun.ts, neighboursRun.ts, …): in a process of
 * its own, `node --import tsx SCRIPT ARGS`, so that its start-up, time and peak memory are its
 * own; or, under --smoke, after the script's first run (which still starts its own process, so
 * that path runs too), in this process through the script's exported `main(args)`: the same code
 * on the same arguments, without one more start of node, tsx and the methods (about 1 CPU-s each),
 * whose figures a smoke run does not read. Returns the last line the script printed on stdout.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SMOKE } from './timing.ts';

/** A helper script's entry: what it prints on stdout for these arguments (argv without node and the script). */
export type ScriptMain = (args: readonly string[]) => Promise<string>;

const started = new Set<string>();

export async function runScript(
  script: URL,
  args: readonly string[],
  options: { cwd?: string; stderr?: 'inherit' | 'pipe' } = {},
): Promise<string> {
  const file = fileURLToPath(script);
  let stdout: string;
  if (SMOKE && started.has(file)) {
    const { main } = (await import(script.href)) as { main: ScriptMain };
    stdout = await main(args);
  } else {
    started.add(file);
    const child = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: options.cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', options.stderr ?? 'inherit'],
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0)
      throw new Error(
        `${file} ${args.join(' ')} failed (${child.status ?? child.signal})${child.stderr ? `: ${child.stderr}` : ''}`,
      );
    stdout = child.stdout;
  }
  return stdout.trim().split('\n').pop() ?? '';
}
