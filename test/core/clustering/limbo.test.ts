/** LIMBO value clustering (cluster/limbo.ts): hand-computed contexts, losses and merges. */
import { describe, expect, it } from 'vitest';
import {
  contextInformation,
  limboValueClustering,
  mergeLoss,
  valueContexts,
} from '../../../src/core/clustering/limbo.ts';
import { computeCounts, type CategoricalTable } from '../../../src/core/index.ts';

const log2 = Math.log2;

/** A table from rows of local codes; attribute j has sizes[j] values named `${j}${k}`. */
function table(rows: number[][], sizes: number[]): CategoricalTable {
  let offset = 0;
  const attributes = sizes.map((m, j) => {
    const a = {
      name: `A${j}`,
      labels: Array.from({ length: m }, (_, k) => `${j}${k}`),
      codes: Int32Array.from(rows, (r) => r[j]!),
      offset,
    };
    offset += m;
    return a;
  });
  const valueAttribute = new Int32Array(offset);
  attributes.forEach((a, j) => valueAttribute.fill(j, a.offset, a.offset + a.labels.length));
  return {
    nRows: rows.length,
    attributes,
    nValues: offset,
    valueAttribute,
    classColumn: null,
    sourceRows: Int32Array.from(rows, (_, r) => r),
    sourceLines: Int32Array.from(rows, (_, r) => r + 2),
  };
}

// Attribute A (a0..a3) is clustered; B (b0, b1) and C (c0, c1) are its context. n = 8, D = 3.
//   row:  0  1  2  3  4  5  6  7
//   A:   a0 a1 a1 a2 a2 a3 a3 a3
//   B:   b0 b0 b0 b0 b1 b1 b1 b1
//   C:   c0 c0 c0 c1 c1 c1 c0 c1
// Counts N(a, ·) over (b0, b1, c0, c1) and p(·|a) = N/(2·N(a)), p(a) = N(a)/8:
//   a0: (1, 0, 1, 0)  N = 1   p(·|a0) = (1/2, 0, 1/2, 0)
//   a1: (2, 0, 2, 0)  N = 2   p(·|a1) = (1/2, 0, 1/2, 0)     — the same context as a0
//   a2: (1, 1, 0, 2)  N = 2   p(·|a2) = (1/4, 1/4, 0, 1/2)
//   a3: (0, 3, 1, 2)  N = 3   p(·|a3) = (0, 1/2, 1/6, 1/3)
// δI(i, j) = (1/16)·Σ_v [N_i(v) log2(N_i(v)(N_i + N_j)/(N_i(N_i(v) + N_j(v)))) + (i ↔ j)]:
//   (0,1): every ratio is 1                                   → 0
//   (0,2): log2 1.5 + log2 .75 | log2 1.5 | log2 3 | 2 log2 1.5 → log2(11.390625)/16 ≈ 0.21936
//   (0,3): 2 | 3 log2(4/3) | 1 + log2(2/3) | 2 log2(4/3)       → ≈ 0.28064
//   (1,2): 2 log2(4/3) + log2(2/3) | 1 | 2 | 2                  → ≈ 0.32782
//   (1,3): 2 log2 2.5 | 3 log2(5/3) | 2 log2(5/3) + log2(5/9) | 2 log2(5/3) → ≈ 0.43466
//   (2,3): log2 2.5 | log2 .625 + 3 log2 1.25 | log2(5/3) | 2 log2 1.25 + 2 log2(5/6) → ≈ 0.15403
// AIB: merge (0,1) at 0; then {a0,a1} = (3, 0, 3, 0), N = 3:
//   ({01},2) = [3 log2 1.25 + log2 .625 | log2 2.5 | 3 log2(5/3) | 2 log2 2.5]/16 ≈ 0.40403
//   ({01},3) = [3 | 3 | 3 log2 1.5 − 1 | 2]/16 ≈ 0.54718
// so (2,3) at 0.15403; then {a2,a3} = (1, 4, 1, 4), N = 5:
//   ({01},{23}) = [3 + log2 .4 | 4 log2 1.6 | 3 + log2 .4 | 4 log2 1.6]/16 ≈ 0.54880.
// The three losses add to I(A; T) = (I(A;B) + I(A;C))/2 = (0.75 + 0.655639)/2 ≈ 0.70282.
const ROWS = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 0, 0],
  [2, 0, 1],
  [2, 1, 1],
  [3, 1, 1],
  [3, 1, 0],
  [3, 1, 1],
];
const counts = computeCounts(table(ROWS, [4, 2, 2]));
const LOSS = {
  '0,1': 0,
  '0,2': log2(11.390625) / 16,
  '0,3': (3 + 5 * log2(4 / 3) + log2(2 / 3)) / 16,
  '1,2': (5 + 2 * log2(4 / 3) + log2(2 / 3)) / 16,
  '1,3': (2 * log2(2.5) + 7 * log2(5 / 3) + log2(5 / 9)) / 16,
  '2,3': (log2(2.5) + log2(0.625) + 5 * log2(1.25) + log2(5 / 3) + 2 * log2(5 / 6)) / 16,
};
const LAST = (6 + 2 * log2(0.4) + 8 * log2(1.6)) / 16;

