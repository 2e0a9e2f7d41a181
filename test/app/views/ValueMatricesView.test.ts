import { interpolateBlues, interpolateYlOrRd } from 'd3';
import { describe, expect, it } from 'vitest';
import { cellScale } from '../../../src/app/components/heatmap/cellColors.ts';
import { matrixScale } from '../../../src/app/views/ValueMatricesView.tsx';

describe('matrixScale: a value matrix’s colours', () => {
  it('a linear matrix: blues from 0 to its maximum, whatever its minimum above 0', () => {
    const scale = matrixScale([0.2, 0.8], 'linear');
    expect(scale.domain).toEqual([0, 0.8]);
    expect(scale.kind).toBe('linear');
    const blues = cellScale(interpolateBlues, [0, 0.8], 'linear');
    expect(scale.rgb(0.8)).toBe(blues.rgb(0.8));
    expect(scale.rgb(0)).toBe(blues.rgb(0));
  });

  it('a negative minimum stays in the domain; a symlog matrix goes yellow to red', () => {
    const scale = matrixScale([-3, 12], 'symlog');
    expect(scale.domain).toEqual([-3, 12]);
    expect(scale.kind).toBe('symlog');
    expect(scale.rgb(12)).toBe(cellScale(interpolateYlOrRd, [-3, 12], 'symlog').rgb(12));
  });

  it('an all-zero (or undefined) range still has a domain of some width', () => {
    expect(matrixScale([0, 0], 'linear').domain).toEqual([0, 1e-9]);
    expect(matrixScale([Number.NaN, Number.NaN], 'linear').domain).toEqual([0, 1e-9]);
  });
});
