/**
 * `counts FILE` (src/cli/commands/counts.ts) on four rows whose counts are worked out by hand,
 * and the flags that go only with others.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHere } from '../cliRun.ts';

const dir = mkdtempSync(join(tmpdir(), 'counts-'));
const FILE = join(dir, 'four.csv');
//  a b
//  x p
//  x q
//  y p
//  y p
writeFileSync(FILE, 'a,b\nx,p\nx,q\ny,p\ny,p\n');

interface Counts {
  rows: number;
  values: { attribute: string; label: string; count: number }[];
  cooccurrence: number[][];
  entropy: { attributes: string[]; bits: number[] };
  su: { attributes: string[]; matrix: number[][] };
  data: { rows: number; droppedRows: number; totalRows: number; missing: string };
}

describe('counts', () => {
  it('prints the value counts, co-occurrences, entropies and SU of the rows', async () => {
    const run = await cliHere('counts', FILE);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Counts;
    expect(out.rows).toBe(4);
    // Labels in order of first appearance: a = x, y; b = p, q.
    expect(out.values).toEqual([
      { attribute: 'a', label: 'x', count: 2 },
      { attribute: 'a', label: 'y', count: 2 },
      { attribute: 'b', label: 'p', count: 3 },
      { attribute: 'b', label: 'q', count: 1 },
    ]);
    // Rows with both values: (x, p) 1, (x, q) 1, (y, p) 2; a value with itself is its count,
    // two values of one attribute never meet.
    expect(out.cooccurrence).toEqual([
      [2, 0, 1, 1],
      [0, 2, 2, 0],
      [1, 2, 3, 0],
      [1, 0, 0, 1],
    ]);
    // H(a) = 1 bit; H(b) = −(¾ log₂ ¾ + ¼ log₂ ¼) = 0.811278 bits.
    expect(out.entropy.attributes).toEqual(['a', 'b']);
    expect(out.entropy.bits[0]).toBeCloseTo(1, 12);
    expect(out.entropy.bits[1]).toBeCloseTo(0.811278124459, 10);
    // H(a, b) = −(¼ log₂ ¼ · 2 + ½ log₂ ½) = 1.5, so I = 1 + 0.811278 − 1.5 = 0.311278 and
    // SU = 2 I / (H(a) + H(b)) = 0.622556 / 1.811278 = 0.343711.
    expect(out.su.matrix[0]![0]).toBe(1);
    expect(out.su.matrix[0]![1]).toBeCloseTo(0.343711018485, 10);
    expect(out.su.matrix[1]![0]).toBe(out.su.matrix[0]![1]);
    expect(out.data).toEqual({ rows: 4, droppedRows: 0, totalRows: 4, missing: 'drop' });
  });

  it('--rows-where counts the chosen rows only, in the whole table’s value domain', async () => {
    const run = await cliHere('counts', FILE, '--rows-where', 'a=y');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Counts;
    expect(out.rows).toBe(2);
    // Rows (y, p), (y, p): x and q keep their place with count 0.
    expect(out.values.map((v) => v.count)).toEqual([0, 2, 2, 0]);
    expect(out.cooccurrence[1]).toEqual([0, 2, 2, 0]);
  });

  it('refuses the SQL and sampling flags without the flag they go with', async () => {
    const dialect = await cliHere('counts', FILE, '--dialect', 'duckdb');
    expect(dialect.code).toBe(2);
    expect(dialect.stderr).toContain('--dialect goes with --sql');
    const seed = await cliHere('counts', FILE, '--sample-seed', '3');
    expect(seed.code).toBe(2);
    expect(seed.stderr).toContain('--sample-seed goes with --sample');
    const unknown = await cliHere('counts', FILE, '--k', '3');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option --k');
  });
});