/** δI from probabilities: (p_i + p_j)·[π_i KL(P_i ‖ P̄) + π_j KL(P_j ‖ P̄)], another route. */
function naiveLoss(pi: number, Pi: number[], pj: number, Pj: number[]): number {
  const w = pi + pj;
  const bar = Pi.map((x, v) => (pi / w) * x + (pj / w) * Pj[v]!);
  const kl = (P: number[]): number =>
    P.reduce((s, x, v) => (x > 0 ? s + x * log2(x / bar[v]!) : s), 0);
  return w * ((pi / w) * kl(Pi) + (pj / w) * kl(Pj));
}

describe('LIMBO value contexts and information loss', () => {
  it('describes each value by its counts with the other attributes', () => {
    const ctx = valueContexts(counts, 0);
    expect(ctx.width).toBe(4);
    expect(ctx.total).toBe(16);
    expect([...ctx.size]).toEqual([1, 2, 2, 3]);
    expect([...ctx.profile]).toEqual([1, 0, 1, 0, 2, 0, 2, 0, 1, 1, 0, 2, 0, 3, 1, 2]);
  });

  it('gives the hand-computed losses, 0 exactly for identical contexts', () => {
    const ctx = valueContexts(counts, 0);
    expect(mergeLoss(ctx, 0, 1)).toBe(0);
    for (const [pair, loss] of Object.entries(LOSS)) {
      const [i, j] = pair.split(',').map(Number) as [number, number];
      expect(mergeLoss(ctx, i, j)).toBeCloseTo(loss, 12);
      const P = (x: number): number[] =>
        Array.from({ length: 4 }, (_, v) => ctx.profile[x * 4 + v]! / (2 * ctx.size[x]!));
      expect(mergeLoss(ctx, i, j)).toBeCloseTo(
        naiveLoss(ctx.size[i]! / 8, P(i), ctx.size[j]! / 8, P(j)),
        12,
      );
    }
    expect(LOSS['2,3']).toBeCloseTo(0.154025, 6);
  });

  it('I(A; T) is the mean mutual information with the other attributes', () => {
    const D = counts.nAttributes;
    const mi = counts.mutualInformation;
    expect(contextInformation(valueContexts(counts, 0))).toBeCloseTo((mi[1]! + mi[2]!) / 2, 12);
    expect(contextInformation(valueContexts(counts, 0))).toBeCloseTo(0.70282, 5);
    expect(contextInformation(valueContexts(counts, 1))).toBeCloseTo(
      (mi[1 * D + 0]! + mi[1 * D + 2]!) / 2,
      12,
    );
  });
});

