/**
 * t-SNE's points in a locality order (tsne.ts LOCALITY_MIN_POINTS, pointMap.ts): the maps from
 * objects to points against hand-worked cases, the restricted input against the original's
 * distances, and a Barnes-Hut run in leaf order against the same run in the rows' order — equal
 * up to round-off, duplicates merged or not.
 */
import { describe, expect, it } from 'vitest';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import { restrictedInput } from '../../../src/core/projection/duplicates.ts';
import { expandPoints, gatherPoints, pointMap } from '../../../src/core/projection/pointMap.ts';
import { LOCALITY_MIN_POINTS, runTsne } from '../../../src/core/projection/tsne.ts';
import { vectorInput, type DistanceInput } from '../../../src/core/platform/projectionInput.ts';
import { mismatchTables } from '../../../src/core/platform/additiveDistance.ts';

describe('pointMap', () => {
  // Objects 0 … 4; 0 and 2 identical, 3 and 4 identical: merged points {0, 2}, {1}, {3, 4}.
  const merged = {
    unique: 3,
    representative: Int32Array.from([0, 1, 3]),
    of: Int32Array.from([0, 1, 0, 2, 2]),
    multiplicity: Float64Array.from([2, 1, 2]),
  };

  it('keeps the merged points when no order is given, and nothing when nothing is merged', () => {
    expect(pointMap(5, merged, null)).toMatchObject({ points: 3, of: merged.of, ordered: false });
    expect(pointMap(5, null, null)).toEqual({
      points: 5,
      of: null,
      object: null,
      multiplicity: null,
      ordered: false,
    });
  });

  it('composes the merge with the order (point q is merged point order[q])', () => {
    // Order [2, 0, 1]: point 0 is {3, 4}, point 1 is {0, 2}, point 2 is {1}.
    const map = pointMap(5, merged, Int32Array.from([2, 0, 1]));
    expect(Array.from(map.of as Int32Array)).toEqual([1, 2, 1, 0, 0]);
    expect(Array.from(map.object as Int32Array)).toEqual([3, 0, 1]);
    expect(Array.from(map.multiplicity as Float64Array)).toEqual([2, 2, 1]);
    expect(map.ordered).toBe(true);
  });

  it('orders unmerged objects with every multiplicity left out', () => {
    const map = pointMap(4, null, Int32Array.from([3, 1, 0, 2]));
    expect(Array.from(map.of as Int32Array)).toEqual([2, 1, 3, 0]);
    expect(Array.from(map.object as Int32Array)).toEqual([3, 1, 0, 2]);
    expect(map.multiplicity).toBeNull();
  });

  it('gathers a start to the points and expands a layout back to the objects', () => {
    const map = pointMap(5, merged, Int32Array.from([2, 0, 1]));
    const init = Float64Array.from([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    const start = gatherPoints(init, map.object as Int32Array);
    expect(Array.from(start)).toEqual([3, 3, 0, 0, 1, 1]);
    const out = new Float64Array(10);
    expandPoints(start, map.of as Int32Array, out);
    // Every object at its point, i.e. at its group's first row.
    expect(Array.from(out)).toEqual([0, 0, 1, 1, 0, 0, 3, 3, 3, 3]);
  });
});

describe('restrictedInput', () => {
  it('keeps the distance, the per-attribute tables and the rows of the objects chosen', () => {
    const codes = Int32Array.from([0, 1, 2, 1, 0, 0, 1, 1, 2, 0, 1, 1]); // 4 rows × 3
    const width = Int32Array.from([2, 2, 3]);
    const additive = mismatchTables(codes, width, Float64Array.from([1, 2, 4]));
    const input: DistanceInput = {
      kind: 'distance',
      n: 4,
      distance: (i, j) => {
        let s = 0;
        for (let a = 0; a < 3; a++) if (codes[3 * i + a] !== codes[3 * j + a]) s += [1, 2, 4][a]!;
        return s;
      },
      additive,
      rows: { codes, width: 3 },
    };
    const objects = Int32Array.from([3, 0, 2]);
    const out = restrictedInput(input, objects);
    if (out.kind !== 'distance') throw new Error('a distance input stays one');
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        expect(out.distance(i, j)).toBe(input.distance(objects[i]!, objects[j]!));
    expect(Array.from(out.rows!.codes)).toEqual([0, 1, 1, 0, 1, 2, 1, 1, 2]);
    expect(Array.from(out.additive!.codes)).toEqual([0, 1, 1, 0, 1, 2, 1, 1, 2]);
    expect(out.additive!.tables).toBe(additive.tables);
  });
});

describe('t-SNE in a locality order', () => {
  /**
   * 17,000 rows of a 2-D 6-cluster mixture (2-D: the exact neighbour search is quick); with `copies`, the last `copies` rows repeat earlier
   * ones (merged into points of multiplicity 2).
   */
  function mixture(copies: number) {
    const n = 17000;
    const random = createRandom(5);
    const data = new Float64Array(2 * n);
    for (let i = 0; i < n - copies; i++) {
      const c = random.int(6);
      for (let d = 0; d < 2; d++) data[2 * i + d] = 6 * Math.cos(c + d) + gaussian(random);
    }
    for (let i = n - copies; i < n; i++) {
      const from = (7 * i) % (n - copies);
      data.copyWithin(2 * i, 2 * from, 2 * from + 2);
    }
    // The start: the data turned a quarter (a given start, so both runs begin alike).
    const init = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      init[2 * i] = -(data[2 * i + 1] as number);
      init[2 * i + 1] = data[2 * i] as number;
    }
    return { input: vectorInput(data, n, 2), init };
  }

  it.each([0, 500])(
    'gives the rows-order layout up to round-off (%i rows repeated)',
    (copies) => {
      expect(17000 - copies).toBeGreaterThanOrEqual(LOCALITY_MIN_POINTS);
      const { input, init } = mixture(copies);
      const options = { iterations: 2, init, repulsion: 'barnes-hut' as const, seed: 3 };
      const local = runTsne(input, options);
      const rows = runTsne(input, { ...options, pointOrder: 'rows' });
      expect(local.pointOrder).toBe('locality');
      expect(rows.pointOrder).toBe('rows');
      expect(local.points).toBe(17000 - copies);
      let spread = 0;
      let gap = 0;
      for (let t = 0; t < local.coordinates.length; t++) {
        spread = Math.max(spread, Math.abs(rows.coordinates[t] as number));
        gap = Math.max(
          gap,
          Math.abs((local.coordinates[t] as number) - (rows.coordinates[t] as number)),
        );
      }
      expect(spread).toBeGreaterThan(0);
      expect(gap / spread).toBeLessThan(1e-9);
      expect(Math.abs(local.kl - rows.kl)).toBeLessThan(1e-9 * rows.kl);
      if (copies > 0) {
        const last = 17000 - 1;
        const from = (7 * last) % (17000 - copies);
        expect(local.coordinates[2 * last]).toBe(local.coordinates[2 * from]);
      }
    },
    120_000,
  );

  it('keeps the rows order below LOCALITY_MIN_POINTS', () => {
    const random = createRandom(1);
    const n = 1500;
    const data = Float64Array.from({ length: 4 * n }, () => gaussian(random));
    const result = runTsne(vectorInput(data, n, 4), { iterations: 1, repulsion: 'barnes-hut' });
    expect(result.pointOrder).toBe('rows');
  });
});
