/** Spectral clustering (NJW embedding + seeded k-means, cluster/spectral.ts) on hand-made cases. */
import { describe, expect, it } from 'vitest';
import {
  SPECTRAL_MAX_OBJECTS,
  clusterSpectralEmbedding,
  spectralClustering,
  spectralEmbedding,
} from '../../../src/core/clustering/spectral.ts';
import { createRandom } from '../../../src/core/base/random.ts';

/** Same partition up to renaming: equal labels exactly on the same groups. */
const samePartition = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < a.length; j++) if ((a[i] === a[j]) !== (b[i] === b[j])) return false;
  return true;
};

describe('spectral clustering', () => {
  it('recovers disconnected blocks exactly for any seed; eigenvalue 1 once per block', () => {
    // 15 objects in 3 interleaved groups (i mod 3); s = 1 within a group, 0 across.
    const n = 15;
    const group = Int32Array.from({ length: n }, (_, i) => i % 3);
    const s = (i: number, j: number): number => (group[i] === group[j] ? 1 : 0);
    for (let seed = 0; seed < 20; seed++) {
      const r = spectralClustering(n, { similarity: s }, { k: 3, seed });
      expect(samePartition(r.labels, group), `seed ${seed}`).toBe(true);
      // Each block of 5 is (J − I)/4 after normalisation: eigenvalue 1 (constant) and −1/4.
      expect(Array.from(r.eigenvalues).map((v) => +v.toFixed(9))).toEqual([1, 1, 1]);
      expect(r.sigma).toBeNull();
      expect(r.inertia).toBeCloseTo(0, 12);
    }
  });

  it('recovers two weakly connected blocks; second eigenvalue by hand', () => {
    // Two groups of 3 (objects 0, 2, 4 and 1, 3, 5); s = 1 within, ε = 0.1 across.
    // Every degree is 2 + 3ε; on the block-sign vector W gives (2 − 3ε) times it, so the second
    // eigenvalue of D^{-1/2} W D^{-1/2} is (2 − 0.3)/(2 + 0.3) = 17/23 (the first is 1).
    const group = [0, 1, 0, 1, 0, 1];
    const s = (i: number, j: number): number => (group[i] === group[j] ? 1 : 0.1);
    for (let seed = 0; seed < 20; seed++) {
      const r = spectralClustering(6, { similarity: s }, { k: 2, seed });
      expect(samePartition(r.labels, group), `seed ${seed}`).toBe(true);
      expect(r.eigenvalues[0]).toBeCloseTo(1, 10);
      expect(r.eigenvalues[1]).toBeCloseTo(17 / 23, 10);
    }
  });

  it('from a dissimilarity: Gaussian kernel with σ = the median non-zero dissimilarity', () => {
    // Two groups of 3; d = 1 within (6 pairs), 5 across (9 pairs): sorted non-zero values are
    // six 1s then nine 5s, 15 in all → the median (8th) is 5.
    const group = [0, 0, 0, 1, 1, 1];
    const d = (i: number, j: number): number => (group[i] === group[j] ? 1 : 5);
    const r = spectralClustering(6, { dissimilarity: d }, { k: 2, seed: 3 });
    expect(r.sigma).toBe(5);
    expect(samePartition(r.labels, group)).toBe(true);
    // W within = exp(−1/50), across = exp(−25/50); degree a = 2e^{−0.02} + 3e^{−0.5}:
    // second eigenvalue (2e^{−0.02} − 3e^{−0.5}) / a.
    const w1 = Math.exp(-1 / 50);
    const w5 = Math.exp(-0.5);
    expect(r.eigenvalues[1]).toBeCloseTo((2 * w1 - 3 * w5) / (2 * w1 + 3 * w5), 10);
    // An explicit σ is used as given.
    expect(spectralClustering(6, { dissimilarity: d, sigma: 2 }, { k: 2 }).sigma).toBe(2);
  });

  it('is deterministic for a seed on noisy data', () => {
    const n = 120;
    const rng = createRandom(11);
    const x = Float64Array.from({ length: n }, (_, i) => (i % 4) * 3 + rng.next() * 2.5);
    const d = (i: number, j: number): number => Math.abs(x[i]! - x[j]!);
    const a = spectralClustering(n, { dissimilarity: d }, { k: 4, seed: 5 });
    const b = spectralClustering(n, { dissimilarity: d }, { k: 4, seed: 5 });
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(Array.from(a.rows)).toEqual(Array.from(b.rows));
    expect(a.labels).toBeInstanceOf(Int32Array);
    // The embedding can be reused for several k-means starts.
    const embedding = spectralEmbedding(n, { dissimilarity: d }, 4, { seed: 5 });
    expect(Array.from(clusterSpectralEmbedding(embedding, 4, { seed: 5 }).labels)).toEqual(
      Array.from(a.labels),
    );
    // Rows have unit length.
    for (let i = 0; i < n; i++) {
      let norm = 0;
      for (let c = 0; c < 4; c++) norm += embedding.rows[i * 4 + c]! ** 2;
      expect(norm).toBeCloseTo(1, 12);
    }
  });

  it('an object with no affinity gets a zero row and a warning', () => {
    const s = (i: number, j: number): number => (i === 4 || j === 4 ? 0 : i < 2 === j < 2 ? 1 : 0);
    const e = spectralEmbedding(5, { similarity: s }, 2);
    expect(e.isolated).toBe(1);
    expect([e.rows[8], e.rows[9]]).toEqual([0, 0]);
    expect(e.warnings.join(' ')).toMatch(/1 object\(s\) have zero affinity/);
  });

  it('refuses bad input with messages', () => {
    const n = SPECTRAL_MAX_OBJECTS + 1;
    let calls = 0;
    const s = (): number => {
      calls++;
      return 1;
    };
    expect(() => spectralClustering(n, { similarity: s }, { k: 2 })).toThrow(
      new RegExp(`n = ${n} exceeds the limit of ${SPECTRAL_MAX_OBJECTS}`),
    );
    expect(calls).toBe(0);
    expect(() => spectralClustering(3, { similarity: s }, { k: 4 })).toThrow(/k = 4 exceeds/);
    expect(() => spectralClustering(3, { similarity: () => -0.5 }, { k: 2 })).toThrow(
      /similarity -0.5 between objects 1 and 2: it must be finite and ≥ 0/,
    );
    expect(() => spectralClustering(3, { dissimilarity: () => 1, sigma: 0 }, { k: 2 })).toThrow(
      /σ must be a positive number/,
    );
  });
});
