/**
 * The pieces NN-descent stands on: every platform distance described as per-attribute tables
 * (the description reproduces the input's own d(i, j)), the attribute-group kernel and the packed
 * mismatch count against a direct sum, identical objects grouped, and the graph's heaps-with-sets
 * against a brute-force "K best offers" reference.
 */
import { describe, expect, it } from 'vitest';
import { computeCounts } from '../../../src/core/data/counts/counts.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { standaloneRepresentation } from '../../../src/core/platform/representation.ts';
import type { InputRef as Call } from '../../../src/core/platform/spec.ts';
import {
  mismatchTables,
  pairKernel,
  type AdditiveDistance,
} from '../../../src/core/platform/additiveDistance.ts';
import { GraphLists } from '../../../src/core/neighbours/graphLists.ts';
import { groupIdentical } from '../../../src/core/neighbours/identical.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import { prototypeTable } from '../../../bench/generate.ts';

/** g(Σ_a T_a[x_a, y_a]) written out plainly from the description. */
function fromTables(add: AdditiveDistance, i: number, j: number): number {
  let s = 0;
  for (let a = 0; a < add.D; a++) {
    const w = add.width[a];
    s += add.tables[add.tableStart[a] + add.codes[i * add.D + a] * w + add.codes[j * add.D + a]];
  }
  return add.root ? Math.sqrt(s) : s;
}

describe('platform distances as per-attribute tables', () => {
  const table = prototypeTable({
    rows: 400,
    valueCounts: [2, 5, 3, 7, 4, 2, 6],
    classes: 3,
    subclasses: 3,
    seed: 21,
  });
  const counts = computeCounts(table);
  const calls: [string, Call][] = [
    ['Hamming (mismatch)', { method: 'hamming', options: {}, inputs: {} }],
    ['CADO (summed tables)', { method: 'cas', options: {}, inputs: {}, result: 'cado' }],
    ['OFD (summed tables)', { method: 'ofd', options: {}, inputs: {} }],
    ['ADD (summed tables)', { method: 'add', options: {}, inputs: {} }],
    ['CASO (summed tables)', { method: 'caso', options: {}, inputs: {} }],
    ['DILCA (√Σ t²)', { method: 'dilca', options: {}, inputs: {} }],
    ['CDE (value embedding)', { method: 'cde', options: {}, inputs: {} }],
    ['0-1 (value embedding)', { method: 'onehot', options: {}, inputs: {} }],
  ];
  for (const [name, call] of calls)
    it(`describes ${name} exactly`, () => {
      const { input } = runToEnd(standaloneRepresentation(table, counts, call));
      expect(input.kind).toBe('distance');
      if (input.kind !== 'distance') return;
      const add = input.additive;
      expect(add, name).toBeDefined();
      if (!add) return;
      const rng = createRandom(3);
      for (let t = 0; t < 2000; t++) {
        const i = rng.int(table.nRows);
        const j = rng.int(table.nRows);
        const want = input.distance(i, j);
        expect(Math.abs(fromTables(add, i, j) - want), `${name} d(${i}, ${j})`).toBeLessThanOrEqual(
          1e-12 * Math.max(1, want),
        );
      }
    });
});

