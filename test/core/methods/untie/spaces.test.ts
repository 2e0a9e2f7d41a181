/**
 * UNTIE's coupling and kernel spaces (UNTIE, Zhu et al. 2022, Secs. 4.2-4.3) on the watermelon table of its
 * Table 1: the paper's worked values, and kernel matrices that are positive semi-definite.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { KERNEL_SETS, kernelMatrix } from '../../../../src/core/methods/untie/kernelFunctions.ts';
import {
  couplingSpaces,
  interSpace,
  intraSpace,
} from '../../../../src/core/methods/untie/spaces.ts';
import { datasetSession } from '../../../sessions.ts';

async function watermelon() {
  const s = await datasetSession('watermelon.csv', { drop: ['Object'] });
  const c = s.counts().cooccurrence;
  const color = s.table.attributes.findIndex((a) => a.name === 'Color');
  const yellow = s.table.attributes[color]!.labels.indexOf('yellow');
  return { s, c, color, yellow };
}

describe('coupling spaces (Eqs. (1), (4))', () => {
  it('watermelon: m_Ia(yellow) = 1/3 and m_Ie(yellow) = [0, 2/3, 1/2, 1/2, 0]', async () => {
    const { s, c, color, yellow } = await watermelon();
    const intra = intraSpace(c, color, s.table.nRows);
    expect(intra.vectors[yellow]).toBeCloseTo(1 / 3, 12);
    const inter = interSpace(c, color);
    const names = Array.from(inter.columns, (g) => {
      const a = s.table.attributes[s.table.valueAttribute[g]!]!;
      return `${a.name}=${a.labels[g - a.offset]}`;
    });
    expect(names).toEqual([
      'Texture=clear',
      'Texture=blurry',
      'Root Shape=straight',
      'Root Shape=curled',
      'Root Shape=slightly curled',
    ]);
    const row = Array.from(inter.vectors.subarray(yellow * inter.dims, (yellow + 1) * inter.dims));
    [0, 2 / 3, 1 / 2, 1 / 2, 0].forEach((x, i) => expect(row[i]).toBeCloseTo(x, 12));
    // Intra then inter for each of the three attributes.
    expect(couplingSpaces(c, s.table.nRows).map((sp) => `${sp.attribute}${sp.kind}`)).toEqual([
      '0intra',
      '0inter',
      '1intra',
      '1inter',
      '2intra',
      '2inter',
    ]);
  });

  it('a linear kernel on yellow’s inter-attribute space gives 17/18 (Sec. 4.3)', async () => {
    const { c, color, yellow } = await watermelon();
    const inter = interSpace(c, color);
    const m = c.sizes[color]!;
    const K = kernelMatrix(inter.vectors, m, inter.dims, { kind: 'polynomial', degree: 1 });
    expect(K[yellow * m + yellow]).toBeCloseTo(17 / 18, 12);
  });

  it('every default kernel matrix is symmetric and positive semi-definite (soybean)', async () => {
    const s = await datasetSession('soybean.csv', { classColumn: 'class' });
    const c = s.counts().cooccurrence;
    const spaces = couplingSpaces(c, s.table.nRows).slice(0, 6);
    expect(KERNEL_SETS.default).toHaveLength(14);
    for (const space of spaces) {
      const m = c.sizes[space.attribute]!;
      for (const kernel of KERNEL_SETS.default) {
        const K = kernelMatrix(space.vectors, m, space.dims, kernel);
        const M = new Matrix(
          Array.from({ length: m }, (_, u) => Array.from(K.subarray(u * m, u * m + m))),
        );
        expect(M.isSymmetric()).toBe(true);
        const scale = Math.max(1, ...Array.from(K, Math.abs));
        for (const e of new EigenvalueDecomposition(M).realEigenvalues)
          expect(e).toBeGreaterThanOrEqual(-1e-9 * scale);
      }
    }
  });
});
