import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';
import { mushroomShapedCsv } from '../matrix/generated.ts';

/**
 * Issue 26: on a mushroom-shaped table (8,000 rows × 22 attributes, a quarter duplicate rows,
 * missing cells kept as their own value) the (ε,γ)-curves and precision@k aborted for every
 * method on a distance of −7.9e-18. Over all thirteen representations, both now complete (the
 * commands run by the CLI's `runCli` in this process: test/cli/cliRun.ts).
 */
const REPRESENTATIONS =
  'cde,onehot,onehot-pca,idf,hamming,cas,caso,ofd,add,dilca,couplings,untie,sandcat'.split(',');

/** What `run eps-gamma` and `run retrieval` print (the commands are its aliases). */
interface Quality {
  data: { rows: number };
  results: {
    table: { rows: { method: string }[] };
    curves: { series: { y: number[] }[] };
  };
  errors?: unknown[];
}

describe('eps-gamma and retrieval on a real-shaped 8,000-row table', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quality-'));
  const file = join(dir, 'mushroom-shaped.csv');
  writeFileSync(file, mushroomShapedCsv(8000));
  const flags = [
    file,
    '--class',
    'class',
    '--missing',
    'own',
    '--methods',
    REPRESENTATIONS.join(','),
  ];

  it('(ε,γ)-curves of every representation', { timeout: 300_000 }, async () => {
    const run = await cli('eps-gamma', ...flags);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Quality;
    expect(out.errors).toBeUndefined();
    expect(out.data.rows).toBe(8000);
    expect(out.results.table.rows.map((c) => c.method)).toEqual(REPRESENTATIONS);
    for (const c of out.results.curves.series)
      for (const gamma of c.y) expect(gamma).toBeGreaterThanOrEqual(0);
  });

  it('precision@k of every representation', { timeout: 300_000 }, async () => {
    const run = await cli('retrieval', ...flags);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Quality;
    expect(out.errors).toBeUndefined();
    expect(out.results.table.rows.map((r) => r.method)).toEqual(REPRESENTATIONS);
    for (const r of out.results.curves.series)
      for (const p of r.y) {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
  });
});
