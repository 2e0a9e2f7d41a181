import { interpolateBlues, interpolateYlOrRd, scaleLinear, scaleSqrt, scaleSymlog } from 'd3';
import { describe, expect, it } from 'vitest';
import {
  cellScale,
  packed,
  type ScaleKind,
} from '../../../../src/app/components/heatmap/cellColors.ts';
import { createRandom } from '../../../../src/core/base/random.ts';

/** The colour d3's clamped scale of that kind onto 256 ramp steps picks (the reference). */
function d3Colour(
  interpolate: (t: number) => string,
  kind: ScaleKind,
  domain: [number, number],
  x: number,
): number {
  const base = kind === 'sqrt' ? scaleSqrt() : kind === 'symlog' ? scaleSymlog() : scaleLinear();
  const hi = domain[1] > domain[0] ? domain[1] : domain[0] + 1e-12;
  const step = Math.round(base.domain([domain[0], hi]).range([0, 255]).clamp(true)(x)) || 0;
  return packed(interpolate(step / 255));
}

describe('heatmap cell colours', () => {
  const kinds: ScaleKind[] = ['linear', 'sqrt', 'symlog'];
  const domains: [number, number][] = [
    [0, 1],
    [0, 683],
    [-2.5, 7],
    [0, 1e-9],
    [3, 3],
    [1e6, 1e6],
    [-40, -1],
  ];

  it.each(kinds)('pick the step d3’s %s scale picks, in and out of the domain', (kind) => {
    const random = createRandom(7);
    for (const domain of domains) {
      const scale = cellScale(interpolateBlues, domain, kind);
      const width = Math.max(1, domain[1] - domain[0]);
      const xs = [domain[0], domain[1], NaN, -Infinity, Infinity, 0];
      for (let k = 0; k < 400; k++) xs.push(domain[0] - width + 3 * width * random.next());
      for (const x of xs)
        expect(scale.rgb(x), `${kind} ${domain.join('..')} at ${x}`).toBe(
          d3Colour(interpolateBlues, kind, domain, x),
        );
    }
  });

  it('ends at the ramp’s ends and is monotone along a ramp that darkens', () => {
    const scale = cellScale(interpolateYlOrRd, [0, 10], 'linear');
    expect(scale.rgb(0)).toBe(packed(interpolateYlOrRd(0)));
    expect(scale.rgb(10)).toBe(packed(interpolateYlOrRd(1)));
    expect(scale.rgb(-5)).toBe(scale.rgb(0));
    expect(scale.rgb(50)).toBe(scale.rgb(10));
    const lightness = (c: number) => ((c >> 16) & 255) + ((c >> 8) & 255) + (c & 255);
    for (let x = 0; x < 10; x += 0.5)
      expect(lightness(scale.rgb(x + 0.5))).toBeLessThanOrEqual(lightness(scale.rgb(x)));
    expect(scale.css(10)).toMatch(/^#[0-9a-f]{6}$/);
  });
});
