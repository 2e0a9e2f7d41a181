/**
 * ZERO++ (Pang et al., JAIR 2016): zero appearances of a row's value pair in small sub-samples.
 * A planted anomaly, AUC on a planted table, determinism per seed, the score's definition on a
 * table where it can be counted by hand, and fitting on a subset.
 */
import { describe, expect, it } from 'vitest';
import { auc, runToEnd } from '../../../../src/core/index.ts';
import { zeroDetector } from '../../../../src/core/methods/detectors/zeroPlusPlusMethod.ts';
import { allRows } from '../../../../src/core/data/table/rows.ts';
import { zeroMembers } from '../../../../src/core/methods/detectors/zeroPlusPlus.ts';
import { tableOf, plantedTable, scoreAll } from './outlierTables.ts';
import { datasetSession, resultOf } from '../../../sessions.ts';

describe('ZERO++', () => {
  it('ranks a row with a rare value combination first', async () => {
    const lines = ['A,B,C'];
    for (let i = 0; i < 40; i++) lines.push(i % 2 ? 'p,p,x' : 'q,q,y');
    lines.push('p,q,y'); // row 40: three common values, in pairs that never occur elsewhere
    const table = await tableOf(lines);
    const scores = scoreAll(zeroDetector, table, 3);
    expect(scores.indexOf(Math.max(...scores))).toBe(40);
    // Its pairs are absent from every sub-sample that does not draw row 40 itself (ψ/n = 8/41).
    expect(scores[40]).toBeGreaterThan(0.6);
    for (let r = 0; r < 40; r++) expect(scores[r]).toBeLessThan(0.2);
  });

  it('the score is the share of members whose sub-sample lacks the row’s pair', async () => {
    // Two features, so every member's subspace is (A, B); one fit row per combination.
    const table = await tableOf(['A,B', 'a,x', 'a,y', 'b,x', 'c,z']);
    const rows = allRows(4);
    const members = zeroMembers(table, rows, { t: 20, n: 2, seed: 4 });
    expect(members).toHaveLength(20);
    for (const m of members) {
      expect([m.a, m.b].sort()).toEqual([0, 1]);
      expect(m.keys).toHaveLength(2);
    }
    // A row is in a sub-sample iff its pair is (all four pairs differ): score = 1 − (draws)/t.
    const scores = scoreAll(zeroDetector, table, 4, { t: 20, n: 2 });
    const a = table.attributes[members[0]!.a]!;
    const b = table.attributes[members[0]!.b]!;
    for (let r = 0; r < 4; r++) {
      const key = a.codes[r]! * b.labels.length + b.codes[r]!;
      const drawn = members.filter((m) => m.keys.includes(key)).length;
      expect(scores[r]).toBeCloseTo(1 - drawn / 20, 12);
    }
    // Each member draws 2 of the 4 rows: the scores sum to 4 − 2 = 2.
    expect(scores.reduce((s, x) => s + x, 0)).toBeCloseTo(2, 12);
  });

  it('AUC well above 0.5 on a planted table', async () => {
    const { table, positive } = await plantedTable(11);
    expect(auc(scoreAll(zeroDetector, table, 1), positive)).toBeGreaterThan(0.9);
  });

  it('is deterministic for a seed and differs for another seed', async () => {
    const { table } = await plantedTable(2);
    const first = scoreAll(zeroDetector, table, 7);
    expect(Array.from(scoreAll(zeroDetector, table, 7))).toEqual(Array.from(first));
    expect(Array.from(scoreAll(zeroDetector, table, 8))).not.toEqual(Array.from(first));
  });

  it('fits on a subset and scores other rows, aligned with scoreRows', async () => {
    const { table } = await plantedTable(5, 120, 4);
    const fitRows = Int32Array.from({ length: 60 }, (_, i) => 2 * i);
    const scoreRows = Int32Array.from([119, 3, 100, 81]);
    const task = { table, fitRows, scoreRows, seed: 9 };
    const scores = runToEnd(zeroDetector.score(task));
    const all = runToEnd(zeroDetector.score({ ...task, scoreRows: allRows(table.nRows) }));
    expect(Array.from(scores)).toEqual(Array.from(scoreRows, (r) => all[r]!));
    expect(scores.every((s) => s >= 0 && s <= 1)).toBe(true);
  });

  it('the registered method scores every row', async () => {
    const session = await datasetSession('cbrw-example.csv', { classColumn: 'Cheat?' });
    const output = runToEnd(session.runSteps({ method: 'zero', options: { t: 200 } }));
    const scores = resultOf(output, 'object-scores', 'scores');
    expect(scores.n).toBe(12);
    expect(scores.direction).toBe('higher-is-more-anomalous');
    expect(scores.scores.every((s) => s >= 0 && s <= 1)).toBe(true);
  });
});
