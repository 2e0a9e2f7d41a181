import { describe, expect, it } from 'vitest';
import { OutOfRangeError } from '../../../src/core/base/errors.ts';
import { internalIndices } from '../../../src/core/evaluation/internalIndices.ts';
import { sampleDistances } from '../../../src/core/evaluation/epsGamma.ts';
import { checkedDistance } from '../../../src/core/base/checkedValue.ts';
import { ROUND_OFF, snapNonNegative, snapUnit } from '../../../src/core/base/roundOff.ts';
import { cleanDistanceTables } from '../../../src/core/platform/valueTables.ts';
import { spectralClustering } from '../../../src/core/clustering/spectral.ts';
import { loadDataset } from '../../helpers.ts';

/**
 * The round-off rule (numerics/roundOff.ts): a value within ROUND_OFF of its bound is snapped to
 * it; a value further out fails, naming the method, the rows by their line in the file, and the
 * value. Cases from issue 26: −7.9e-18 (CADO) and −2.2e-16 (ADD) aborted whole comparisons.
 */
describe('round-off at a bound', () => {
  it('snaps within the tolerance and leaves everything else as it is', () => {
    const table: [number, number][] = [
      [-7.9e-18, 0],
      [-2.2e-16, 0],
      [-ROUND_OFF, 0],
      [-2 * ROUND_OFF, -2 * ROUND_OFF],
      [-0.3, -0.3],
      [0.25, 0.25],
    ];
    for (const [x, expected] of table) expect(snapNonNegative(x)).toBe(expected);
    expect(snapUnit(1 + 2.2e-16)).toBe(1);
    expect(snapUnit(1.01)).toBe(1.01);
    expect(snapUnit(-1e-17)).toBe(0);
    expect(Number.isNaN(snapUnit(Number.NaN))).toBe(true);
  });

  it('a distance check takes round-off as 0 and names the rows by their file line otherwise', () => {
    const owner = { method: 'ADD', lines: Int32Array.from([2, 5, 9]) };
    expect(checkedDistance(-2.2e-16, 0, 1, owner)).toBe(0);
    expect(checkedDistance(0.5, 0, 1, owner)).toBe(0.5);
    const fail = () => checkedDistance(-0.25, 1, 2, owner);
    expect(fail).toThrow(OutOfRangeError);
    expect(fail).toThrow(/^ADD: distance -0.25 between the rows on lines 5 and 9/);
    expect(() => checkedDistance(Number.NaN, 0, 2, owner)).toThrow(
      /NaN between the rows on lines 2 and 9/,
    );
    expect(() => checkedDistance(Infinity, 0, 1)).toThrow(/Infinity between objects 1 and 2/);
  });

  it('the consumers of distances snap round-off instead of aborting', () => {
    const tiny = (i: number, j: number) => (i === j ? 0 : (i + j) % 2 === 0 ? -7.9e-18 : 1);
    const labels = Int32Array.from([0, 0, 1, 1]);
    expect(internalIndices(tiny, 4, labels).sd).toBeGreaterThanOrEqual(0);
    const { d, max } = sampleDistances(tiny, Int32Array.from([0, 1, 2, 3]));
    expect(Math.min(...d)).toBe(0);
    expect(max).toBe(1);
    const s = (i: number, j: number) => (i === j ? 1 : i < 2 === j < 2 ? 1 - 1e-17 : -1e-17);
    expect(spectralClustering(4, { similarity: s }, { k: 2 }).labels).toHaveLength(4);
  });

  it('a real out-of-range distance still fails, naming the method and the rows', () => {
    const bad = (i: number, j: number) => (i === 1 && j === 3 ? -0.4 : 1);
    const owner = { method: 'CADO (IRSI)', lines: Int32Array.from([2, 3, 7, 11]) };
    expect(() => internalIndices(bad, 4, Int32Array.from([0, 0, 1, 1]), owner)).toThrow(
      /^CADO \(IRSI\): distance -0.4 between the rows on lines 3 and 11/,
    );
    expect(() => sampleDistances(bad, Int32Array.from([0, 1, 2, 3]), owner)).toThrow(
      /lines 3 and 11/,
    );
  });
});

describe('value tables of a distance are clean where they are made', () => {
  it('snaps round-off, zeroes the diagonal, and refuses a negative entry by its values', async () => {
    const { table } = await loadDataset('weather.nominal.csv', { classColumn: 'play' });
    const sizes = table.attributes.map((a) => a.labels.length);
    const tableStart = Int32Array.from(sizes, (_, j) =>
      sizes.slice(0, j).reduce((s, m) => s + m * m, 0),
    );
    const cells = sizes.reduce((s, m) => s + m * m, 0);
    const tables = new Float64Array(cells).fill(0.5);
    sizes.forEach((m, j) => {
      for (let x = 0; x < m; x++) tables[(tableStart[j] as number) + x * m + x] = 1e-16;
    });
    tables[1] = -2.2e-16; // outlook: sunny vs overcast, round-off below 0
    cleanDistanceTables(table, tables, tableStart, 'ADD');
    expect(tables[0]).toBe(0);
    expect(tables[1]).toBe(0);
    expect(Math.min(...tables)).toBe(0);
    tables[1] = -0.2;
    const outlook = table.attributes[0]!;
    expect(() => cleanDistanceTables(table, tables, tableStart, 'ADD')).toThrow(
      new RegExp(
        `^ADD: the distance between ${outlook.name} = “${outlook.labels[0]}” and “${outlook.labels[1]}” is -0.2`,
      ),
    );
    tables[1] = 0.5;
    tables[0] = 0.3;
    expect(() => cleanDistanceTables(table, tables, tableStart, 'ADD')).toThrow(
      /a value must be at distance 0 from itself/,
    );
  });
});
