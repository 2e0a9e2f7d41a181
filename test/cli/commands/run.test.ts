/** `run METHOD FILE` (src/cli/commands/run.ts): any registered method, its flags from its table. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHere } from '../cliRun.ts';

const dir = mkdtempSync(join(tmpdir(), 'run-'));
const FILE = join(dir, 'four.csv');
writeFileSync(FILE, 'a,b,c\nx,p,u\nx,q,u\ny,p,v\ny,p,u\n');

describe('run', () => {
  it('runs Hamming: a mismatch distance over the n rows, weight 1 an attribute', async () => {
    const run = await cliHere('run', 'hamming', FILE);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      method: string;
      options: object;
      results: { distance: { kind: string; form: string; n: number; weights: number[] } };
      data: { rows: number };
    };
    expect(out.method).toBe('hamming');
    expect(out.options).toEqual({});
    expect(out.results.distance).toMatchObject({
      kind: 'object-distance',
      form: 'mismatch',
      n: 4,
      weights: [1, 1, 1],
    });
    expect(out.data.rows).toBe(4);
  });

  it('reads a method’s own flags from its table, and refuses one it does not have', async () => {
    const ok = await cliHere('run', 'cde', FILE, '--alpha', '0.5');
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as { options: { alpha: number } }).options.alpha).toBe(0.5);
    const bad = await cliHere('run', 'hamming', FILE, '--alpha', '0.5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--alpha');
  });

  it('names an unknown method before reading the file', async () => {
    const run = await cliHere('run', 'no-such-method', join(dir, 'absent.csv'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no-such-method');
    expect(run.stderr).not.toContain('absent.csv');
  });

  it('asks for a method and a file', async () => {
    const run = await cliHere('run', 'hamming');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('expected a method and a CSV file');
  });
});
