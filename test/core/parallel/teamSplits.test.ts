/**
 * The steps split across a team in the second round of issue 30: the k-means and k-modes
 * assignment (every geometry that can describe its data), the isolation forest's walks, and
 * SAnDCat's scan. Each gives the same result, bit for bit, on 1, 2 and 3 threads (Node helper
 * threads, one team of each size for the file). On one thread k-means assigns through the
 * geometry itself, so the equality also says the team's kernel sums exactly as the geometry does.
 */
import { same, teamsOfOneToThree } from './teamFixture.ts';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import type { Geometry } from '../../../src/core/base/geometry.ts';
import { computeCounts } from '../../../src/core/data/counts/counts.ts';
import { denseGeometry } from '../../../src/core/clustering/denseGeometry.ts';
import { kmeans, type KMeansResult } from '../../../src/core/clustering/kmeans.ts';
import { valueCostGeometry } from '../../../src/core/clustering/kmodes.ts';
import { isolationForestSteps } from '../../../src/core/methods/detectors/isolationForest.ts';
import { isolationForestTerms } from '../../../src/core/methods/detectors/isolationForestExplain.ts';
import { dilcaModel } from '../../../src/core/methods/dilca/dilcaModel.ts';
import { HEURISTICS } from '../../../src/core/methods/sandcat/heuristics.ts';
import { sandcatScoreSteps } from '../../../src/core/methods/sandcat/score.ts';
import {
  materialise,
  uniformValueEmbedding,
  valueConcatGeometry,
} from '../../../src/core/platform/objectEmbedding.ts';
import { prototypeTable } from '../../../bench/generate.ts';

const VALUE_COUNTS = [2, 5, 3, 7, 4, 2, 6, 3];
const table = prototypeTable({
  rows: 600,
  valueCounts: VALUE_COUNTS,
  classes: 4,
  subclasses: 3,
  seed: 31,
});
const n = table.nRows;
const D = VALUE_COUNTS.length;
const all = Int32Array.from({ length: n }, (_, i) => i);

const teamsOf = teamsOfOneToThree();

/** Per-attribute cost tables with seeded, asymmetric costs (a k-modes distance like CADO's). */
function randomCosts(seed: number) {
  const random = createRandom(seed);
  const widths = Int32Array.from(VALUE_COUNTS);
  const tableStart = new Int32Array(D);
  for (let a = 1; a < D; a++)
    tableStart[a] = (tableStart[a - 1] as number) + (widths[a - 1] as number) ** 2;
  const tables = Float64Array.from(
    { length: (tableStart[D - 1] as number) + (widths[D - 1] as number) ** 2 },
    () => random.next(),
  );
  const codes = new Int32Array(n * D);
  table.attributes.forEach((attr, a) => attr.codes.forEach((c, r) => (codes[r * D + a] = c)));
  return { codes, n, widths, tables, tableStart };
}

const vectorRandom = createRandom(5);
const embedding = uniformValueEmbedding(
  table,
  Float64Array.from({ length: table.nValues * 3 }, () => vectorRandom.next() - 0.5),
  3,
);
const geometries: [string, () => Geometry][] = [
  ['k-modes on per-attribute cost tables', () => valueCostGeometry(randomCosts(8))],
  ['k-means on a value-concatenation embedding', () => valueConcatGeometry(embedding)],
  [
    'k-means on dense rows, bounded sums',
    () => denseGeometry(materialise(embedding), n, embedding.dims),
  ],
  [
    'k-means on dense rows, plain sums',
    () => denseGeometry(materialise(embedding), n, embedding.dims, { bound: false }),
  ],
];

describe('split steps give the same result on 1, 2 and 3 threads', () => {
  for (const [name, make] of geometries)
    it(name, () => {
      const geometry = make();
      for (const [k, seed] of [
        [5, 1],
        [9, 2],
      ] as const) {
        const runs: KMeansResult[] = teamsOf().map((team) =>
          kmeans(geometry, { k }, createRandom(seed), undefined, { team, minObjects: 0 }),
        );
        const [first] = runs;
        if (!first) throw new Error('no run');
        expect(first.iterations).toBeGreaterThan(1);
        for (const run of runs.slice(1)) {
          expect(same(run.labels, first.labels)).toBe(true);
          expect(same(run.sizes, first.sizes)).toBe(true);
          expect(Object.is(run.inertia, first.inertia)).toBe(true);
          expect(run.iterations).toBe(first.iterations);
        }
      }
    });

  it('the isolation forest: scores of some rows, and every row’s terms', () => {
    const options = { trees: 30, sampleSize: 128, seed: 4 };
    const fit = all.filter((i) => i % 4 !== 0);
    const scored = all.filter((i) => i % 3 !== 1);
    const scores = teamsOf().map((team) =>
      runToEnd(isolationForestSteps(table, fit, scored, options, team)),
    );
    const terms = teamsOf().map((team) => isolationForestTerms(table, fit, options, team).terms);
    for (const run of scores.slice(1)) expect(same(run, scores[0] as Float64Array)).toBe(true);
    for (const run of terms.slice(1)) expect(same(run, terms[0] as Float64Array)).toBe(true);
    expect(new Set(scores[0]).size).toBeGreaterThan(10);
  });

  it('SAnDCat’s scan under every heuristic: scores and attribute impacts', () => {
    const fit = all.filter((i) => (table.classColumn?.codes[i] as number) !== 3);
    const model = dilcaModel(table, computeCounts(table, { rows: fit }));
    for (const heuristic of HEURISTICS) {
      const runs = teamsOf().map((team) =>
        runToEnd(sandcatScoreSteps(table, model, fit, all, { heuristic, k: 7, seed: 2 }, team, 0)),
      );
      const [first] = runs;
      if (!first) throw new Error('no run');
      for (const run of runs.slice(1)) {
        expect(same(run.scores, first.scores)).toBe(true);
        expect(same(run.impacts, first.impacts)).toBe(true);
      }
      expect(first.scores.every((s) => Number.isFinite(s) && s >= 0)).toBe(true);
      expect(new Set(first.scores).size).toBeGreaterThan(10);
    }
  });
});
