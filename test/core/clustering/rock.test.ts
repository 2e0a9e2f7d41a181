/** ROCK with any similarity (cluster/rock.ts): hand-checked neighbours, links and merges. */
import { describe, expect, it } from 'vitest';
import {
  ROCK_MAX_OBJECTS,
  categoricalJaccard,
  linkMatrixSteps,
  neighbourListsSteps,
  rock,
  rockExponent,
  type Similarity,
} from '../../../src/core/clustering/rock.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';

/** Attribute columns (codes = char codes) from objects written as strings, one char per attribute. */
const columns = (objects: string[]): Int32Array[] =>
  Array.from({ length: objects[0]!.length }, (_, a) =>
    Int32Array.from(objects, (o) => o.charCodeAt(a)),
  );

/** Jaccard of item sets (market baskets of any size). */
const setJaccard =
  (sets: number[][]): Similarity =>
  (i, j) => {
    const a = new Set(sets[i]);
    const b = sets[j]!;
    const shared = b.filter((x) => a.has(x)).length;
    return shared / (a.size + b.length - shared);
  };

describe('Jaccard of categorical objects', () => {
  it('is matches / (2D − matches)', () => {
    const s = categoricalJaccard(columns(['aaa', 'aab', 'abb', 'bbb', 'aaa']));
    expect(s(0, 4)).toBe(1); // 3 / 3
    expect(s(0, 1)).toBe(0.5); // 2 / 4
    expect(s(0, 2)).toBe(0.2); // 1 / 5
    expect(s(0, 3)).toBe(0); // 0 / 6
    expect(s(1, 2)).toBe(0.5);
    // Codes are compared within an attribute: value 'a' on attribute 0 ≠ 'a' on attribute 1.
    const t = categoricalJaccard([Int32Array.from([0, 1]), Int32Array.from([1, 0])]);
    expect(t(0, 1)).toBe(0);
    expect(() => categoricalJaccard([])).toThrow(/at least one attribute/);
    expect(() => categoricalJaccard([new Int32Array(2), new Int32Array(3)])).toThrow(
      /attribute 1 has 3 codes/,
    );
  });
});

