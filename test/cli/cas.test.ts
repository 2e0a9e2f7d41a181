/** `cas` on the command line: the worked example of the reference notes (issue 12's first check). */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

describe('CLI: cas', () => {
  it('coupled-toy: CASO(u2, u3) = 0.75 and the B1/B2 entries, under every IRS', async () => {
    for (const irs of ['I', 'P']) {
      const run = await cli(
        'cas',
        'public/datasets/coupled-toy.csv',
        '--drop',
        'object',
        '--objects',
        '1,2',
        '--irs',
        irs,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const json = JSON.parse(run.stdout) as {
        irs: string;
        attributes: {
          name: string;
          values: string[];
          intra: number[][];
          inter: number[][];
          casv: number[][];
        }[];
        objects: { caso: number; cado: number; perAttribute: { name: string; casv: number }[] };
      };
      expect(json.irs).toBe(`IRS${irs}`);
      const a2 = json.attributes.find((a) => a.name === 'a2')!;
      const [b1, b2] = [a2.values.indexOf('B1'), a2.values.indexOf('B2')];
      expect(a2.intra[b1]![b2]).toBe(0.5);
      expect(a2.inter[b1]![b2]).toBe(0.25);
      expect(a2.casv[b1]![b2]).toBe(0.125);
      expect(json.objects.caso).toBe(0.75);
      expect(json.objects.perAttribute.map((p) => p.casv)).toEqual([0.5, 0.125, 0.125]);
    }
  });

  it('refuses a third object or a row that is not one', async () => {
    const three = await cli('cas', 'public/datasets/coupled-toy.csv', '--objects', '1,2,3');
    expect(three.code).toBe(2);
    expect(three.stderr).toMatch(/--objects expects two row indices i,j, got 3/);
    const far = await cli('cas', 'public/datasets/coupled-toy.csv', '--objects', '1,9');
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/object 9 is not a row index \(0 to 5\)/);
  });
});

describe('CLI: evaluate-clustering with Wang et al. 2015’s schemes', () => {
  it('kmodes-*, spectral-*, rock and crock in one table', async () => {
    const run = await cli(
      'evaluate-clustering',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--methods',
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
          table: { rows: { method: string; title: string; accuracy: { mean: number } }[] };
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
    for (const r of rows) expect(r.accuracy.mean).toBeGreaterThan(0.3);
    const bad = await cli(
      'evaluate-clustering',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--methods',
      'kmodes-xyz',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown scheme “kmodes-xyz”/);
  });
});
