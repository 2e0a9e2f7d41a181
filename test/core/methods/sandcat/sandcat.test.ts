/**
 * SAnDCat (DILCA/SAnDCat, Ienco et al. 2016, Sec. IV): the four heuristics pick the representatives a hand computation
 * gives, the protocol of Sec. V draws what Table III says, and the AUCs land beside Table IV.
 */
import { describe, expect, it } from 'vitest';
import { Z } from '../../../../results/tolerance.ts';
import { auc } from '../../../../src/core/evaluation/partitions.ts';
import { runToEnd } from '../../../../src/core/base/jobs.ts';
import { sandcatMethod } from '../../../../src/core/methods/sandcat/sandcat.ts';
import { detectorOf } from '../../../../src/core/platform/registry.ts';

const sandcatDetector = detectorOf(sandcatMethod);
import { detectorExperimentSteps } from '../../../../src/core/evaluation/outlierExperiment.ts';
import { protocolSplits } from '../../../../src/core/methods/sandcat/protocol.ts';
import { sandcatScoreSteps } from '../../../../src/core/methods/sandcat/score.ts';
import { ExplorerSession } from '../../../../src/core/platform/session.ts';
import { datasetSession } from '../../../sessions.ts';

/**
 * One attribute with values a, b, c, d and a hand-made distance table (the scoring takes any
 * per-attribute tables; DILCA's come from data):
 *        a    b    c    d
 *   a    0   .1   .5   .9
 *   b   .1    0   .4   .8
 *   c   .5   .4    0   .3
 *   d   .9   .8   .3    0
 * Training rows 0-3 hold a, b, c, d; row 4 (tested) holds a; row 5 (tested) holds d.
 */
const TABLE = [0, 0.1, 0.5, 0.9, 0.1, 0, 0.4, 0.8, 0.5, 0.4, 0, 0.3, 0.9, 0.8, 0.3, 0];

async function handTable() {
  const s = new ExplorerSession();
  await s.load(['v,c\na,n\nb,n\nc,n\nd,n\na,t\nd,t\n'], {}, { classColumn: 'c' });
  const t = s.table;
  expect(t.attributes[0]?.labels).toEqual(['a', 'b', 'c', 'd']);
  return t;
}
const MODEL = { tables: Float64Array.from(TABLE), tableStart: Int32Array.of(0) };
const TRAIN = Int32Array.of(0, 1, 2, 3);

describe('SAnDCat representatives (Sec. IV-A) on a hand-made table', () => {
  it('MinDTK takes the k nearest, MaxDTK the k farthest (OS = Σ distances, Eq. 3)', async () => {
    const t = await handTable();
    const score = (heuristic: 'mindtk' | 'maxdtk', k: number) =>
      runToEnd(sandcatScoreSteps(t, MODEL, TRAIN, Int32Array.of(4, 5), { heuristic, k, seed: 1 }));
    // a: nearest a (0), b (.1); farthest d (.9), c (.5). d: nearest d (0), c (.3); farthest a, b.
    expect(Array.from(score('mindtk', 2).scores)).toEqual(
      [0.1, 0.3].map((x) => expect.closeTo(x, 12)),
    );
    expect(Array.from(score('maxdtk', 2).scores)).toEqual(
      [1.4, 1.7].map((x) => expect.closeTo(x, 12)),
    );
    // Distance impact: mean distance of the value to the representatives' values.
    expect(score('maxdtk', 2).impacts[0]).toBeCloseTo(0.7, 12);
  });

  it('CentralK takes the least Σ squared distance; RandK k random training rows for all', async () => {
    const t = await handTable();
    // C(a) = .01+.25+.81 = 1.07, C(b) = .01+.16+.64 = .81, C(c) = .25+.16+.09 = .5, C(d) = 1.54
    const central = runToEnd(
      sandcatScoreSteps(t, MODEL, TRAIN, Int32Array.of(4, 5), {
        heuristic: 'centralk',
        k: 2,
        seed: 1,
      }),
    );
    expect(Array.from(central.representatives ?? [])).toEqual([1, 2]); // b and c
    expect(central.scores[0]).toBeCloseTo(0.1 + 0.5, 12);
    expect(central.scores[1]).toBeCloseTo(0.8 + 0.3, 12);
    const random = runToEnd(
      sandcatScoreSteps(t, MODEL, TRAIN, Int32Array.of(4, 5), {
        heuristic: 'randk',
        k: 2,
        seed: 7,
      }),
    );
    const reps = Array.from(random.representatives ?? []);
    expect(reps).toHaveLength(2);
    expect(new Set(reps).size).toBe(2);
    for (const r of reps) expect(TRAIN).toContain(r);
    const d = (u: number, v: number) => TABLE[u * 4 + v] as number;
    expect(random.scores[0]).toBeCloseTo(
      reps.reduce((s, r) => s + d(0, r), 0),
      12,
    );
    const again = runToEnd(
      sandcatScoreSteps(t, MODEL, TRAIN, Int32Array.of(4, 5), {
        heuristic: 'randk',
        k: 2,
        seed: 7,
      }),
    );
    expect(again.representatives).toEqual(random.representatives);
  });

  it('a training row is not its own representative; duplicates count once each', async () => {
    const t = await handTable();
    // Scoring training row 0 (a) with MinDTK k = 1: not itself (0) but b (.1).
    const self = runToEnd(
      sandcatScoreSteps(t, MODEL, TRAIN, Int32Array.of(0), { heuristic: 'mindtk', k: 1, seed: 1 }),
    );
    expect(self.scores[0]).toBeCloseTo(0.1, 12);
    // Training rows 0, 3, 5 hold a, d, d: the two farthest from a are both copies of d.
    const dup = runToEnd(
      sandcatScoreSteps(t, MODEL, Int32Array.of(0, 3, 5), Int32Array.of(4), {
        heuristic: 'maxdtk',
        k: 2,
        seed: 1,
      }),
    );
    expect(dup.scores[0]).toBeCloseTo(1.8, 12);
  });
});

