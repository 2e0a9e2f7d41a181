/** RD, DBI, DI and SD of Wang et al. 2015 (coupled attribute similarity) Sec. VIII-A (evaluate/internalIndices.ts), on hand-computed cases. */
import { describe, expect, it } from 'vitest';
import {
  INTERNAL_INDICES_MAX_OBJECTS,
  internalIndices,
  internalIndicesSteps,
} from '../../../src/core/evaluation/internalIndices.ts';
import type { Dissimilarity } from '../../../src/core/base/checkedValue.ts';
import type { Progress } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';

/** Points on a line, d = |x − y|. */
const line =
  (x: number[]): Dissimilarity =>
  (i, j) =>
    Math.abs(x[i]! - x[j]!);

describe('internal indices', () => {
  it('4 points on a line, {0, 1} and {10, 11}: hand-computed values', () => {
    // Intra pairs: (0,1) = 1, (10,11) = 1 → mean 1, SD = 2.
    // Inter pairs: 10, 11, 9, 10 → mean 40/4 = 10 → RD = 10 / 1 = 10.
    // Medoids: both members of each cluster have row sum 1 → the lower index: objects 0 and 2.
    // S_0 = (0 + 1)/2 = 0.5, S_1 = 0.5, M_01 = d(0, 2) = 10 → DBI = (1/10 + 1/10)/2 = 0.1.
    // DI = min inter 9 / max diameter 1 = 9.
    const r = internalIndices(line([0, 1, 10, 11]), 4, Int32Array.from([0, 0, 1, 1]));
    expect(r.rd).toBe(10);
    expect(r.dbi).toBe(0.1);
    expect(r.di).toBe(9);
    expect(r.sd).toBe(2);
    expect(Array.from(r.medoids)).toEqual([0, 2]);
    expect(Array.from(r.scatter)).toEqual([0.5, 0.5]);
    expect([r.k, r.intraPairs, r.interPairs, r.minInter, r.maxDiameter]).toEqual([2, 2, 4, 9, 1]);
  });

  it('three clusters of unequal spread: DBI takes the worst partner of each cluster', () => {
    // x = 0, 1 | 5, 6 | 20, 22.
    // Intra: 1, 1, 2 → SD = 4, mean 4/3. Inter: c0–c1 5+6+4+5 = 20, c0–c2 20+22+19+21 = 82,
    // c1–c2 15+17+14+16 = 62 → 164 over 12 pairs = 41/3 → RD = (41/3)/(4/3) = 10.25.
    // Medoids (ties → lower index) 0, 2, 4; S = 0.5, 0.5, 1; M_01 = 5, M_02 = 20, M_12 = 15.
    // c0: max(1/5, 1.5/20) = 0.2; c1: max(1/5, 1.5/15) = 0.2; c2: max(0.075, 0.1) = 0.1.
    // DBI = 0.5/3 = 1/6. DI = min inter d(1, 2) = 4 / max diameter 2 = 2.
    const r = internalIndices(line([0, 1, 5, 6, 20, 22]), 6, Int32Array.from([0, 0, 1, 1, 2, 2]));
    expect(r.rd).toBe(10.25);
    expect(r.dbi).toBeCloseTo(1 / 6, 15);
    expect(r.di).toBe(2);
    expect(r.sd).toBe(4);
    expect(Array.from(r.medoids)).toEqual([0, 2, 4]);
  });

  it('a medoid is the member with the smallest sum of dissimilarities, not the first', () => {
    // x = 0, 1, 3 | 10, 11. Cluster 0 row sums: 0 → 1+3 = 4, 1 → 1+2 = 3, 3 → 3+2 = 5: medoid 1.
    // S_0 = 3/3 = 1, S_1 = 1/2 = 0.5, M = |1 − 10| = 9 → DBI = (1.5/9 + 1.5/9)/2 = 1/6.
    // Intra 1 + 3 + 2 + 1 = 7 (4 pairs); inter 10+11+9+10+7+8 = 55 (6 pairs).
    // RD = (55/6)/(7/4) = 110/21; DI = 7 / diameter 3.
    const r = internalIndices(line([0, 1, 3, 10, 11]), 5, Int32Array.from([0, 0, 0, 1, 1]));
    expect(Array.from(r.medoids)).toEqual([1, 3]);
    expect(Array.from(r.scatter)).toEqual([1, 0.5]);
    expect(r.dbi).toBeCloseTo(1 / 6, 15);
    expect(r.rd).toBeCloseTo(110 / 21, 13);
    expect(r.di).toBeCloseTo(7 / 3, 15);
    expect(r.sd).toBe(7);
  });

  it('scores the true partition better than a scrambled one', () => {
    const rng = createRandom(7);
    const x: number[] = [];
    const truth: number[] = [];
    for (let i = 0; i < 60; i++) {
      truth.push(i % 3);
      x.push(50 * (i % 3) + rng.next() * 10);
    }
    const scrambled = Int32Array.from(truth);
    for (let i = scrambled.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [scrambled[i], scrambled[j]] = [scrambled[j]!, scrambled[i]!];
    }
    const good = internalIndices(line(x), 60, Int32Array.from(truth));
    const bad = internalIndices(line(x), 60, scrambled);
    expect(good.rd).toBeGreaterThan(bad.rd);
    expect(good.di).toBeGreaterThan(bad.di);
    expect(good.dbi).toBeLessThan(bad.dbi);
    expect(good.sd).toBeLessThan(bad.sd);
    // Groups 50 apart, 10 wide: Dunn > 1 for the truth (min gap ≥ 40, diameters ≤ 10).
    expect(good.di).toBeGreaterThan(4);
  });

  it('degenerate partitions give the documented values', () => {
    const d = line([0, 1, 10, 11]);
    const one = internalIndices(d, 4, new Int32Array(4));
    // One cluster: no inter pairs, no other cluster.
    expect([one.rd, one.dbi, one.di]).toEqual([NaN, NaN, NaN]);
    expect(one.sd).toBe(1 + 10 + 11 + 9 + 10 + 1);
    const singletons = internalIndices(d, 4, Int32Array.from([0, 1, 2, 3]));
    // No intra pairs: RD undefined; diameters 0 → DI = 1 / 0 = +∞; scatters 0 → DBI 0; SD 0.
    expect(singletons.rd).toBeNaN();
    expect(singletons.di).toBe(Infinity);
    expect(singletons.dbi).toBe(0);
    expect(singletons.sd).toBe(0);
    // Two clusters at the same place: medoids coincide → DBI +∞; mean intra 0, mean inter 0.
    const same = internalIndices(line([5, 5, 5, 5]), 4, Int32Array.from([0, 0, 1, 1]));
    expect(same.dbi).toBe(Infinity);
    expect(same.rd).toBeNaN();
    expect(same.di).toBeNaN();
    // Zero intra but positive inter: RD = +∞.
    const tight = internalIndices(line([0, 0, 3, 3]), 4, Int32Array.from([0, 0, 1, 1]));
    expect(tight.rd).toBe(Infinity);
    expect(tight.di).toBe(Infinity);
    expect(tight.dbi).toBe(0);
    // A gap in the cluster ids is ignored: k counts non-empty clusters.
    const gap = internalIndices(d, 4, Int32Array.from([0, 0, 2, 2]));
    expect(gap.k).toBe(2);
    expect(gap.rd).toBe(10);
    expect(gap.medoids[1]).toBe(-1);
    // No objects at all.
    const empty = internalIndices(d, 0, new Int32Array(0));
    expect([empty.k, empty.sd]).toEqual([0, 0]);
  });

  it('refuses bad input with messages', () => {
    const d = line([0, 1, 10, 11]);
    expect(() => internalIndices(d, 4, new Int32Array(3))).toThrow(
      /3 cluster labels for 4 objects/,
    );
    expect(() => internalIndices(d, 4, Int32Array.from([0, -1, 0, 0]))).toThrow(/negative/);
    expect(() => internalIndices(() => -1, 2, new Int32Array(2))).toThrow(
      /distance -1 between objects 1 and 2: it must be finite and ≥ 0/,
    );
    expect(() => internalIndices(() => NaN, 2, new Int32Array(2))).toThrow(/NaN/);
    let calls = 0;
    const n = INTERNAL_INDICES_MAX_OBJECTS + 1;
    expect(() =>
      internalIndices(
        () => {
          calls++;
          return 0;
        },
        n,
        new Int32Array(n),
      ),
    ).toThrow(new RegExp(`n = ${n} exceeds the limit of ${INTERNAL_INDICES_MAX_OBJECTS}`));
    expect(calls).toBe(0);
  });

  it('reports increasing progress on a larger input', () => {
    const n = 2000;
    const labels = Int32Array.from({ length: n }, (_, i) => i % 4);
    const steps = internalIndicesSteps((i, j) => Math.abs(i - j), n, labels);
    const seen: Progress[] = [];
    let step = steps.next();
    while (!step.done) {
      seen.push(step.value);
      step = steps.next();
    }
    expect(seen.length).toBeGreaterThan(1);
    for (let s = 1; s < seen.length; s++)
      expect(seen[s]!.fraction).toBeGreaterThan(seen[s - 1]!.fraction);
    expect(seen.at(-1)!.fraction).toBeLessThanOrEqual(1);
    // Σ over all pairs of |i − j| = n(n²−1)/6; the 4 classes split it into intra + inter.
    expect(step.value.sd + step.value.meanInter * step.value.interPairs).toBeCloseTo(
      (n * (n * n - 1)) / 6,
      3,
    );
  });
});
