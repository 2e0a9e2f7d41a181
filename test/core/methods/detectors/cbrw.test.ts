/**
 * CBRW (Pang et al., IJCAI 2016): the reference notes' numbers on the paper's example table, a
 * planted anomaly, AUC on a planted table, values absent from the fit rows, and the registered
 * method's results.
 */
import { describe, expect, it } from 'vitest';
import {
  auc,
  computeCounts,
  parseCsvText,
  prepareTable,
  runToEnd,
  type CategoricalTable,
} from '../../../../src/core/index.ts';
import { cbrwDetector } from '../../../../src/core/methods/detectors/cbrwMethod.ts';
import { cbrwModel, cbrwObjectScores } from '../../../../src/core/methods/detectors/cbrw.ts';
import { allRows } from '../../../../src/core/data/table/rows.ts';
import { readDataset } from '../../../helpers.ts';
import { tableOf, plantedTable } from './outlierTables.ts';
import { datasetSession, resultOf } from '../../../sessions.ts';

async function example(): Promise<CategoricalTable> {
  return prepareTable(await parseCsvText(readDataset('cbrw-example.csv')), {
    classColumn: 'Cheat?',
  }).table;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

describe('CBRW on the paper’s example (Cheat? is the class)', () => {
  it('converged (tol 1e-12): row scores 0.105763 … 0.089002 and the feature weights', async () => {
    const table = await example();
    expect(table.attributes.map((a) => a.name)).toEqual([
      'Gender',
      'Education',
      'Marriage',
      'Income',
    ]);
    const model = cbrwModel(table, computeCounts(table), { tol: 1e-12 });
    expect(model.converged).toBe(true);
    const scores = cbrwObjectScores(table, model);
    expect(scores[0]).toBeCloseTo(0.105763, 5);
    expect(Math.abs(scores[0]! - 0.105763)).toBeLessThanOrEqual(2e-6);
    expect(Math.abs(scores[11]! - 0.089002)).toBeLessThanOrEqual(2e-6);
    const weights = [0.160659, 0.262316, 0.282682, 0.294343];
    weights.forEach((w, f) =>
      expect(Math.abs(model.featureWeights[f]! - w), `weight ${f}`).toBeLessThanOrEqual(2e-6),
    );
    // The cheater (row 0) is the most outlying object; π sums to 1 over the values.
    expect(Math.max(...scores)).toBe(scores[0]);
    expect(model.pi.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });

  it('at tol 1e-3: 0.1055 … 0.0887 and .1608/.2627/.2826/.2939 (4 decimals)', async () => {
    const table = await example();
    const model = cbrwModel(table, computeCounts(table), { tol: 1e-3 });
    const scores = cbrwObjectScores(table, model);
    expect(round(scores[0]!, 4)).toBe(0.1055);
    expect(round(scores[11]!, 4)).toBe(0.0887);
    expect(Array.from(model.featureWeights, (w) => round(w, 4))).toEqual([
      0.1608, 0.2627, 0.2826, 0.2939,
    ]);
  });

  it('the registered method returns π, the feature weights and the object scores', async () => {
    const session = await datasetSession('cbrw-example.csv', { classColumn: 'Cheat?' });
    const output = runToEnd(session.runSteps({ method: 'cbrw' }));
    const scores = resultOf(output, 'object-scores', 'scores');
    expect(scores.direction).toBe('higher-is-more-anomalous');
    expect(Math.abs(scores.scores[0]! - 0.105763)).toBeLessThanOrEqual(2e-6);
    expect(resultOf(output, 'attribute-impacts', 'featureWeights').values).toHaveLength(4);
    const pi = resultOf(output, 'value-scores', 'valueScores').scores;
    expect(pi.every(Number.isFinite)).toBe(true);
    expect(pi.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
  });
});

describe('CBRW as a detector', () => {
  it('ranks a row with a rare value combination first', async () => {
    const lines = ['A,B,C'];
    for (let i = 0; i < 20; i++) lines.push(i % 2 ? 'p,p,x' : 'q,q,y');
    lines.push('p,q,z'); // row 20: an unseen pair of common values and a value of its own
    const table = await tableOf(lines);
    const rows = allRows(table.nRows);
    const scores = runToEnd(cbrwDetector.score({ table, fitRows: rows, scoreRows: rows, seed: 1 }));
    const top = scores.indexOf(Math.max(...scores));
    expect(top).toBe(20);
    expect(scores.filter((s) => s === scores[20])).toHaveLength(1);
  });

  it('AUC well above 0.5 on a planted table', async () => {
    const { table, positive } = await plantedTable(11);
    const rows = allRows(table.nRows);
    const scores = runToEnd(cbrwDetector.score({ table, fitRows: rows, scoreRows: rows, seed: 1 }));
    expect(auc(scores, positive)).toBeGreaterThan(0.9);
  });

  it('fits on a subset and scores other rows, aligned with scoreRows; absent values stay finite', async () => {
    const { table } = await plantedTable(5, 120, 4);
    // Fit on the first 80 rows: some planted values are absent from them.
    const fitRows = Int32Array.from({ length: 80 }, (_, i) => i);
    const scoreRows = Int32Array.from([119, 3, 100, 80]);
    const scores = runToEnd(cbrwDetector.score({ table, fitRows, scoreRows, seed: 1 }));
    const model = cbrwModel(table, computeCounts(table, { rows: fitRows }));
    const all = cbrwObjectScores(table, model);
    expect(Array.from(scores)).toEqual(Array.from(scoreRows, (r) => all[r]!));
    expect(model.valueScores.every(Number.isFinite)).toBe(true);
    const absent = Array.from({ length: table.nValues }, (_, v) => v).filter(
      (v) => computeCounts(table, { rows: fitRows }).cooccurrence.valueCounts[v] === 0,
    );
    expect(absent.length).toBeGreaterThan(0);
    for (const v of absent) {
      expect(model.pi[v]).toBe(0);
      // An unseen value scores as its feature's most outlying seen value.
      const attr = table.attributes[table.valueAttribute[v]!]!;
      const seen = attr.labels.map((_, k) => model.pi[attr.offset + k]!);
      expect(model.valueScores[v]).toBe(Math.max(...seen));
    }
  });
});
