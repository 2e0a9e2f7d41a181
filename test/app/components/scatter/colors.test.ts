import { color as parseColor } from 'd3';
import { describe, expect, it } from 'vitest';
import {
  classPalette,
  labelColors,
  labelOrder,
  OKABE_ITO,
  scorePalette,
} from '../../../../src/app/model/colors.ts';
import { emphasisMask, groupByColor } from '../../../../src/app/components/scatter/colorGroups.ts';

/** Every index 0..n-1 exactly once, each in the group of its own colour, ascending in a group. */
function expectPartition(n: number, color: (i: number) => string) {
  const groups = groupByColor(n, color);
  expect(groups.start[0]).toBe(0);
  expect(groups.start[groups.colors.length]).toBe(n);
  expect(new Set(groups.colors).size).toBe(groups.colors.length);
  const seen = new Uint8Array(n);
  for (let g = 0; g < groups.colors.length; g++) {
    let last = -1;
    for (let k = groups.start[g] as number; k < (groups.start[g + 1] as number); k++) {
      const i = groups.index[k] as number;
      expect(color(i)).toBe(groups.colors[g]);
      expect(i).toBeGreaterThan(last);
      last = i;
      seen[i] = (seen[i] as number) + 1;
    }
  }
  expect(seen.every((c) => c === 1)).toBe(true);
  return groups;
}

describe('scatter colour groups', () => {
  it('cover every index exactly once', () => {
    const palette = classPalette(5);
    const groups = expectPartition(23, (i) => palette[(i * 7) % 5] as string);
    expect(groups.colors).toHaveLength(5);
    expect(expectPartition(0, () => '#000').colors).toEqual([]);
    expect(expectPartition(4, () => '#000').colors).toEqual(['#000']);
  });

  it('group 50,000 points of 19 colours', () => {
    const palette = classPalette(19);
    const groups = expectPartition(50_000, (i) => palette[(i * 31 + (i >> 7)) % 19] as string);
    expect(groups.colors).toHaveLength(19);
  });

  it('the emphasis mask marks exactly the in-range emphasised indices', () => {
    const mask = emphasisMask(6, new Set([0, 3, 3, 9, -1]));
    expect([...mask]).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

describe('palettes', () => {
  it('classPalette has the requested length and distinct colours, Okabe–Ito first', () => {
    for (const count of [0, 1, 2, 5, 8, 9, 12, 17, 19, 30]) {
      const palette = classPalette(count);
      expect(palette).toHaveLength(count);
      expect(new Set(palette.map((c) => c.toLowerCase())).size).toBe(count);
      for (const c of palette) expect(parseColor(c)).not.toBeNull();
    }
    expect(classPalette(8)).toEqual([...OKABE_ITO]);
    expect(classPalette(3)).toEqual(OKABE_ITO.slice(0, 3));
    expect(classPalette(19).slice(0, 8)).toEqual([...OKABE_ITO]);
  });

  it('scorePalette is a ramp from light to dark (high scores stand out on white)', () => {
    const lightness = (t: number) => {
      const c = parseColor(scorePalette(t))?.rgb();
      if (!c) throw new Error('not a colour');
      return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    };
    const steps = Array.from({ length: 11 }, (_, k) => lightness(k / 10));
    for (let k = 1; k < steps.length; k++)
      expect(steps[k] as number).toBeLessThan(steps[k - 1] as number);
    expect(scorePalette(-1)).toBe(scorePalette(0));
    expect(scorePalette(2)).toBe(scorePalette(1));
  });
});

describe('drawing order', () => {
  it('lists the largest group first, so the smaller ones are drawn over it', () => {
    // The rare colour is met first (rows 0–9), the common one after (rows 10–99).
    const groups = groupByColor(100, (i) => (i < 10 ? '#rare' : '#common'));
    expect(groups.colors).toEqual(['#common', '#rare']);
    expect(Array.from(groups.index.subarray(groups.start[1], groups.start[2]))).toEqual(
      Array.from({ length: 10 }, (_, i) => i),
    );
  });
});

describe('ordered labels get a sequential ramp', () => {
  it('orders bands, ranges and bins by their numbers', () => {
    const labels = ['25-34', '65+', '<18', '18-24', '35-44'];
    expect(labelOrder(labels)?.map((i) => labels[i])).toEqual([
      '<18',
      '18-24',
      '25-34',
      '35-44',
      '65+',
    ]);
    const bins = ['[35,000, 50,000)', '[0, 10,000)', '[10,000, 35,000)'];
    expect(labelOrder(bins)?.map((i) => bins[i])).toEqual([
      '[0, 10,000)',
      '[10,000, 35,000)',
      '[35,000, 50,000)',
    ]);
    expect(labelOrder(['mammal', 'bird', 'fish'])).toBeNull();
  });

  it('colours ordered labels light to dark in their order, others with distinct colours', () => {
    const labels = ['high 3', 'low 1', 'mid 2'];
    const colors = labelColors(labels);
    const luminance = (c: string) => {
      const { r, g, b } = parseColor(c)!.rgb();
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // low 1 lightest, then mid 2, then high 3.
    expect(luminance(colors[1]!)).toBeGreaterThan(luminance(colors[2]!));
    expect(luminance(colors[2]!)).toBeGreaterThan(luminance(colors[0]!));
    // Neither black nor the categorical palette's navy.
    for (const c of colors) expect(c.toLowerCase()).not.toMatch(/^#(000000|332288)$/);
    expect(labelColors(['mammal', 'bird', 'fish'])).toEqual(classPalette(3));
  });
});
