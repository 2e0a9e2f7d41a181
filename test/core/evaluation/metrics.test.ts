/**
 * Partition scores (F-score, NMI, accuracy), the Hungarian maximum assignment, AUC and mean ± sd,
 * against hand-worked values and brute force.
 */
import { describe, expect, it } from 'vitest';
import {
  accuracy,
  auc,
  contingency,
  createRandom,
  fscore,
  maximumAssignment,
  meanSd,
  nmi,
  scorePartition,
} from '../../../src/core/index.ts';
import { Defect } from '../../../src/core/base/errors.ts';

function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) =>
    permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]),
  );
}

/** Best total weight over every one-to-one matching of min(rows, cols) pairs. */
function bruteForceBest(w: Float64Array, rows: number, cols: number): number {
  let best = -Infinity;
  if (rows <= cols) {
    // Assign each row a distinct column: every ordered choice of `rows` columns.
    for (const p of permutations(Array.from({ length: cols }, (_, j) => j))) {
      let s = 0;
      for (let i = 0; i < rows; i++) s += w[i * cols + p[i]!]!;
      best = Math.max(best, s);
    }
  } else {
    for (const p of permutations(Array.from({ length: rows }, (_, i) => i))) {
      let s = 0;
      for (let j = 0; j < cols; j++) s += w[p[j]! * cols + j]!;
      best = Math.max(best, s);
    }
  }
  return best;
}