describe('AUC (Mann–Whitney, ties ½; DILCA/SAnDCat, Ienco et al. 2016, Sec. V)', () => {
  it('is 1 for a perfect ranking, 0 for a reversed one, ½ for all ties', () => {
    const positive = [false, false, false, true, true];
    expect(auc([1, 2, 3, 4, 5], positive)).toBe(1);
    expect(auc([5, 4, 3, 2, 1], positive)).toBe(0);
    expect(auc([1, 1, 1, 1, 1], positive)).toBe(0.5);
  });
});

describe('the protocol of Sec. V (Table III)', () => {
  it('draws 3 % of the normal count: Vote 8 of 267, Breast-cancer 6 of 201; folds partition the normal objects', async () => {
    for (const [file, normal, abnormal] of [
      ['vote.csv', 267, 8],
      ['breast-cancer.csv', 201, 6],
    ] as const) {
      const s = await datasetSession(file, { classColumn: 'Class', missing: 'mode' });
      const p = protocolSplits(s.table, {
        normalClass: null,
        abnormalShare: 0.03,
        folds: 5,
        samples: 2,
        seed: 3,
      });
      expect([p.normalCount, p.abnormalCount]).toEqual([normal, abnormal]);
      expect(p.splits).toHaveLength(10);
      for (const sample of [0, 1]) {
        const splits = p.splits.filter((x) => x.sample === sample);
        const tested = splits.flatMap((x) => Array.from(x.test).filter((_, i) => !x.abnormal[i]));
        expect(new Set(tested).size).toBe(normal); // every normal object tested exactly once
        expect(tested).toHaveLength(normal);
        for (const x of splits) {
          expect(x.train.length + x.test.length - abnormal).toBe(normal);
          expect(x.abnormal.reduce((a, b) => a + b, 0)).toBe(abnormal);
        }
      }
      const again = protocolSplits(s.table, {
        normalClass: null,
        abnormalShare: 0.03,
        folds: 5,
        samples: 2,
        seed: 3,
      });
      expect(again.splits[7]?.test).toEqual(p.splits[7]?.test);
    }
  });

  it('refuses a share that draws no abnormal object', async () => {
    const s = await datasetSession('contact-lenses.csv', { classColumn: 'contact-lenses' });
    expect(() =>
      protocolSplits(s.table, {
        normalClass: null,
        abnormalShare: 0.03,
        folds: 5,
        samples: 1,
        seed: 1,
      }),
    ).toThrow(/less than one abnormal object/);
  });
});

describe('Table IV protocol: SAnDCat, MaxDTK k = 40, finds the abnormal objects', () => {
  // The paper's numbers are held in results/ (test/results/paperNumbers.test.ts). Here the claim
  // is the detector's: over 10 independent abnormal samples its mean AUC is above chance (½) by
  // more than 1.96 standard errors; a scorer that learns nothing fails it.
  for (const file of ['vote.csv', 'breast-cancer.csv'] as const)
    it(`${file}: above chance`, async () => {
      const s = await datasetSession(file, { classColumn: 'Class', missing: 'mode' });
      const result = runToEnd(
        detectorExperimentSteps(
          s.table,
          [{ detector: sandcatDetector, options: { heuristic: 'maxdtk', k: 40 } }],
          { normalClass: null, abnormalShare: 0.03, folds: 5, samples: 10, seed: 1 },
        ),
      );
      const outcome = result.detectors[0]!;
      const means = outcome.sampleMeans;
      expect(means).toHaveLength(10);
      expect(outcome.folds).toHaveLength(50);
      const m = means.reduce((a, b) => a + b, 0) / means.length;
      const sd = Math.sqrt(means.reduce((a, b) => a + (b - m) ** 2, 0) / (means.length - 1));
      expect(m - 0.5, `mean ${m.toFixed(3)}, sd ${sd.toFixed(3)}`).toBeGreaterThan(
        (Z * sd) / Math.sqrt(means.length),
      );
    });
});

