/** A value matrix carries the range of its finite entries, so views need not scan L² cells. */
import { describe, expect, it } from 'vitest';
import '../../../src/worker/discover.ts';
import { finiteRange, resultsOfKind } from '../../../src/core/platform/results.ts';
import { createExplorerApi } from '../../../src/worker/api.ts';
import { readFileSync } from 'node:fs';

describe('finiteRange', () => {
  it('skips NaN and ±∞; [NaN, NaN] when nothing is finite', () => {
    expect(finiteRange([3, Number.NaN, -1, Infinity, 2, -Infinity])).toEqual([-1, 3]);
    expect(finiteRange(Float64Array.of(5))).toEqual([5, 5]);
    expect(finiteRange([Number.NaN, Infinity])).toEqual([Number.NaN, Number.NaN]);
    expect(finiteRange([])).toEqual([Number.NaN, Number.NaN]);
  });

  it('CDE’s Mo and DILCA’s blocks (NaN between attributes) carry their range', async () => {
    const api = createExplorerApi();
    const zoo = new Blob([
      readFileSync(new URL('../../../public/datasets/zoo.csv', import.meta.url)),
    ]);
    expect((await api.load(zoo, {}, { classColumn: 'type' }, 1)).ok).toBe(true);
    for (const method of ['cde', 'dilca']) {
      const out = await api.run({ method }, [], 2);
      if (!out.ok) throw new Error(out.error.message);
      const matrices = resultsOfKind(out.value.results, 'value-matrix');
      expect(matrices.length).toBeGreaterThan(0);
      for (const { result } of matrices) {
        const finite = [...result.data].filter(Number.isFinite);
        expect(finite.length).toBeGreaterThan(0);
        expect(result.range[0]).toBe(finite.reduce((a, b) => (b < a ? b : a)));
        expect(result.range[1]).toBe(finite.reduce((a, b) => (b > a ? b : a)));
      }
    }
  });
});
