/**
 * The Z-order bucket quadtree the Barnes-Hut walk reads (src/core/projection/quadTree.ts), checked
 * against what a quadtree must be, computed here from the points themselves: the points of every
 * node are one run of the order, its children's runs split it in quadrant order, its size, centre
 * of mass and bounding box are those of its points, a leaf holds at most LEAF_POINTS points unless
 * they all sit in one code cell, and a leaf whose points coincide has width 0 and sits on them.
 */
import { describe, expect, it } from 'vitest';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import {
  LEAF_POINTS,
  LINK_STRIDE,
  NODE_STRIDE,
  POINT_STRIDE,
  QuadTree,
} from '../../../src/core/projection/quadTree.ts';

function layout(n: number, seed: number, crowd = 0): Float64Array {
  const rng = createRandom(seed);
  const y = Float64Array.from({ length: 2 * n }, () => 10 * gaussian(rng));
  // The first `crowd` points on one spot, the next `crowd` within 1e-9 of another.
  for (let i = 0; i < crowd; i++) {
    y[2 * i] = 3;
    y[2 * i + 1] = -2;
    y[2 * (crowd + i)] = -7 + 1e-9 * rng.next();
    y[2 * (crowd + i) + 1] = 1 + 1e-9 * rng.next();
  }
  return y;
}

function checkNode(
  tree: QuadTree,
  y: Float64Array,
  node: number,
  multiplicity: Float64Array | null,
): number {
  const l = LINK_STRIDE * node;
  const at = NODE_STRIDE * node;
  const [first, kids, start, end] = Array.from(tree.links.subarray(l, l + 4)) as [
    number,
    number,
    number,
    number,
  ];
  let size = 0;
  let mx = 0;
  let my = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let o = start; o < end; o++) {
    const i = tree.order[o]!;
    const m = multiplicity ? multiplicity[i]! : 1;
    expect(tree.points[POINT_STRIDE * o]).toBe(y[2 * i]);
    expect(tree.points[POINT_STRIDE * o + 1]).toBe(y[2 * i + 1]);
    expect(tree.points[POINT_STRIDE * o + 2]).toBe(m);
    size += m;
    mx += m * y[2 * i]!;
    my += m * y[2 * i + 1]!;
    minX = Math.min(minX, y[2 * i]!);
    maxX = Math.max(maxX, y[2 * i]!);
    minY = Math.min(minY, y[2 * i + 1]!);
    maxY = Math.max(maxY, y[2 * i + 1]!);
  }
  expect(end).toBeGreaterThan(start);
  expect(tree.nodes[at + 2]).toBeCloseTo(size, 9);
  expect(tree.nodes[at]).toBeCloseTo(mx / size, 9);
  expect(tree.nodes[at + 1]).toBeCloseTo(my / size, 9);
  expect(Array.from(tree.nodes.subarray(at + 4, at + 8))).toEqual([minX, minY, maxX, maxY]);
  if (first < 0) {
    const together = minX === maxX && minY === maxY;
    if (together) {
      expect(tree.nodes[at + 3]).toBe(0);
      expect([tree.nodes[at], tree.nodes[at + 1]]).toEqual([minX, minY]);
    } else expect(tree.nodes[at + 3]).toBeGreaterThan(0);
    // Only points on one spot share a leaf of more than LEAF_POINTS.
    if (end - start > LEAF_POINTS) expect(together).toBe(true);
    return end - start > LEAF_POINTS ? 1 : 0;
  }
  // Children: consecutive, non-empty, their runs splitting this one's in order, each half as wide.
  let at0 = start;
  let big = 0;
  for (let c = first; c < first + kids; c++) {
    expect(tree.links[LINK_STRIDE * c + 2]).toBe(at0);
    at0 = tree.links[LINK_STRIDE * c + 3]!;
    expect(tree.nodes[NODE_STRIDE * c + 3]).toBeLessThanOrEqual(tree.nodes[at + 3]! / 4 + 1e-12);
    big += checkNode(tree, y, c, multiplicity);
  }
  expect(at0).toBe(end);
  expect(kids).toBeGreaterThanOrEqual(1);
  expect(kids).toBeLessThanOrEqual(4);
  return big;
}

describe('the Z-order bucket quadtree', () => {
  it('is a quadtree of the points: runs, sizes, centres of mass, boxes, leaves', () => {
    const n = 3000;
    const y = layout(n, 1);
    const tree = new QuadTree(n, null);
    tree.build(y);
    expect(Array.from(tree.order).sort((a, b) => a - b)).toEqual(
      Array.from({ length: n }, (_, i) => i),
    );
    expect(checkNode(tree, y, 0, null)).toBe(0);
    expect(tree.size).toBeLessThan(n);
  });

  it('keeps coincident and nearly coincident crowds in leaves, with multiplicities', () => {
    const n = 2000;
    const crowd = 100;
    const y = layout(n, 2, crowd);
    const rng = createRandom(3);
    const multiplicity = Float64Array.from({ length: n }, () => 1 + rng.int(3));
    const tree = new QuadTree(n, multiplicity);
    tree.build(y);
    // The exact crowd is one leaf of width 0; the near one, within one code cell, is split further.
    expect(checkNode(tree, y, 0, multiplicity)).toBe(1);
    let zeroWidthLeaf = false;
    for (let node = 0; node < tree.size; node++)
      if (tree.links[LINK_STRIDE * node]! < 0 && tree.nodes[NODE_STRIDE * node + 3] === 0) {
        const l = LINK_STRIDE * node;
        if (tree.links[l + 3]! - tree.links[l + 2]! === crowd) zeroWidthLeaf = true;
      }
    expect(zeroWidthLeaf).toBe(true);
  });

  it('splits a layout of any extent, and clumps far smaller than a code cell, into small leaves', () => {
    // t-SNE's early exaggeration can shrink a whole layout to 1e-31 (results/bench/performance-log.md).
    const n = 2000;
    for (const scale of [1e-31, 1e-12, 1]) {
      const base = layout(n, 6);
      const y = base.map((v) => v * scale);
      // Clumps of 200 points within 1e-9 of the layout's width, one inside another's clump.
      for (let i = 0; i < 400; i++) {
        const shrink = i < 200 ? 1e-9 : 1e-15;
        y[2 * i] = scale * (5 + shrink * base[2 * i]!);
        y[2 * i + 1] = scale * (5 + shrink * base[2 * i + 1]!);
      }
      const tree = new QuadTree(n, null);
      tree.build(y);
      expect(checkNode(tree, y, 0, null)).toBe(0);
      expect(tree.depth).toBeGreaterThan(16);
    }
  });

  it('rebuilds in place for a new layout, and takes one point or none', () => {
    const tree = new QuadTree(500, null);
    tree.build(layout(500, 4));
    const y = layout(500, 5);
    tree.build(y);
    checkNode(tree, y, 0, null);
    const one = new QuadTree(1, null);
    one.build(Float64Array.of(2, 3));
    expect(Array.from(one.nodes.subarray(0, 4))).toEqual([2, 3, 1, 0]);
    const none = new QuadTree(0, null);
    none.build(new Float64Array(0));
    expect(none.nodes[2]).toBe(0);
  });
});
