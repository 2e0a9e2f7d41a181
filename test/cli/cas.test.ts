/** `cas` on the command line: the worked example of the reference notes (issue 12's first check). */
import { describe, expect, it } from 'vitest';
import type { MeanSd } from '../../src/core/evaluation/partitions.ts';
import { chanceOn, expectAboveChance } from '../aboveChance.ts';
import { cli } from './cliRun.ts';

const TOY = 'public/datasets/coupled-toy.csv';

interface CasJson {
  options: { irs: string };
  values: { attribute: string; label: string }[];
  results: Record<string, { matrix?: number[][]; tables?: Record<string, number[][]> }>;
}

describe('CLI: cas (an alias of run cas)', () => {
  it('coupled-toy: CASO(u2, u3) = 0.75 and the B1/B2 entries, under every IRS', async () => {
    for (const irs of ['I', 'P']) {
      const run = await cli('cas', TOY, '--drop', 'object', '--irs', irs, '--matrices');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const json = JSON.parse(run.stdout) as CasJson;
      expect(json.options.irs).toBe(irs);
      const at = (label: string) => json.values.findIndex((v) => v.label === label);
      const [b1, b2] = [at('B1'), at('B2')];
      expect(json.results.intra?.matrix?.[b1]?.[b2]).toBe(0.5);
      expect(json.results.inter?.matrix?.[b1]?.[b2]).toBe(0.25);
      expect(json.results.casv?.matrix?.[b1]?.[b2]).toBe(0.125);
      // u2 = (A2, B1, C1), u3 = (A2, B2, C2): CASO is the sum of each attribute's CASV (Eq. 15).
      const tables = json.results.caso?.tables ?? {};
      const terms = [tables.a1?.[1]?.[1], tables.a2?.[0]?.[1], tables.a3?.[0]?.[1]];
      expect(terms).toEqual([0.5, 0.125, 0.125]);
    }
  });

  it('the walk-through breaks CASO down for two rows; a third object or a row that is not one is refused', async () => {
    const pair = await cli('run', 'cas-walkthrough', TOY, '--drop', 'object', '--objects', '1,2');
    expect(pair.code).toBe(0);
    expect(pair.stdout).toMatch(/CASO/);
    const three = await cli('run', 'cas-walkthrough', TOY, '--objects', '1,2,3');
    expect(three.code).toBe(2);
    expect(three.stderr).toMatch(/two rows/);
    const far = await cli('run', 'cas-walkthrough', TOY, '--objects', '1,9');
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/9/);
  });
});

describe('CLI: Wang et al. 2015’s clustering schemes (run clustering-schemes)', () => {
  it('kmodes-*, spectral-*, rock and crock in one table', async () => {
    const run = await cli(
      'run',
      'clustering-schemes',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--schemes',
      'kmodes-smd,spectral-cado,spectral-caso,rock,crock',
      '--runs',
      '5',
      '--theta',
      '0.5',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = (
      JSON.parse(run.stdout) as {
        results: {
          table: { rows: { method: string; title: string; accuracy: MeanSd }[] };
        };
      }
    ).results.table.rows;
    expect(rows.map((r) => r.method)).toEqual([
      'kmodes-smd',
      'spectral-cado',
      'spectral-caso',
      'rock',
      'crock',
    ]);
    expect(rows.map((r) => r.title.split(' (')[0])).toEqual([
      'k-modes with SMD',
      'spectral with CADO',
      'spectral with CASO',
      'ROCK',
      'CROCK',
    ]);
    const chance = await chanceOn('zoo.csv', { classColumn: 'type' }, 5);
    for (const r of rows) expectAboveChance(r.method, r.accuracy, chance.accuracy, 5);
    const bad = await cli(
      'run',
      'clustering-schemes',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--schemes',
      'kmodes-xyz',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/schemes: “kmodes-xyz” is not one of kmodes-smd/);
  });
});
