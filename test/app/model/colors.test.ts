/**
 * Many curves on one chart stay apart for every reader: any two series drawn with the same line
 * style differ in colour by ΔE ≥ 15 (CIELAB) for normal vision and under simulated protanopia,
 * deuteranopia and tritanopia (Machado, Oliveira, Fernandes 2009, severity 1, applied in linear
 * RGB) — up to 32 series.
 */
import { lab, rgb } from 'd3';
import { describe, expect, it } from 'vitest';
import {
  classPalette,
  contrastRatio,
  liftedOn,
  luminance,
  scorePalette,
  seriesStyle,
} from '../../../src/app/model/colors.ts';

const VISION: Record<string, number[][]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const toSrgb = (v: number) => {
  const c = Math.min(1, Math.max(0, v));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
};

function seen(color: string, m: number[][]) {
  const c = rgb(color);
  const v = [toLinear(c.r), toLinear(c.g), toLinear(c.b)];
  const [r, g, b] = m.map(
    (row) =>
      (row[0] ?? 0) * (v[0] ?? 0) + (row[1] ?? 0) * (v[1] ?? 0) + (row[2] ?? 0) * (v[2] ?? 0),
  );
  return lab(rgb(toSrgb(r ?? 0), toSrgb(g ?? 0), toSrgb(b ?? 0)));
}

/** The closest two of these (colour, dash) series that share a dash, as some reader sees them. */
function closestSameDash(styles: { color: string; dash: string }[], m: number[][]) {
  let min = Infinity;
  for (let i = 0; i < styles.length; i++)
    for (let j = i + 1; j < styles.length; j++) {
      const a = styles[i] as { color: string; dash: string };
      const b = styles[j] as { color: string; dash: string };
      if (a.dash !== b.dash) continue;
      const p = seen(a.color, m);
      const q = seen(b.color, m);
      min = Math.min(min, Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b));
    }
  return min;
}

describe('series styles', () => {
  const styles = Array.from({ length: 32 }, (_, i) => seriesStyle(i));

  it.each(Object.keys(VISION))('stay apart under %s vision', (vision) => {
    expect(closestSameDash(styles, VISION[vision] as number[][])).toBeGreaterThanOrEqual(15);
  });

  it('are all different pairs of colour and line style', () => {
    expect(new Set(styles.map((s) => `${s.color}|${s.dash}`)).size).toBe(32);
  });

  it('one solid line per colour first: a chart of up to eight curves has no dashes', () => {
    expect(styles.slice(0, 8).every((s) => s.dash === '')).toBe(true);
  });

  it('the class palette alone would not do for twelve curves (what the issue saw)', () => {
    const twelve = classPalette(12).map((color) => ({ color, dash: '' }));
    const worst = Math.min(...Object.values(VISION).map((m) => closestSameDash(twelve, m)));
    expect(worst).toBeLessThan(15);
  });
});

describe('liftedOn (a palette colour on the dark plot surface)', () => {
  const dark = '#1f242d';
  it('keeps a colour that already shows and lifts black and deep indigo just to 3:1', () => {
    expect(liftedOn('#E69F00', dark)).toBe('#E69F00');
    for (const c of ['#000000', '#332288']) {
      const lifted = liftedOn(c, dark);
      expect(contrastRatio(lifted, dark)).toBeGreaterThanOrEqual(3);
      // Just enough: what shows at the least.
      expect(contrastRatio(lifted, dark)).toBeLessThan(3.1);
    }
  });
  it('keeps a ramp in order: lightness never turns back along viridis', () => {
    const ramp = Array.from({ length: 21 }, (_, k) => scorePalette(k / 20));
    const shown = ramp.map((c) => luminance(liftedOn(c, dark)));
    for (let k = 1; k < shown.length; k++)
      expect(shown[k]).toBeLessThanOrEqual((shown[k - 1] as number) + 0.005);
  });
});