describe('LIMBO agglomeration (AIB, φ = 0)', () => {
  it('merges in the hand-computed order; k = 1 loses all of I(A; T)', () => {
    const r = limboValueClustering(counts, 0, 1);
    expect(r.merges.map(({ a, b }) => [a, b])).toEqual([
      [0, 1],
      [2, 3],
      [0, 2],
    ]);
    expect(r.merges[0]!.cost).toBe(0);
    expect(r.merges[1]!.cost).toBeCloseTo(LOSS['2,3'], 12);
    expect(r.merges[2]!.cost).toBeCloseTo(LAST, 12);
    expect([...r.labels]).toEqual([0, 0, 0, 0]);
    expect(r.informationLoss).toBeCloseTo(r.information, 12);
    expect(r.entries).toBe(4);
  });

  it('stops at k: labels numbered by first value', () => {
    expect([...limboValueClustering(counts, 0, 3).labels]).toEqual([0, 0, 1, 2]);
    const two = limboValueClustering(counts, 0, 2);
    expect([...two.labels]).toEqual([0, 0, 1, 1]);
    expect(two.informationLoss).toBeCloseTo(LOSS['2,3'], 12);
    const all = limboValueClustering(counts, 0, 4);
    expect([...all.labels]).toEqual([0, 1, 2, 3]);
    expect(all.merges).toEqual([]);
    expect(all.informationLoss).toBe(0);
  });

  it('merges a value absent from the counted rows at loss 0', () => {
    const sub = computeCounts(table(ROWS, [4, 2, 2]), { rows: Int32Array.from([3, 4, 5, 6, 7]) });
    const r = limboValueClustering(sub, 0, 2);
    expect(r.merges[0]).toEqual({ a: 0, b: 1, cost: 0 }); // a0 and a1 both absent
    expect(r.merges[1]!.a).toBe(0);
    expect(r.merges[1]!.cost).toBe(0);
    expect([...r.labels]).toEqual([0, 0, 0, 1]);
  });

  it('matches a naive agglomeration on a random table', () => {
    let seed = 7;
    const rand = (m: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 8) % m;
    const sizes = [9, 3, 4];
    const rows = Array.from({ length: 60 }, () => sizes.map(rand));
    const c = computeCounts(table(rows, sizes));
    const ctx = valueContexts(c, 0);
    const W = ctx.width;
    // Naive AIB: clusters as value lists, each step every pair's loss from summed probabilities.
    let clusters = Array.from({ length: 9 }, (_, v) => [v]);
    const expected: [number, number][] = [];
    while (clusters.length > 2) {
      let best = { loss: Infinity, x: -1, y: -1 };
      const pOf = (cl: number[]): number => cl.reduce((s, v) => s + ctx.size[v]!, 0) / 60;
      const P = (cl: number[]): number[] =>
        Array.from(
          { length: W },
          (_, t) => cl.reduce((s, v) => s + ctx.profile[v * W + t]!, 0) / (2 * 60 * pOf(cl)),
        );
      for (let x = 0; x < clusters.length; x++)
        for (let y = x + 1; y < clusters.length; y++) {
          const l = naiveLoss(
            pOf(clusters[x]!),
            P(clusters[x]!),
            pOf(clusters[y]!),
            P(clusters[y]!),
          );
          if (l < best.loss - 1e-12) best = { loss: l, x, y };
        }
      expected.push([clusters[best.x]![0]!, clusters[best.y]![0]!]);
      clusters[best.x] = [...clusters[best.x]!, ...clusters[best.y]!].sort((p, q) => p - q);
      clusters = clusters.filter((_, i) => i !== best.y);
    }
    const r = limboValueClustering(c, 0, 2);
    expect(r.merges.map(({ a, b }) => [a, b])).toEqual(expected);
  });
});

describe('LIMBO φ pre-merge (single-leaf DCF summary)', () => {
  const I = (LOSS['0,1'] + LOSS['2,3'] + LAST) as number; // I(A; T), threshold φ·I/4
  it('pre-merges entries within φ·I(A; T)/m, then runs AIB', () => {
    // φ = 1: threshold ≈ 0.1757. a1 joins a0 (0); a2 opens (0.404 > t); a3 joins a2 (0.154 ≤ t).
    const r = limboValueClustering(counts, 0, 2, { phi: 1 });
    expect(r.entries).toBe(2);
    expect(r.merges.map(({ a, b }) => [a, b])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect([...r.labels]).toEqual([0, 0, 1, 1]);
    // φ = 0.5: threshold ≈ 0.0879 keeps a3 apart; AIB then merges (2, 3).
    const half = limboValueClustering(counts, 0, 2, { phi: 0.5 });
    expect(half.entries).toBe(3);
    expect([...half.labels]).toEqual([0, 0, 1, 1]);
    expect(I / 4).toBeCloseTo(0.1757, 4);
  });

  it('never leaves fewer than k entries, and a coarse φ can change the clustering', () => {
    // φ = 100: a1 and a2 join a0's entry; a3 would leave 1 < k = 2 entries, so it stays apart.
    const r = limboValueClustering(counts, 0, 2, { phi: 100 });
    expect([...r.labels]).toEqual([0, 0, 0, 1]);
    expect(r.merges[1]!.cost).toBeCloseTo(0.404025, 6);
    expect(limboValueClustering(counts, 0, 3, { phi: 1 }).labels).toEqual(
      Int32Array.from([0, 0, 1, 2]),
    );
    const one = limboValueClustering(counts, 0, 1, { phi: 100 });
    expect(one.entries).toBe(1);
    expect(one.informationLoss).toBeCloseTo(one.information, 12);
  });
});

describe('LIMBO refusals', () => {
  it('refuses an invalid k with a message', () => {
    for (const k of [0, -1, 1.5, Number.NaN])
      expect(() => limboValueClustering(counts, 0, k)).toThrow(
        /k \(clusters\) must be a whole number ≥ 1/,
      );
    expect(() => limboValueClustering(counts, 0, 5)).toThrow(
      'k = 5 exceeds the 4 values to cluster',
    );
  });

  it('refuses a bad attribute, φ or a table without context', () => {
    expect(() => limboValueClustering(counts, 3, 2)).toThrow('attribute 3 is outside 0..2');
    expect(() => limboValueClustering(counts, 0, 2, { phi: -1 })).toThrow(/φ must be/);
    const lone = computeCounts(table([[0], [1]], [2]));
    expect(() => limboValueClustering(lone, 0, 1)).toThrow(/needs ≥ 2 attributes/);
  });
});
