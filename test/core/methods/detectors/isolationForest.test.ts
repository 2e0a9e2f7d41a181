/**
 * Isolation forest (Liu, Ting, Zhou, ICDM 2008) on one-hot value columns: c(n), a planted
 * anomaly, AUC on a planted table, determinism per seed, identical rows, and fitting on a subset.
 */
import { describe, expect, it } from 'vitest';
import { auc, runToEnd } from '../../../../src/core/index.ts';
import { isolationForestDetector } from '../../../../src/core/methods/detectors/isolationForestMethod.ts';
import { allRows } from '../../../../src/core/data/table/rows.ts';
import {
  averagePathLength,
  growForest,
  growForestSteps,
} from '../../../../src/core/methods/detectors/isolationForest.ts';
import { tableOf, plantedTable, scoreAll } from './outlierTables.ts';
import { datasetSession, resultOf } from '../../../sessions.ts';

describe('isolation forest', () => {
  it('c(n) = 2H(n − 1) − 2(n − 1)/n, with c(2) = 1 and c(1) = 0', () => {
    expect(averagePathLength(0)).toBe(0);
    expect(averagePathLength(1)).toBe(0);
    expect(averagePathLength(2)).toBe(1);
    // 2(ln 255 + 0.5772156649) − 2·255/256 = 10.244770…
    expect(averagePathLength(256)).toBeCloseTo(10.24477, 5);
  });

  it('ranks a row with a rare value combination first', async () => {
    const lines = ['A,B,C'];
    for (let i = 0; i < 40; i++) lines.push(i % 2 ? 'p,p,x' : 'q,q,y');
    lines.push('p,q,z'); // row 40
    const table = await tableOf(lines);
    const scores = scoreAll(isolationForestDetector, table, 3);
    expect(scores.indexOf(Math.max(...scores))).toBe(40);
    expect(scores[40]).toBeGreaterThan(0.6);
  });

  it('identical rows cannot be split: every score is 2^(−c(ψ)/c(ψ)) = 0.5', async () => {
    const table = await tableOf(['A,B', ...Array.from({ length: 30 }, () => 'a,b'), 'c,d']);
    // Fit on the 30 identical rows only; the odd row is scored too.
    const fitRows = allRows(30);
    const scores = runToEnd(
      isolationForestDetector.score({ table, fitRows, scoreRows: allRows(31), seed: 1 }),
    );
    for (const s of scores) expect(s).toBeCloseTo(0.5, 12);
  });

  it('splits only on one-hot columns that vary in the node, left = rows holding the value', async () => {
    const { table } = await plantedTable(4, 60, 2);
    const { trees, sampleSize } = growForest(table, allRows(60), {
      trees: 5,
      sampleSize: 32,
      seed: 2,
    });
    expect(sampleSize).toBe(32);
    for (const tree of trees) {
      expect(tree.size[0]).toBe(32);
      tree.attribute.forEach((a, node) => {
        if (a < 0 || tree.size[node] === 0) return;
        const left = tree.size[tree.left[node]!]!;
        const right = tree.size[tree.right[node]!]!;
        expect(left + right).toBe(tree.size[node]);
        expect(left).toBeGreaterThan(0);
        expect(right).toBeGreaterThan(0);
      });
    }
  });

  it('AUC well above 0.5 on a planted table', async () => {
    const { table, positive } = await plantedTable(11);
    expect(auc(scoreAll(isolationForestDetector, table, 1), positive)).toBeGreaterThan(0.9);
  });

  it('is deterministic for a seed and differs for another seed', async () => {
    const { table } = await plantedTable(2);
    const first = scoreAll(isolationForestDetector, table, 7);
    expect(Array.from(scoreAll(isolationForestDetector, table, 7))).toEqual(Array.from(first));
    expect(Array.from(scoreAll(isolationForestDetector, table, 8))).not.toEqual(Array.from(first));
    expect(first.every((s) => s > 0 && s < 1)).toBe(true);
  });

  it('fits on a subset and scores other rows, aligned with scoreRows', async () => {
    const { table } = await plantedTable(5, 120, 4);
    const fitRows = Int32Array.from({ length: 60 }, (_, i) => 2 * i);
    const scoreRows = Int32Array.from([119, 3, 100, 81]);
    const task = { table, fitRows, scoreRows, seed: 9 };
    const scores = runToEnd(isolationForestDetector.score(task));
    const all = runToEnd(isolationForestDetector.score({ ...task, scoreRows: allRows(120) }));
    expect(Array.from(scores)).toEqual(Array.from(scoreRows, (r) => all[r]!));
  });

  it('the registered method scores every row', async () => {
    const session = await datasetSession('cbrw-example.csv', { classColumn: 'Cheat?' });
    const output = runToEnd(session.runSteps({ method: 'iforest' }));
    const scores = resultOf(output, 'object-scores', 'scores');
    expect(scores.n).toBe(12);
    expect(scores.direction).toBe('higher-is-more-anomalous');
    expect(scores.scores.every((s) => s > 0 && s < 1)).toBe(true);
  });

  it('grows tree by tree, saying which, and refuses a forest too large to keep', async () => {
    const { table } = await plantedTable(4, 60, 2);
    const steps = growForestSteps(table, allRows(60), { trees: 3, sampleSize: 32, seed: 2 });
    const messages: string[] = [];
    for (let step = steps.next(); !step.done; step = steps.next())
      messages.push(step.value.message);
    expect(messages).toEqual([1, 2, 3].map((t) => `Isolation forest: growing tree ${t} of 3…`));
    // Both maxima at once: 10,000 trees of ψ = 4,096 rows would be 1.6 GB of nodes.
    const { table: large } = await plantedTable(5, 5000, 2, 2);
    expect(() =>
      growForest(large, allRows(5000), { trees: 10_000, sampleSize: 4096, seed: 1 }),
    ).toThrow(/trees × ψ is limited to 4,194,304/);
  });
});
