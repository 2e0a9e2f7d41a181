/** Huang's k-modes starts (clustering/huangStarts.ts): distinct objects, nearest by simple matching. */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/core/base/random.ts';
import { huangStarts } from '../../../src/core/clustering/huangStarts.ts';
import type { ValueCosts } from '../../../src/core/clustering/kmodes.ts';

/** Objects over two attributes of widths 2 and 3; the tables are never read (simple matching). */
function data(rows: number[][]): ValueCosts {
  return {
    codes: Int32Array.from(rows.flat()),
    n: rows.length,
    widths: Int32Array.from([2, 3]),
    tables: new Float64Array(4 + 9),
    tableStart: Int32Array.from([0, 4]),
  };
}

const rows = [
  [0, 0],
  [0, 0],
  [0, 1],
  [1, 2],
  [1, 2],
  [1, 1],
];

describe('Huang’s k-modes starts', () => {
  it('are k distinct objects, the same for the same seed', () => {
    for (let seed = 0; seed < 20; seed++) {
      const starts = huangStarts(data(rows), 3, createRandom(seed));
      const keys = Array.from(starts, (i) => rows[i]?.join(','));
      expect(new Set(keys).size, `seed ${seed}`).toBe(3);
      expect(huangStarts(data(rows), 3, createRandom(seed))).toEqual(starts);
    }
  });

  it('pick the first object nearest by simple matching to the drawn values', () => {
    // Only value combinations present are drawn here (one attribute's values are all alike).
    const same = data([
      [0, 2],
      [0, 2],
      [1, 2],
    ]);
    // Whatever is drawn, a start is object 0 or 2 (object 1 repeats object 0's values).
    for (let seed = 0; seed < 20; seed++) {
      const starts = Array.from(huangStarts(same, 2, createRandom(seed)));
      expect(starts.sort()).toEqual([0, 2]);
    }
  });

  it('repeat the nearest object when there are fewer distinct objects than k', () => {
    const twins = data([
      [0, 0],
      [0, 0],
    ]);
    expect(Array.from(huangStarts(twins, 2, createRandom(1)))).toEqual([0, 0]);
  });
});
