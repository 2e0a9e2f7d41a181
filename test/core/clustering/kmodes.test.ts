/** k-modes with per-attribute dissimilarity tables (cluster/kmodes.ts), on hand-made cases. */
import { describe, expect, it } from 'vitest';
import { kmeans } from '../../../src/core/clustering/kmeans.ts';
import { valueCostGeometry, type ValueCosts } from '../../../src/core/clustering/kmodes.ts';
import { createRandom } from '../../../src/core/base/random.ts';

/** Mismatch costs (0 on the diagonal, 1 off it) for attributes with these value counts. */
function mismatch(codes: number[][], widths: number[]): ValueCosts {
  const tableStart = new Int32Array(widths.length);
  let cells = 0;
  widths.forEach((m, a) => {
    tableStart[a] = cells;
    cells += m * m;
  });
  const tables = new Float64Array(cells);
  widths.forEach((m, a) => {
    for (let u = 0; u < m; u++)
      for (let v = 0; v < m; v++) tables[(tableStart[a] as number) + u * m + v] = u === v ? 0 : 1;
  });
  return {
    codes: Int32Array.from(codes.flat()),
    n: codes.length,
    widths: Int32Array.from(widths),
    tables,
    tableStart,
  };
}

const sameGroups = (labels: Int32Array, groups: number[][]): boolean =>
  groups.every((g) => g.every((i) => labels[i] === labels[g[0] as number])) &&
  new Set(groups.map((g) => labels[g[0] as number])).size === groups.length;

describe('k-modes', () => {
  it('finds two obvious groups; the cost is the one mismatch left (Huang 1998)', () => {
    const data = mismatch(
      [
        [0, 0],
        [0, 0],
        [0, 1],
        [1, 2],
        [1, 2],
        [1, 2],
      ],
      [2, 3],
    );
    for (let seed = 0; seed < 10; seed++) {
      const r = kmeans(valueCostGeometry(data), { k: 2 }, createRandom(seed));
      expect(
        sameGroups(r.labels, [
          [0, 1, 2],
          [3, 4, 5],
        ]),
        `seed ${seed}`,
      ).toBe(true);
      // Modes (0, 0) and (1, 2): only object 2 (0, 1) pays 1.
      expect(r.inertia).toBe(1);
    }
  });

  it('uses the method’s own value dissimilarity: close values share a cluster', () => {
    // One attribute, values 0, 1, 2: 0 and 1 are close (0.1), 2 is far (1) from both.
    const tables = Float64Array.from([0, 0.1, 1, 0.1, 0, 1, 1, 1, 0]);
    const data: ValueCosts = {
      codes: Int32Array.from([0, 1, 2, 2, 0]),
      n: 5,
      widths: Int32Array.from([3]),
      tables,
      tableStart: Int32Array.from([0]),
    };
    const r = kmeans(valueCostGeometry(data), { k: 2 }, createRandom(3));
    expect(
      sameGroups(r.labels, [
        [0, 1, 4],
        [2, 3],
      ]),
    ).toBe(true);
    // Mode 0 for {0, 1, 0}: costs 0 + 0.1 + 0; mode 2 for {2, 2}: 0.
    expect(r.inertia).toBeCloseTo(0.1, 12);
  });

  it('a mode is the value with the least summed cost, not the most frequent one', () => {
    // Values 0, 1, 2 on a line (costs |u − v|): members {0, 2, 2, 0, 1} → the median value 1 …
    // but with two 0s and two 2s, value 1 costs 2+2 = 4, value 0 costs 2·2+1 = 5, value 2 too.
    const tables = Float64Array.from([0, 1, 2, 1, 0, 1, 2, 1, 0]);
    const data: ValueCosts = {
      codes: Int32Array.from([0, 2, 2, 0, 1]),
      n: 5,
      widths: Int32Array.from([3]),
      tables,
      tableStart: Int32Array.from([0]),
    };
    const geometry = valueCostGeometry(data);
    geometry.setCentroidToObject(0, 0);
    geometry.updateCentroids(new Int32Array(5), 1);
    geometry.beginAssign(1);
    // Centre = value 1: every object is 1 away except object 4 itself.
    expect(Array.from({ length: 5 }, (_, i) => geometry.distanceToCentroid(i, 0))).toEqual([
      1, 1, 1, 1, 0,
    ]);
  });
});
