/**
 * LOF with the OF distance: a tiny example computed by hand, duplicates (finite scores), the
 * size refusal, a planted anomaly, AUC on a planted table, and fitting on a subset.
 */
import { describe, expect, it } from 'vitest';
import { auc, runToEnd, type CategoricalTable } from '../../../../src/core/index.ts';
import { lofOfDetector, lofOfMethod } from '../../../../src/core/methods/detectors/lofOfMethod.ts';
import { allRows } from '../../../../src/core/data/table/rows.ts';
import { LOF_PAIR_LIMIT } from '../../../../src/core/methods/detectors/lofOf.ts';
import { distinctObjects } from '../../../../src/core/data/table/distinctObjects.ts';
import { tableOf, plantedTable } from './outlierTables.ts';
import { datasetSession, resultOf } from '../../../sessions.ts';

/** A table straight from codes (m values per column), for sizes a CSV would make slow. */
function codesTable(columns: Int32Array[], m: number): CategoricalTable {
  const n = columns[0]!.length;
  const D = columns.length;
  return {
    nRows: n,
    attributes: columns.map((codes, a) => ({
      name: `f${a}`,
      labels: Array.from({ length: m }, (_, k) => `v${k}`),
      codes,
      offset: a * m,
    })),
    nValues: D * m,
    valueAttribute: Int32Array.from({ length: D * m }, (_, v) => Math.floor(v / m)),
    classColumn: null,
    sourceRows: allRows(n),
    sourceLines: allRows(n).map((r) => r + 2),
  };
}

function lof(
  table: CategoricalTable,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  k: number,
): Float64Array {
  return runToEnd(lofOfDetector.score({ table, fitRows, scoreRows, seed: 0 }, { k }));
}