describe('the analyst’s feedback (Sec. V-C): objects marked normal join the training set', () => {
  it('refits on the normal class plus the marked rows, and names bad rows', async () => {
    const s = await datasetSession('contact-lenses.csv', { classColumn: 'contact-lenses' });
    const cls = s.table.classColumn!;
    const abnormal = [...cls.codes.keys()].filter((r) => cls.labels[cls.codes[r]!] !== 'none');
    const before = runToEnd(s.runSteps({ method: 'sandcat', options: { k: 5 } }));
    const marked = abnormal.slice(0, 2);
    const after = runToEnd(
      s.runSteps({ method: 'sandcat', options: { k: 5, alsoNormal: marked.join(', ') } }),
    );
    const notes = (o: typeof before) =>
      (o.results.scores as { notes?: string[] }).notes?.join(' ') ?? '';
    expect(notes(before)).toMatch(/15 training rows/);
    expect(notes(after)).toMatch(/17 training rows, 2 marked normal by you/);
    // The normal model is learned on other rows, so its distances change …
    const impact = (o: typeof before) =>
      Array.from((o.results.normalImpact as { values: Float64Array }).values);
    expect(impact(after)).not.toEqual(impact(before));
    // … and a marked object is now scored as a training object: not against itself.
    const scores = (o: typeof before) => (o.results.scores as { scores: Float64Array }).scores;
    expect(scores(after)[marked[0]!]).not.toBe(scores(before)[marked[0]!]);
    expect(() =>
      runToEnd(s.runSteps({ method: 'sandcat', options: { alsoNormal: '3, x' } })),
    ).toThrow(/alsoNormal: “x” is not a row index \(0 to 23\)/);
    expect(() =>
      runToEnd(s.runSteps({ method: 'sandcat', options: { alsoNormal: '24' } })),
    ).toThrow(/“24” is not a row index/);
  });
});

describe('the top-n attribute ablation (Fig. 13)', () => {
  it('with every attribute kept it is SAnDCat on the same splits; with one, no context (AUC ½)', async () => {
    const { impactAblationSteps } = await import('../../../../src/core/evaluation/ablation.ts');
    const s = await datasetSession('breast-cancer.csv', { classColumn: 'Class', missing: 'mode' });
    const protocol = { normalClass: null, abnormalShare: 0.03, folds: 5, samples: 2, seed: 4 };
    const points = runToEnd(impactAblationSteps(s.table, protocol, { heuristic: 'maxdtk', k: 40 }));
    expect(points.map((p) => p.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(points[0]?.auc.mean).toBe(0.5);
    const full = runToEnd(
      detectorExperimentSteps(
        s.table,
        [{ detector: sandcatDetector, options: { heuristic: 'maxdtk', k: 40 } }],
        protocol,
      ),
    ).detectors[0]!;
    expect(points[8]?.auc.mean).toBeCloseTo(full.auc.mean, 12);
    expect(points[8]?.auc.sd).toBeCloseTo(full.auc.sd, 12);
  });
});

describe('distances by groups of attributes (sandcat/groups.ts)', () => {
  it('one look-up per group gives Σ over attributes of the squared value distances', async () => {
    const { attributeGroups, fillGroupTables, groupCells } =
      await import('../../../../src/core/methods/sandcat/groups.ts');
    const { attributeLayout, createLookup, fillLookup } =
      await import('../../../../src/core/methods/sandcat/lookup.ts');
    const { distinctTuples } = await import('../../../../src/core/methods/sandcat/tuples.ts');
    const { computeCounts } = await import('../../../../src/core/data/counts/counts.ts');
    const { dilcaModel } = await import('../../../../src/core/methods/dilca/dilcaModel.ts');
    const s = await datasetSession('soybean.csv', { classColumn: 'class' });
    const t = s.table;
    const D = t.attributes.length;
    const model = dilcaModel(t, computeCounts(t));
    const groups = attributeGroups(t);
    expect(groups.members.flat()).toEqual(Array.from({ length: D }, (_, a) => a));
    expect(groups.members.length).toBeLessThan(D);
    const tuples = distinctTuples(
      t,
      Int32Array.from({ length: t.nRows }, (_, i) => i),
    );
    const cells = groupCells(t, groups, tuples.values, tuples.size);
    const lookup = createLookup(t);
    const table = new Float64Array(groups.cells);
    const G = groups.members.length;
    for (const i of [0, 7, 100]) {
      fillLookup(lookup, attributeLayout(t), model, tuples.values, i * D);
      fillGroupTables(groups, lookup.squared, table);
      for (const j of [1, 50, 300]) {
        let grouped = 0;
        for (let g = 0; g < G; g++) grouped += table[cells[j * G + g]!]!;
        let direct = 0;
        for (let a = 0; a < D; a++) direct += lookup.plain[tuples.values[j * D + a]!]! ** 2;
        expect(grouped).toBeCloseTo(direct, 12);
      }
    }
  });
});
