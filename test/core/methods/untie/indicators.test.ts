/**
 * Zhu et al. 2022's heterogeneity indicators (Sec. 6.2.1) on hand-computed tables, and their bounds on
 * the bundled data.
 */
import { describe, expect, it } from 'vitest';
import { ExplorerSession } from '../../../../src/core/index.ts';
import {
  interHeterogeneity,
  intraHeterogeneity,
} from '../../../../src/core/evaluation/heterogeneity.ts';
import { datasetSession } from '../../../sessions.ts';

async function session(csv: string, classColumn?: string): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([csv], {}, classColumn ? { classColumn } : {});
  return s;
}

describe('I_intra (Eqs. 23-24)', () => {
  it('a value spread evenly over the classes counts 0, a value in one class 1', async () => {
    // a: c1, c1, c2, c2 → x = √(½² + ½²), NM = 0; b: c1, c1 → NM = 1; mean over values ½.
    const s = await session('A,C\na,c1\na,c1\na,c2\na,c2\nb,c1\nb,c1\n', 'C');
    expect(intraHeterogeneity(s.table)).toBeCloseTo(0.5, 12);
  });

  it('is 1 when every value lies in one class and 0 when none does', async () => {
    const pure = await session('A,B,C\nx,p,1\nx,p,1\ny,q,2\ny,q,2\n', 'C');
    expect(intraHeterogeneity(pure.table)).toBeCloseTo(1, 12);
    const spread = await session('A,C\nx,1\nx,2\ny,1\ny,2\n', 'C');
    expect(intraHeterogeneity(spread.table)).toBeCloseTo(0, 12);
  });

  it('needs a class column', async () => {
    const s = await session('A,B\nx,p\ny,q\n');
    expect(() => intraHeterogeneity(s.table)).toThrow(/class column/);
  });
});

describe('I_inter (Eq. 25)', () => {
  it('hand-computed: A = x,x,y,y and B = p,q,q,q give (√10/6 + 1/4)/2', async () => {
    // A: intra distances 0; inter x = [1, 1/3], y = [0, 2/3], distance √10/3 → √(10/36).
    // B: intra |¼ − ¾| = ½; inter p = [½, 0], q = [½, 1], distance 1 → √(1/16).
    const s = await session('A,B\nx,p\nx,q\ny,q\ny,q\n');
    expect(interHeterogeneity(s.table, s.counts())).toBeCloseTo((Math.sqrt(10) / 6 + 0.25) / 2, 12);
  });

  it('hand-computed: two copies of an attribute give √½; positive on the bundled data', async () => {
    // Two copies of one balanced attribute: intra distances 0; inter x = [1, 0], y = [0, 1], √2
    // apart. The matrices differ by √2 in 2 of 4 cells: Σ/n_v² = 1 for each of the 2 ordered
    // pairs of spaces, so per attribute √(2/2²) = √½.
    const copies = await session('A,B\nx,x\ny,y\n');
    expect(interHeterogeneity(copies.table, copies.counts())).toBeCloseTo(Math.SQRT1_2, 12);
    for (const [file, cls] of [
      ['zoo.csv', 'type'],
      ['vote.csv', 'Class'],
      ['soybean.csv', 'class'],
    ] as const) {
      const s = await datasetSession(file, { classColumn: cls });
      expect(interHeterogeneity(s.table, s.counts())).toBeGreaterThan(0);
      const intra = intraHeterogeneity(s.table);
      expect(intra).toBeGreaterThan(0);
      expect(intra).toBeLessThanOrEqual(1);
    }
  });
});