describe('LOF with the OF distance', () => {
  it('matches a tiny example computed by hand', async () => {
    /*
     * One attribute, N = 8 fit rows: a ×4, b ×2, c, d; row 8 holds e (not a fit row) and row 9
     * is one more a (not a fit row). With L = ln 2: log(N/f) = L (a), 2L (b), 3L (c, d).
     * Mismatch distance 1 − 1/(1 + p) = p/(1 + p), p = log(N/f(x))·log(N/f(y)):
     *   d(a,b) = 2L²/(1+2L²) = 0.4900317   d(a,c) = d(a,d) = 3L²/(1+3L²) = 0.5903921
     *   d(b,c) = d(b,d) = 6L²/(1+6L²) = 0.7424485   d(c,d) = 9L²/(1+9L²) = 0.8121740
     * k = 1, k-distinct-distance = distance to the nearest other location:
     *   kd(a) = d(a,b), kd(b) = d(a,b), kd(c) = kd(d) = d(a,c).
     * Neighbourhoods (a fit row is not its own neighbour, its copies are):
     *   an a: 3 other a at 0 and the 2 b at d(a,b); every reach-dist = d(a,b) ⇒ lrd = 1/d(a,b)
     *   a b: the other b at 0 and the 4 a at d(a,b); reach-dists d(a,b) ⇒ lrd = 1/d(a,b)
     *   c: the 4 a at d(a,c) (b and d are farther); reach = max(kd(a), d(a,c)) = d(a,c)
     *      ⇒ lrd = 1/d(a,c); d likewise.
     * LOF(a) = LOF(b) = 1 (all neighbours share their lrd);
     * LOF(c) = LOF(d) = lrd(a)/lrd(c) = d(a,c)/d(a,b) = 1.5·(1+2L²)/(1+3L²) = 1.2048040.
     * Row 8 (e, unseen: distance 1 to everything): all 8 fit rows are its neighbours, every
     *   reach-dist = max(kd(o), 1) = 1 ⇒ lrd = 1; LOF = (6/d(a,b) + 2/d(a,c))/8 = 1.9539608.
     * Row 9 (a, not a fit row): all 4 a at 0 and the 2 b, as for an a ⇒ LOF = 1.
     */
    // Codes a = 0 … e = 4 (a one-column CSV is refused by the reader).
    const table = codesTable([Int32Array.from([0, 0, 0, 0, 1, 1, 2, 3, 4, 0])], 5);
    const fitRows = allRows(8);
    const scores = lof(table, fitRows, allRows(10), 1);
    const expected = [1, 1, 1, 1, 1, 1, 1.204804, 1.204804, 1.953961, 1];
    expected.forEach((x, r) => expect(scores[r], `row ${r}`).toBeCloseTo(x, 6));
  });

  it('gives finite scores, equal for identical objects, on a table full of duplicates', async () => {
    const C = ['x', 'y', 'w', 'v'];
    const lines = ['A,B,C'];
    for (let i = 0; i < 60; i++) lines.push('p,p,x'); // 60 copies: more than any k below
    for (let i = 0; i < 30; i++) lines.push('q,q,y');
    for (let i = 0; i < 24; i++)
      lines.push(`${i % 2 ? 'p' : 'q'},${(i >> 1) % 2 ? 'p' : 'q'},${C[(i >> 2) % 4]}`);
    lines.push('q,p,z'); // row 114
    const table = await tableOf(lines);
    const rows = allRows(table.nRows);
    for (const k of [1, 3, 5, 40, 200]) {
      const scores = lof(table, rows, rows, k);
      expect(scores.every(Number.isFinite), `k = ${k}`).toBe(true);
      expect(new Set(scores.slice(0, 60)).size).toBe(1);
      expect(new Set(scores.slice(60, 90)).size).toBe(1);
    }
    for (const k of [1, 3, 5]) {
      const scores = lof(table, rows, rows, k);
      expect(scores.indexOf(Math.max(...scores)), `k = ${k}`).toBe(114);
    }
    // A table of one object repeated: nothing is denser than anything else.
    const same = codesTable([new Int32Array(10), new Int32Array(10)], 1);
    expect(Array.from(lof(same, allRows(10), allRows(10), 3))).toEqual(new Array(10).fill(1));
  });

  it('groups identical rows', async () => {
    const table = await tableOf(['A,B', 'a,x', 'b,x', 'a,x', 'a,y', 'b,x']);
    const d = distinctObjects(table, allRows(5));
    expect(d.count).toBe(3);
    expect(Array.from(d.weight)).toEqual([2, 2, 1]);
    expect(Array.from(d.ofRow)).toEqual([0, 1, 0, 2, 1]);
    expect(d.find(4)).toBe(1);
  });

  it('refuses more than 4·10^8 object pairs, naming the sizes and suggesting a sample', () => {
    const m = 150; // 150 × 150 = 22,500 distinct rows: 22,500² = 5.06·10^8 pairs
    const a = Int32Array.from({ length: m * m }, (_, i) => Math.floor(i / m));
    const b = Int32Array.from({ length: m * m }, (_, i) => i % m);
    const table = codesTable([a, b], m);
    expect(LOF_PAIR_LIMIT).toBe(4e8);
    const message = /22,500 distinct fit objects × \(22,500\) = 506,250,000 pairs.*Use a sample/;
    expect(() => lofOfMethod.check!(table, { k: 40 })).toThrow(message);
    const rows = allRows(table.nRows);
    expect(() => lof(table, rows, rows, 40)).toThrow(message);
    // Fewer rows pass.
    expect(() =>
      lofOfMethod.check!(codesTable([a.slice(0, 20000), b.slice(0, 20000)], m), { k: 40 }),
    ).not.toThrow();
  });

  it('ranks a row with a rare value combination first', async () => {
    // Two coupled attributes and a free one: 8 distinct normal objects, 5 copies each.
    const C = ['x', 'y', 'w', 'v'];
    const lines = ['A,B,C'];
    for (let i = 0; i < 40; i++) lines.push(i % 2 ? `p,p,${C[i % 4]}` : `q,q,${C[(i >> 1) % 4]}`);
    lines.push('p,q,z'); // row 40
    const table = await tableOf(lines);
    const rows = allRows(table.nRows);
    // k below the 8 other locations: with k ≥ 8 every neighbourhood is the whole table and
    // every LOF is about 1.
    for (const k of [1, 3]) {
      const scores = lof(table, rows, rows, k);
      expect(scores.indexOf(Math.max(...scores)), `k = ${k}`).toBe(40);
    }
  });

  it('AUC well above 0.5 on a planted table', async () => {
    const { table, positive } = await plantedTable(11);
    const rows = allRows(table.nRows);
    expect(auc(lof(table, rows, rows, 40), positive)).toBeGreaterThan(0.9);
  });

  it('fits on a subset and scores other rows, aligned with scoreRows', async () => {
    const { table } = await plantedTable(5, 120, 4);
    const fitRows = Int32Array.from({ length: 60 }, (_, i) => 2 * i);
    const scoreRows = Int32Array.from([119, 3, 100, 81, 2]);
    const scores = lof(table, fitRows, scoreRows, 10);
    const all = lof(table, fitRows, allRows(120), 10);
    expect(Array.from(scores)).toEqual(Array.from(scoreRows, (r) => all[r]!));
    expect(scores.every(Number.isFinite)).toBe(true);
  });

  it('the registered method scores every row with k = 40 by default', async () => {
    const session = await datasetSession('cbrw-example.csv', { classColumn: 'Cheat?' });
    const output = runToEnd(session.runSteps({ method: 'lof-of' }));
    const scores = resultOf(output, 'object-scores', 'scores');
    expect(scores.n).toBe(12);
    expect(scores.direction).toBe('higher-is-more-anomalous');
    expect(scores.scores.every(Number.isFinite)).toBe(true);
  });
});
