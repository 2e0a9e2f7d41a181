/**
 * Issue 46: a number far above its maximum (a billion trees, 10¹² t-SNE iterations) is refused
 * at once with exit code 2, the message naming the bound and why, before the file is read.
 */
import { describe, expect, it } from 'vitest';
import { cliWithin } from './cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';

/** Well under what either run would take unbounded (hours; it is killed then, code −1), and well
 * over a loaded machine's start of the process: a hang guard under the test's 90 s. */
const PROMPTLY = 80_000;

describe('CLI: every number has a maximum', () => {
  it.each([
    [['run', 'iforest', ZOO, '--trees', '1e9'], 'trees', 10000, '1000000000'],
    [
      ['run', 'tsne', ZOO, '--of', 'cde', '--iterations', '1e12'],
      'iterations',
      100000,
      '1000000000000',
    ],
  ] as const)('%j exits 2 naming the bound and its reason', async (args, name, max, given) => {
    const run = await cliWithin(PROMPTLY, ...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      new RegExp(
        `^error: ${name} must be a whole number ≥ 1 and ≤ ${max}, got ${given} \\(at most ${max}: .+\\)$`,
      ),
    );
  });
});
