import { describe, expect, it } from 'vitest';
import { methodSpec } from '../../../src/core/platform/registry.ts';
import {
  panelChoices,
  stepCall,
  VIEWS,
  viewOfStep,
  viewSpec,
} from '../../../src/app/views/registry.tsx';

describe('the views’ registry', () => {
  it('every view id once; an unknown id falls back to the first view', () => {
    const ids = VIEWS.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(viewSpec('pair').id).toBe('pair');
    expect(viewSpec('gone' as never)).toBe(VIEWS[0]);
  });

  it('a comparing step’s first call lists every method producing what its list input takes', () => {
    const call = stepCall(methodSpec('eps-gamma'));
    expect(call.method).toBe('eps-gamma');
    const listed = (call.inputs?.['methods'] as { method: string }[]).map((m) => m.method);
    expect(listed).toContain('cde');
    expect(listed).toContain('hamming');
    expect(listed).not.toContain('tsne'); // a projection, not a representation
    expect(listed).not.toContain('eps-gamma');
    // A step without a list input is called bare.
    expect(stepCall(methodSpec('cas-walkthrough'))).toEqual({ method: 'cas-walkthrough' });
  });

  it('a step is shown by the view that shows it: comparisons and walk-throughs', () => {
    expect(viewOfStep(methodSpec('eps-gamma')).id).toBe('comparison');
    expect(viewOfStep(methodSpec('cas-walkthrough')).id).toBe('walkthrough');
  });

  it('the menu: the data views first (no call), each method under the views of what it produces', () => {
    const groups = panelChoices();
    expect(groups[0]!.group).toBe('Your data');
    for (const c of groups[0]!.choices) expect(c.call).toBeNull();
    const all = groups.flatMap((g) => g.choices);
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Hamming produces an object distance: its pair and neighbours views, a projection of it.
    expect(ids).toContain('pair:hamming');
    expect(all.find((c) => c.id === 'projection:hamming')?.call).toEqual({
      method: 'tsne',
      inputs: { of: { method: 'hamming' } },
    });
    // No view of value matrices for a method producing none.
    expect(ids).not.toContain('value-matrices:hamming');
    // The walk-throughs last, apart from the comparisons.
    const last = groups[groups.length - 1]!;
    expect(last.group).toBe('Learn a method, step by step');
    expect(last.choices.map((c) => c.id)).toEqual(['walkthrough:cas-walkthrough']);
    const compare = groups.find((g) => g.group === 'Compare methods')!;
    expect(compare.choices[0]!.id).toBe('results-board');
    expect(compare.choices.map((c) => c.id)).not.toContain('walkthrough:cas-walkthrough');
  });
});