/** NMI with the arithmetic normalisation from own counting (natural logs). */
function ownNmi(cls: number[], clu: number[]): number {
  const n = cls.length;
  const count = (xs: string[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const h = (m: Map<string, number>): number =>
    [...m.values()].reduce((s, c) => s - (c / n) * Math.log(c / n), 0);
  const hc = h(count(cls.map(String)));
  const hk = h(count(clu.map(String)));
  const joint = h(count(cls.map((c, i) => `${c}/${clu[i]}`)));
  return (2 * (hc + hk - joint)) / (hc + hk);
}

describe('scorePartition', () => {
  const classes = [0, 0, 0, 1, 1, 2, 2, 2, 2];

  it('a perfect clustering scores 1 on F-score, NMI and accuracy, under any relabelling', () => {
    for (const perm of permutations([0, 1, 2])) {
      const clusters = classes.map((c) => perm[c]!);
      const s = scorePartition(classes, clusters);
      expect(s.fscore).toBeCloseTo(1, 15);
      expect(s.nmi).toBeCloseTo(1, 15);
      expect(s.accuracy).toBe(1);
    }
  });

  it('relabelling the clusters of an imperfect clustering leaves all three scores unchanged', () => {
    const clusters = [0, 0, 1, 1, 1, 2, 2, 0, 3];
    const base = scorePartition(classes, clusters);
    expect(base.accuracy).toBeLessThan(1);
    for (const perm of permutations([0, 1, 2, 3])) {
      const s = scorePartition(
        classes,
        clusters.map((c) => perm[c]!),
      );
      expect(s.fscore).toBeCloseTo(base.fscore, 14);
      expect(s.nmi).toBeCloseTo(base.nmi, 14);
      expect(s.accuracy).toBe(base.accuracy);
    }
    expect(base.nmi).toBeCloseTo(ownNmi(classes, clusters), 12);
  });

  it('one cluster for all objects, classes of sizes 2 and 2: F = (2/3 + 0)/2 = 1/3, accuracy 1/2, NMI 0', () => {
    // Matched class: P = 2/4, R = 2/2, F = 2·½·1/(½+1) = 2/3; the other class is unmatched (0).
    const s = scorePartition([0, 0, 1, 1], [0, 0, 0, 0]);
    expect(s.fscore).toBeCloseTo(1 / 3, 15);
    expect(s.accuracy).toBe(1 / 2);
    expect(s.nmi).toBe(0);
  });

  it('one cluster, classes of sizes 3, 1 and 2: F = (2·½·1/(3/2))/3 = 2/9, accuracy 1/2', () => {
    // Best match is the class of 3: P = 3/6, R = 1, F = 2/3; mean over three classes = 2/9.
    const s = scorePartition([0, 0, 0, 1, 2, 2], [5, 5, 5, 5, 5, 5]);
    expect(s.fscore).toBeCloseTo(2 / 9, 15);
    expect(s.accuracy).toBe(3 / 6);
    expect(s.nmi).toBe(0);
  });

  it('a hand-worked imperfect case: classes [0,0,1,1], clusters [0,0,0,1]', () => {
    // F(class 0, cluster 0) = 2·(2/3)·1/(2/3+1) = 4/5; F(class 1, cluster 1) = 2·1·½/(1+½) = 2/3;
    // the matching pairs them: F = (4/5 + 2/3)/2 = 11/15. Accuracy = (2 + 1)/4.
    const t = contingency([0, 0, 1, 1], [0, 0, 0, 1]);
    expect(Array.from(t.counts)).toEqual([2, 0, 1, 1]);
    expect(fscore(t)).toBeCloseTo(11 / 15, 15);
    expect(accuracy(t)).toBe(3 / 4);
    expect(nmi(t)).toBeCloseTo(ownNmi([0, 0, 1, 1], [0, 0, 0, 1]), 14);
  });

  it('both partitions a single block: NMI is 1', () => {
    expect(scorePartition([0, 0, 0], [1, 1, 1]).nmi).toBe(1);
  });

  it('rejects mismatched lengths, empty input and negative or fractional labels', () => {
    expect(() => scorePartition([0, 1], [0])).toThrow(Defect);
    expect(() => scorePartition([], [])).toThrow(Defect);
    expect(() => scorePartition([0, -1], [0, 0])).toThrow(Defect);
    expect(() => scorePartition([0, 1], [0, 0.5])).toThrow(Defect);
  });
});

describe('maximumAssignment', () => {
  it.each([
    [5, 5],
    [4, 6],
    [6, 4],
    [3, 3],
    [1, 4],
    [4, 1],
  ])('%i × %i random matrices: the total weight equals brute force', (rows, cols) => {
    const rng = createRandom(rows * 10 + cols);
    for (let trial = 0; trial < 20; trial++) {
      // Integer weights make ties likely; the total must still be optimal.
      const w = Float64Array.from({ length: rows * cols }, () =>
        trial % 2 === 0 ? rng.next() : rng.int(4),
      );
      const match = maximumAssignment(w, rows, cols);
      expect(match).toHaveLength(rows);
      const used = [...match].filter((j) => j >= 0);
      expect(used).toHaveLength(Math.min(rows, cols));
      expect(new Set(used).size).toBe(used.length);
      for (const j of used) expect(j).toBeLessThan(cols);
      let total = 0;
      match.forEach((j, i) => {
        if (j >= 0) total += w[i * cols + j]!;
      });
      expect(total).toBeCloseTo(bruteForceBest(w, rows, cols), 12);
    }
  });

  it('a hand case where greedy fails: [[10, 9], [9, 1]] → the anti-diagonal (18 > 11)', () => {
    expect(Array.from(maximumAssignment(Float64Array.from([10, 9, 9, 1]), 2, 2))).toEqual([1, 0]);
  });

  it('rejects a weight array of the wrong size', () => {
    expect(() => maximumAssignment(new Float64Array(5), 2, 3)).toThrow(Defect);
  });
});

describe('auc', () => {
  it('perfect ranking → 1, reversed → 0', () => {
    expect(auc([1, 2, 3, 4], [false, false, true, true])).toBe(1);
    expect(auc([4, 3, 2, 1], [false, false, true, true])).toBe(0);
  });

  it('ties count ½', () => {
    // Positive 1 against negatives 1 (tie, ½) and 2 (loss): ½ / 2.
    expect(auc([1, 1, 2], [true, false, false])).toBe(0.25);
    // Positives 3, 2 against negatives 3, 1: ½ + 1 + 0 + 1 = 2.5 of 4 pairs.
    expect(auc([3, 3, 1, 2], [true, false, false, true])).toBe(0.625);
    // All scores equal → ½.
    expect(auc([7, 7, 7, 7, 7], [true, false, true, false, false])).toBe(0.5);
  });

  it('a random case equals pair counting', () => {
    const rng = createRandom(8);
    const scores = Array.from({ length: 60 }, () => rng.int(10));
    const positive = scores.map(() => rng.next() < 0.3);
    let wins = 0;
    let pairs = 0;
    scores.forEach((s, i) => {
      if (!positive[i]) return;
      scores.forEach((t, j) => {
        if (positive[j]) return;
        pairs++;
        wins += s > t ? 1 : s === t ? 0.5 : 0;
      });
    });
    expect(auc(scores, positive)).toBeCloseTo(wins / pairs, 14);
  });

  it('needs both classes, equal lengths and no NaN', () => {
    expect(() => auc([1, 2, 3], [false, false, false])).toThrow(RangeError);
    expect(() => auc([1, 2, 3], [true, true, true])).toThrow(RangeError);
    expect(() => auc([1, 2], [true])).toThrow(Defect);
    expect(() => auc([1, Number.NaN, 3], [true, false, false])).toThrow(Defect);
  });
});

describe('meanSd', () => {
  it('mean and sample standard deviation', () => {
    // Σ(x − 5)² = 9+1+1+1+0+0+4+16 = 32, sd = √(32/7).
    const r = meanSd([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(r.mean).toBe(5);
    expect(r.sd).toBeCloseTo(Math.sqrt(32 / 7), 15);
    expect(meanSd([3])).toEqual({ mean: 3, sd: 0 });
    const empty = meanSd([]);
    expect(Number.isNaN(empty.mean) && Number.isNaN(empty.sd)).toBe(true);
  });
  it('equal values: their value and sd exactly 0, not a round-off', () => {
    // 0.388 three times sums to 1.164 and divides back to 0.38800000000000007.
    const r = meanSd([0.388, 0.388, 0.388]);
    expect(r).toEqual({ mean: 0.388, sd: 0 });
    expect(meanSd([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]).sd).toBe(0);
  });
});
