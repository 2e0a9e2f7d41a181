/** Cao, Liang, Bai (2009)'s k-modes starts (clustering/caoStarts.ts), worked by hand. */
import { describe, expect, it } from 'vitest';
import { caoStarts } from '../../../src/core/clustering/caoStarts.ts';
import type { ValueCosts } from '../../../src/core/clustering/kmodes.ts';

function data(rows: number[][], widths: number[]): ValueCosts {
  return {
    codes: Int32Array.from(rows.flat()),
    n: rows.length,
    widths: Int32Array.from(widths),
    tables: new Float64Array(widths.reduce((s, m) => s + m * m, 0)),
    tableStart: Int32Array.from(
      widths.map((_, a) => widths.slice(0, a).reduce((s, m) => s + m * m, 0)),
    ),
  };
}

describe('Cao’s k-modes starts', () => {
  it('start at the densest object, then maximise mismatches × density', () => {
    // Densities (share of objects sharing each value, averaged over the 2 attributes):
    // 0: (3/5 + 3/5)/2 = .6, 1: .6, 2: (3/5 + 1/5)/2 = .4, 3: (2/5 + 1/5)/2 = .3, 4: (2/5 + 1/5)/2 = .3
    const d = data(
      [
        [0, 0],
        [0, 0],
        [0, 1],
        [1, 2],
        [1, 3],
      ],
      [2, 4],
    );
    // Second start: mismatches with object 0 × density — 2: 1 × .4, 3: 2 × .3, 4: 2 × .3 → 3 (first).
    // Third: min over starts {0, 3} — 2: min(1, 2) × .4 = .4, 4: min(2, 1) × .3 = .3 → 2.
    expect(Array.from(caoStarts(d, 3))).toEqual([0, 3, 2]);
  });

  it('are the same on every call (no randomness)', () => {
    const d = data(
      [
        [0, 1],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
      [2, 2],
    );
    expect(caoStarts(d, 3)).toEqual(caoStarts(d, 3));
  });
});
