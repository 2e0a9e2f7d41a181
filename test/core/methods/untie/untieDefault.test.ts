/**
 * What the plain `untie` id means (issue 45; results/untie-default.md):
 * - the shipped defaults are what the rule written before the runs (results/untieDefault.ts)
 *   decides on the committed runs — recomputed here from the runs, not read from the decision —
 *   and the sentence the app shows (UNTIE_LEARNING_VERDICT) is the one generated from them;
 * - the rule's arithmetic: Holm's adjustment and the normal tail on hand-computed cases;
 * - the mechanism the drifting learning had (issue 31): under `trace-ratio` the kernel spaces of
 *   (near) zero variance over the objects — the widest Gaussians, the intra polynomials once
 *   k(x, x) = 1 — end with more weight than the others; under the centred learning (the
 *   defaults) they do not. Deterministic, held to the fixed 0.02.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../../src/core/base/jobs.ts';
import {
  UNTIE_LEARNING_VERDICT,
  UNTIE_PAPER_LEARNING,
  UNTIE_PARAMETERS,
  untieSteps,
} from '../../../../src/core/methods/untie/untie.ts';
import { spaceVariances } from '../../../../src/core/methods/untie/mkkm.ts';
import { spaceWeights } from '../../../../src/core/methods/untie/vectorRepresentation.ts';
import {
  decide,
  holm,
  RULE,
  testsOf,
  twoSidedP,
  verdictSentence,
  type TableRuns,
} from '../../../../results/untieDefault.ts';
import { TABLE_4_DATA } from '../../../../results/pins/untieData.ts';
import { zooSession } from '../../../sessions.ts';

const read = (path: string): string =>
  readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

const saved = JSON.parse(read('results/untie-default.json')) as { tables: TableRuns[] };

const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  UNTIE_PARAMETERS.map((p) => [p.name, p.default]),
);

describe('what `untie` means (results/untie-default.md)', () => {
  const tests = testsOf(saved.tables);
  const decision = decide(tests);

  it('the runs cover every Table 4 data set the repository has, both measures, paired', () => {
    expect(saved.tables.map((t) => t.id)).toEqual(TABLE_4_DATA.map((d) => d.id));
    for (const t of saved.tables)
      for (const values of [...t.fscore, ...t.area]) expect(values).toHaveLength(t.runs);
    expect(tests).toHaveLength(2 * TABLE_4_DATA.length);
  });

  it('the defaults are the rule’s decision on the committed runs', () => {
    const learns = Object.entries(UNTIE_PAPER_LEARNING).every(([k, v]) => DEFAULTS[k] === v);
    expect(learns ? 'learned' : 'w1').toBe(decision.untie);
    if (!learns) expect(DEFAULTS.iterations).toBe(0);
  });

  it('the app says what the runs say, in the words the results file prints', () => {
    const sentence = verdictSentence(decision, tests);
    expect(UNTIE_LEARNING_VERDICT).toBe(sentence);
    const markdown = read('results/untie-default.md');
    expect(markdown).toContain(sentence);
    for (const line of RULE) expect(markdown).toContain(line);
  });

  it('Holm: the i-th smallest p is multiplied by m − i + 1, kept monotone, capped at 1', () => {
    const adjusted = holm([{ p: 0.01 }, { p: 0.04 }, { p: 0.03 }, { p: 0.5 }]);
    // Sorted 0.01, 0.03, 0.04, 0.5 → 0.04, 0.09, 0.09 (monotone: max(0.08, 0.09)), 0.5.
    expect(adjusted.map((t) => t.adjusted)).toEqual([
      0.04,
      expect.closeTo(0.09, 12),
      expect.closeTo(0.09, 12),
      0.5,
    ]);
    expect(adjusted.map((t) => t.significant)).toEqual([true, false, false, false]);
  });

  it('the normal tail: p(|Z| > 1.96) = 0.05, p(|Z| > 0) = 1', () => {
    expect(twoSidedP(1.959964)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(-2.575829)).toBeCloseTo(0.01, 6);
    expect(twoSidedP(0)).toBeCloseTo(1, 6);
  });
});

describe('UNTIE’s learning does not drift into near-constant kernels (issue 31)', () => {
  it('near-constant kernel spaces gain no weight over the others; under trace-ratio they do', async () => {
    const s = await zooSession();
    const ratio = (learning: string): number => {
      const { spaces, learning: learned } = runToEnd(
        untieSteps(s.table, s.counts(), { ...UNTIE_PAPER_LEARNING, learning: learning as never }),
      );
      const weights = spaceWeights(spaces.spaces, learned.weights);
      const variance = spaceVariances(spaces);
      const largest = Math.max(...variance);
      const near = { sum: 0, count: 0 };
      const rest = { sum: 0, count: 0 };
      weights.forEach((w, p) => {
        const group = (variance[p] as number) < 1e-4 * largest ? near : rest;
        group.sum += w;
        group.count += 1;
      });
      expect(near.count).toBeGreaterThan(0);
      return near.sum / near.count / (rest.sum / rest.count);
    };
    expect(ratio(UNTIE_PAPER_LEARNING.learning)).toBeLessThan(1 + 0.02);
    expect(ratio('trace-ratio')).toBeGreaterThan(1 + 0.02);
  });
});
