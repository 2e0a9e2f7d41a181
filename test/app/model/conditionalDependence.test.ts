/**
 * The Mc overview's statistic (app/model/conditionalDependence.ts) on tables worked by hand: Mc
 * comes from the core's own couplingMatrices (CURE Def. 6) of a parsed CSV, and the expected
 * figures from the rows alone.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  couplingMatrices,
  parseCsvText,
  prepareTable,
} from '../../../src/core/index.ts';
import { conditionalDependence } from '../../../src/app/model/conditionalDependence.ts';

/**
 * dep of a CSV (header and rows), Mc and p from the core, by attribute pair or, given
 * `groups` of global values, by pair of those groups.
 */
async function dependenceOf(lines: string[], groups?: number[][]) {
  const { table } = prepareTable(await parseCsvText(lines.join('\n')));
  const { mc, p } = couplingMatrices(computeCounts(table));
  const attribute = new Int32Array(p.length);
  table.attributes.forEach((a, t) => attribute.fill(t, a.offset, a.offset + a.labels.length));
  const byAttribute = table.attributes.map((a) =>
    Array.from({ length: a.labels.length }, (_, k) => a.offset + k),
  );
  const dep = conditionalDependence(groups ?? byAttribute, mc, p, attribute);
  return { dep, at: (g: number, h: number) => dep.value[g * dep.size + h] as number };
}

/** n rows of each (a, b) pair. */
const rows = (pairs: [string, string, number][]) =>
  pairs.flatMap(([a, b, n]) => Array.from({ length: n }, () => `${a},${b}`));

describe('conditionalDependence (the Mc overview)', () => {
  it('is 0 for independent attributes', async () => {
    // p(x) = 3/4 whatever B is: every conditional equals the marginal.
    const { at } = await dependenceOf([
      'A,B',
      ...rows([
        ['x', 'u', 3],
        ['y', 'u', 1],
        ['x', 'v', 6],
        ['y', 'v', 2],
      ]),
    ]);
    expect(at(0, 1)).toBeCloseTo(0, 12);
    expect(at(1, 0)).toBeCloseTo(0, 12);
  });

  it('is Σ p(1 − p) for a copy, and the diagonal blocks are undefined', async () => {
    // B = A with p = (1/4, 3/4): given x, B is u for sure, ½(|1 − 1/4| + |0 − 3/4|) = 3/4;
    // given y, 1/4; averaged by frequency 1/4·3/4 + 3/4·1/4 = 3/8.
    const { at, dep } = await dependenceOf([
      'A,B',
      ...rows([
        ['x', 'u', 1],
        ['y', 'v', 3],
      ]),
    ]);
    expect(at(0, 1)).toBeCloseTo(3 / 8, 12);
    expect(at(1, 0)).toBeCloseTo(3 / 8, 12);
    expect(at(0, 0)).toBeNaN();
    expect(at(1, 1)).toBeNaN();
    expect(dep.max).toBeCloseTo(3 / 8, 12);
  });

  it('weights each row value by its frequency, so one rare value does not fill a block', async () => {
    // 19 rows (x, u|v) with u:v = 10:9 and one row (y, v). Given y, B is v for sure: Mc's block
    // maximum is 1, yet A tells little about B. p(u) = 1/2, p(v) = 1/2.
    // Given x: p(u|x) = 10/19, ½(|10/19 − 1/2| + |9/19 − 1/2|) = 1/38; given y: ½(1/2 + 1/2) = 1/2.
    // dep(A → B) = 19/20 · 1/38 + 1/20 · 1/2 = 1/40 + 1/40 = 1/20.
    const { at } = await dependenceOf([
      'A,B',
      ...rows([
        ['x', 'u', 10],
        ['x', 'v', 9],
        ['y', 'v', 1],
      ]),
    ]);
    expect(at(0, 1)).toBeCloseTo(1 / 20, 12);
    // Given u: A is x; given v (10 rows): p(x|v) = 9/10. p(x) = 19/20.
    // ½(|1 − 19/20| + |0 − 1/20|) = 1/20; ½(|9/10 − 19/20| + |1/10 − 1/20|) = 1/20. dep = 1/20.
    expect(at(1, 0)).toBeCloseTo(1 / 20, 12);
  });

  it('by value clusters, leaves out the pairs of one attribute', async () => {
    // The copy above (x ↔ u, y ↔ v; p(x) = p(u) = 1/4), values 0 x, 1 y (A), 2 u, 3 v (B), in
    // groups G = {x, u} and H = {y, v}. G → H: row x meets v only (y is A's own): ½|0 − 3/4|;
    // row u meets y only: ½|0 − 3/4|; so 3/8. G → G: x meets u, ½|1 − 1/4| = 3/8, and u meets
    // x, the same: 3/8. H → H: ½|1 − 3/4| = 1/8 both ways; H → G: ½|0 − 1/4| = 1/8.
    const { at } = await dependenceOf(
      [
        'A,B',
        ...rows([
          ['x', 'u', 1],
          ['y', 'v', 3],
        ]),
      ],
      [
        [0, 2],
        [1, 3],
      ],
    );
    expect(at(0, 1)).toBeCloseTo(3 / 8, 12);
    expect(at(0, 0)).toBeCloseTo(3 / 8, 12);
    expect(at(1, 1)).toBeCloseTo(1 / 8, 12);
    expect(at(1, 0)).toBeCloseTo(1 / 8, 12);
  });
});
