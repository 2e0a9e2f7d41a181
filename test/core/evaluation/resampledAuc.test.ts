/**
 * A detector's AUC over resamples of the objects (resampledAuc.ts), and the outlier evaluation's
 * intervals and verdict noise on zoo.
 */
import { describe, expect, it } from 'vitest';
import { resampledAuc, scoreRuns } from '../../../src/core/evaluation/resampledAuc.ts';
import { auc } from '../../../src/core/evaluation/partitions.ts';
import { stratifiedResampleWeights } from '../../../src/core/evaluation/bootstrap.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { datasetSession, resultOf } from '../../sessions.ts';

describe('AUC over a resample', () => {
  it('with every object once it is the Mann–Whitney AUC, ties ½ (property table over random scores)', () => {
    const random = createRandom(5);
    for (let t = 0; t < 30; t++) {
      const n = 5 + random.int(40);
      // Few distinct scores, so ties are common.
      const scores = Float64Array.from({ length: n }, () => random.int(6));
      const positive = Array.from(
        { length: n },
        (_, i) => i === 0 || (i !== 1 && random.next() < 0.3),
      );
      expect(resampledAuc(scoreRuns(scores), positive, new Int32Array(n).fill(1))).toBeCloseTo(
        auc(scores, positive),
        12,
      );
    }
  });

  it('counts each object as often as it was drawn (by hand)', () => {
    // Scores 1 (normal), 2 (outlier), 2 (normal), 3 (outlier); weights 2, 1, 1, 0.
    // The outlier at 2 (drawn once) beats the 2 draws of the normal at 1 and ties the one at 2:
    // (2 + ½) / (1 outlier draw · 3 normal draws) = 2.5 / 3.
    const runs = scoreRuns([1, 2, 2, 3]);
    expect(resampledAuc(runs, [false, true, false, true], Int32Array.of(2, 1, 1, 0))).toBeCloseTo(
      2.5 / 3,
      12,
    );
    expect(resampledAuc(runs, [false, true, false, true], Int32Array.of(0, 1, 0, 1))).toBeNaN();
  });

  it('stratified resamples keep the size of each stratum', () => {
    const strata = Int32Array.from({ length: 40 }, (_, i) => (i < 3 ? 1 : 0));
    for (const w of stratifiedResampleWeights(strata, 50, 2)) {
      expect(w.slice(0, 3).reduce((a, b) => a + b, 0)).toBe(3);
      expect(w.slice(3).reduce((a, b) => a + b, 0)).toBe(37);
    }
  });
});

describe('the outlier evaluation’s noise on zoo', () => {
  it('a 95 % interval around each AUC, the verdict’s paired noise, and resamples: 0 turns it off', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const methods = ['cosh', 'cbrw', 'zero'].map((method) => ({ method }));
    const call = (resamples: number) => ({
      method: 'evaluate-outliers',
      options: { outlierClass: 'amphibian', resamples },
      inputs: { methods },
    });
    const table = resultOf(runToEnd(s.runSteps(call(200))), 'table');
    const noise = table.verdict?.noise;
    expect(noise?.rows).toHaveLength(3);
    expect(table.columns.map((c) => c.key)).toEqual(['title', 'fits', 'auc', 'aucLow', 'aucHigh']);
    for (const row of table.rows) {
      const value = row.auc as number;
      expect(row.aucLow as number).toBeLessThanOrEqual(value);
      expect(row.aucHigh as number).toBeGreaterThanOrEqual(value);
      // 4 amphibians among 101: an AUC is uncertain by more than a few hundredths.
      expect((row.aucHigh as number) - (row.aucLow as number)).toBeGreaterThan(0.02);
    }
    const best = table.rows.reduce((a, b) => ((b.auc as number) > (a.auc as number) ? b : a));
    expect(noise?.leader).toBe(best.title);
    const quiet = resultOf(runToEnd(s.runSteps(call(0))), 'table');
    expect(quiet.verdict?.noise).toBeUndefined();
    expect(quiet.rows.map((r) => r.auc)).toEqual(table.rows.map((r) => r.auc));
  });
});