describe('pair kernels', () => {
  it('sum the tables by attribute groups (random tables, 1-40 values per attribute)', () => {
    const rng = createRandom(5);
    for (const D of [1, 3, 8, 13]) {
      const m = 150;
      const width = Int32Array.from({ length: D }, () => 1 + rng.int(40));
      const tableStart = new Int32Array(D);
      let total = 0;
      width.forEach((w, a) => {
        tableStart[a] = total;
        total += w * w;
      });
      const tables = Float64Array.from({ length: total }, () => rng.next());
      const codes = Int32Array.from({ length: m * D }, (_, t) => rng.int(width[t % D]));
      const add: AdditiveDistance = { D, codes, tables, tableStart, width, root: true };
      const kernel = pairKernel(add, codes, m);
      expect(kernel).not.toBeNull();
      for (let p = 0; p < m; p += 7)
        for (let q = 0; q < m; q += 3) {
          const want = fromTables(add, p, q) ** 2;
          expect(Math.abs((kernel?.(p, q) ?? NaN) - want)).toBeLessThanOrEqual(
            1e-12 * want + 1e-15,
          );
        }
    }
  });

  it('count mismatches four codes to a word (Hamming, up to 256 values, any D)', () => {
    const rng = createRandom(6);
    for (const D of [1, 4, 5, 19, 20, 33]) {
      const m = 120;
      const width = Int32Array.from({ length: D }, () => 1 + rng.int(256));
      const codes = Int32Array.from({ length: m * D }, (_, t) => rng.int(width[t % D]));
      // Near-duplicates too: copy rows and change one code.
      for (let p = 60; p < m; p++) {
        codes.copyWithin(p * D, (p - 60) * D, (p - 59) * D);
        codes[p * D + rng.int(D)] = rng.int(width[0]);
      }
      const kernel = pairKernel(
        mismatchTables(codes, width, new Float64Array(D).fill(2)),
        codes,
        m,
      );
      const got: number[] = [];
      const want: number[] = [];
      for (let p = 0; p < m; p++)
        for (let q = 0; q < m; q++) {
          let mismatches = 0;
          for (let a = 0; a < D; a++) if (codes[p * D + a] !== codes[q * D + a]) mismatches++;
          want.push(mismatches);
          got.push(kernel?.(p, q) ?? NaN);
        }
      expect(got, `D = ${D}`).toEqual(want);
    }
  });
});

describe('identical objects', () => {
  it('are grouped exactly as a map of their codes would group them', () => {
    const rng = createRandom(8);
    const n = 3000;
    const width = 4;
    const words = Int32Array.from({ length: n * width }, () => rng.int(3));
    const groups = groupIdentical(words, n, width);
    const key = (i: number): string =>
      Array.from(words.subarray(i * width, (i + 1) * width)).join();
    const byKey = new Map<string, number[]>();
    for (let i = 0; i < n; i++) byKey.set(key(i), [...(byKey.get(key(i)) ?? []), i]);
    expect(groups.count).toBe(byKey.size);
    for (let g = 0; g < groups.count; g++) {
      const members = Array.from(groups.members.subarray(groups.start[g], groups.start[g + 1]));
      expect(members).toEqual(byKey.get(key(members[0])));
      expect(groups.representative[g]).toBe(members[0]);
      for (const i of members) expect(groups.groupOf[i]).toBe(g);
    }
  });
});

describe('the graph under construction', () => {
  it('keeps each point’s K nearest distinct offers (strictly nearer than the K-th replace it)', () => {
    const rng = createRandom(9);
    const m = 60;
    const K = 12;
    const graph = new GraphLists(m, K);
    // Offers with few distinct distances (ties, repeats), each pair's distance fixed.
    const d = (p: number, q: number): number => Math.fround(((p * 31 + q * 17) % 23) / 4);
    const offered: Set<number>[] = Array.from({ length: m }, () => new Set());
    const sequence: [number, number][] = [];
    for (let t = 0; t < 20000; t++) sequence.push([rng.int(m), rng.int(m)]);
    for (const [p, q] of sequence) {
      graph.push(p, q, d(p, q));
      if (p !== q) offered[p]?.add(q);
    }
    const indices = new Int32Array(m * K);
    const distances = new Float64Array(m * K);
    graph.drainSorted(indices, distances);
    for (let p = 0; p < m; p++) {
      // The K smallest distances among everything offered to p, as a multiset.
      const best = [...(offered[p] ?? [])]
        .map((q) => d(p, q))
        .sort((a, b) => a - b)
        .slice(0, K);
      const got = Array.from(distances.subarray(p * K, (p + 1) * K));
      expect(got, `point ${p}`).toEqual(best);
      const ids = Array.from(indices.subarray(p * K, (p + 1) * K));
      expect(new Set(ids).size).toBe(K);
      ids.forEach((q, t) => expect(d(p, q)).toBe(got[t]));
    }
  });
});
