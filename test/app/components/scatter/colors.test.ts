import { color as parseColor } from 'd3';
import { describe, expect, it } from 'vitest';
import { classPalette, OKABE_ITO, scorePalette } from '../../../../src/app/model/colors.ts';
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