describe('ROCK', () => {
  // Eight objects, three attributes, θ = 0.5. With D = 3, Jaccard is 1, 0.5, 0.2, 0 for 3, 2, 1,
  // 0 matches, so neighbours are the objects agreeing on ≥ 2 attributes:
  //   0 aaa: 1 aab, 2 aba, 3 baa       1: {0}   2: {0}   3: {0}
  //   4 xyz: 5 xyw, 6 xvz              5: {4}   6: {4}   7 qrs: {}
  // Links (common neighbours): link(1,2) = link(1,3) = link(2,3) = 1 (through 0) and
  // link(5,6) = 1 (through 4); every other link is 0 — also link(0,1), though 0 and 1 are
  // neighbours: they have no neighbour in common.
  // f(0.5) = 1/3, e = 5/3. Singletons: g = 1/(2^e − 2) ≈ 0.851 for the four linked pairs; the tie
  // goes to the lowest pair, (1, 2). Then link({1,2}, 3) = 2, g = 2/(3^e − 2^e − 1) ≈ 0.968 >
  // g(5, 6): merge {1,2} with 3. Then (5, 6). No links are left: 5 clusters
  // {0}, {1,2,3}, {4}, {5,6}, {7}.
  const objects = ['aaa', 'aab', 'aba', 'baa', 'xyz', 'xyw', 'xvz', 'qrs'];
  const jaccard = categoricalJaccard(columns(objects));
  const e = 5 / 3;
  const pair = 1 / (2 ** e - 2);
  const triple = 2 / (3 ** e - 2 ** e - 1);

  it('neighbours, links and the merge order by hand; stops when no links remain', () => {
    expect(rockExponent(0.5)).toBeCloseTo(e, 15);
    const r = rock(8, jaccard, { k: 2, theta: 0.5 });
    expect(Array.from(r.neighbours)).toEqual([3, 1, 1, 1, 2, 1, 1, 0]);
    expect(r.merges.map(({ a, b, links, size }) => [a, b, links, size])).toEqual([
      [1, 2, 1, 2],
      [1, 3, 2, 3],
      [5, 6, 1, 2],
    ]);
    expect(r.merges[0]!.goodness).toBeCloseTo(pair, 12);
    expect(r.merges[1]!.goodness).toBeCloseTo(triple, 12);
    expect(r.merges[2]!.goodness).toBeCloseTo(pair, 12);
    expect(triple).toBeGreaterThan(pair);
    expect(r.clusters).toBe(5);
    expect(r.reachedK).toBe(false);
    expect(Array.from(r.labels)).toEqual([0, 1, 1, 1, 2, 3, 3, 4]);
    expect(Array.from(r.sizes)).toEqual([1, 3, 1, 2, 1]);
    expect(r.labels).toBeInstanceOf(Int32Array);
  });

  it('stops at k', () => {
    const r = rock(8, jaccard, { k: 6, theta: 0.5 });
    expect(r.clusters).toBe(6);
    expect(r.reachedK).toBe(true);
    expect(r.merges.length).toBe(2);
    expect(Array.from(r.labels)).toEqual([0, 1, 1, 1, 2, 3, 4, 5]);
    // k = 7: only the tied first merge, decided by the lowest pair.
    expect(Array.from(rock(8, jaccard, { k: 7, theta: 0.5 }).labels)).toEqual([
      0, 1, 1, 2, 3, 4, 5, 6,
    ]);
  });

  // The ROCK paper's market-basket example (Guha et al. 1999, Sec. 3): the 10 three-item subsets
  // of {1,…,5} and the 4 of {1, 2, 6, 7}, θ = 0.5 (neighbours share 2 of 3 items). {1,2,6} and
  // {1,2,3} are neighbours across the groups, yet link({1,2,6}, {1,2,7}) = 5 (common neighbours
  // 123, 124, 125, 167, 267) while link({1,2,6}, {1,2,3}) = 3 (124, 125, 127).
  const baskets = [
    [1, 2, 3],
    [1, 2, 4],
    [1, 2, 5],
    [1, 3, 4],
    [1, 3, 5],
    [1, 4, 5],
    [2, 3, 4],
    [2, 3, 5],
    [2, 4, 5],
    [3, 4, 5],
    [1, 2, 6],
    [1, 2, 7],
    [1, 6, 7],
    [2, 6, 7],
  ];

  it('counts links as common neighbours (the paper’s numbers), by lists and by bit sets', () => {
    const lists = runToEnd(neighbourListsSteps(14, setJaccard(baskets), 0.5));
    // 123: six in its group (share 2 of its 3 items with one of the 2 others) + 126, 127.
    expect(Array.from(lists[0]!)).toEqual([1, 2, 3, 4, 6, 7, 10, 11]);
    expect(Array.from(lists[12]!)).toEqual([10, 11, 13]); // 167: 126, 127, 267
    for (const strategy of ['lists', 'bitsets'] as const) {
      const links = runToEnd(linkMatrixSteps(lists, strategy));
      expect(links[10 * 14 + 11]).toBe(5);
      expect(links[11 * 14 + 10]).toBe(5);
      expect(links[10 * 14 + 0]).toBe(3);
      expect(links[0 * 14 + 10]).toBe(3);
      expect(links[12 * 14 + 3]).toBe(0); // 167 and 134: no common neighbour
      expect(links[0 * 14 + 0]).toBe(0);
    }
  });

  it('market baskets: the groups at k = 4, and the merges around them by hand', () => {
    // e = 5/3 again. The largest singleton links are 5: (123, 124), (123, 125), (124, 125) and
    // (126, 127); the tie goes to (0, 1). Then link({123,124}, 125) = 5 + 5 = 10 with
    // g = 10/(3^e − 2^e − 1) ≈ 4.84 > 5/(2^e − 2) ≈ 4.26: 125 joins before (126, 127) merge.
    const r4 = rock(14, setJaccard(baskets), { k: 4, theta: 0.5 });
    expect(Array.from(r4.labels)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3]);
    expect(r4.merges.slice(0, 2).map(({ a, b, links }) => [a, b, links])).toEqual([
      [0, 1, 5],
      [0, 2, 10],
    ]);
    expect(r4.merges[0]!.goodness).toBeCloseTo(5 * pair, 12);
    expect(r4.merges[1]!.goodness).toBeCloseTo(10 / (3 ** e - 2 ** e - 1), 12);
    // From {group 1}, {126, 127}, {167}, {267}: link(126, group 1) = 3·3 (123, 124, 125) +
    // 6·2 (the others with 1 or 2) + 0 (345) = 21, the same for 127 → 42, and
    // g = 42/(12^e − 10^e − 2^e) ≈ 3.16 beats {126,127}–{167}: 4/(3^e − 2^e − 1) ≈ 1.94, so at
    // k = 2 the two baskets with {1, 2} join group 1 (links alone do not keep them apart once
    // group 1 is large). Last, {167}–{267}: 2/(2^e − 2) ≈ 1.70 beats group–{167}:
    // 10/(13^e − 12^e − 1) ≈ 1.27.
    const r2 = rock(14, setJaccard(baskets), { k: 2, theta: 0.5 });
    expect(r2.reachedK).toBe(true);
    expect(Array.from(r2.labels)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(r2.merges.length).toBe(12);
    expect(r2.merges.slice(10).map(({ a, b, links }) => [a, b, links])).toEqual([
      [0, 10, 42],
      [12, 13, 2],
    ]);
    expect(r2.merges[10]!.goodness).toBeCloseTo(42 / (12 ** e - 10 ** e - 2 ** e), 12);
    expect(r2.merges[11]!.goodness).toBeCloseTo(2 * pair, 12);
    expect(4 / (3 ** e - 2 ** e - 1)).toBeLessThan(42 / (12 ** e - 10 ** e - 2 ** e));
    expect(10 / (13 ** e - 12 ** e - 1)).toBeLessThan(2 * pair);
    // Same merges whichever way the links are counted.
    const byBits = rock(14, setJaccard(baskets), { k: 2, theta: 0.5, linkStrategy: 'bitsets' });
    const byLists = rock(14, setJaccard(baskets), { k: 2, theta: 0.5, linkStrategy: 'lists' });
    expect(byBits.merges).toEqual(r2.merges);
    expect(byLists.merges).toEqual(r2.merges);
  });

  it('refuses bad input with messages', () => {
    const n = ROCK_MAX_OBJECTS + 1;
    let calls = 0;
    const s = (): number => {
      calls++;
      return 1;
    };
    expect(() => rock(n, s, { k: 2, theta: 0.5 })).toThrow(
      new RegExp(`n = ${n} exceeds the limit of ${ROCK_MAX_OBJECTS}`),
    );
    expect(calls).toBe(0);
    expect(() => rock(3, s, { k: 2, theta: 1 })).toThrow(/θ must be in \[0, 1\), got 1/);
    expect(() => rock(3, s, { k: 2, theta: -0.1 })).toThrow(/θ must be in/);
    expect(() => rock(3, s, { k: 4, theta: 0.5 })).toThrow(/k = 4 exceeds the 3 objects/);
    expect(() => rock(3, () => NaN, { k: 1, theta: 0.5 })).toThrow(/s\(0, 1\) is NaN/);
  });
});
