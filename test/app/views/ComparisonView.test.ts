import { describe, expect, it } from 'vitest';
import { methodSpec } from '../../../src/core/platform/registry.ts';
import type { MethodSpec } from '../../../src/core/platform/spec.ts';
import { missingParameters, toggledMethods } from '../../../src/app/views/ComparisonView.tsx';

const menu = ['cde', 'onehot', 'hamming', 'dilca'].map((id) => ({ id }) as MethodSpec);

describe('toggledMethods: the methods a comparison compares', () => {
  it('a ticked method joins in the menu’s order', () => {
    const chosen = [{ method: 'dilca' }, { method: 'cde' }];
    expect(toggledMethods(menu, chosen, 'hamming', true)).toEqual([
      { method: 'cde' },
      { method: 'hamming' },
      { method: 'dilca' },
    ]);
  });

  it('a chosen method keeps its own options', () => {
    const chosen = [{ method: 'cde', options: { alpha: 2 } }];
    expect(toggledMethods(menu, chosen, 'onehot', true)).toEqual([
      { method: 'cde', options: { alpha: 2 } },
      { method: 'onehot' },
    ]);
  });

  it('an unticked method leaves; the others keep their order', () => {
    const chosen = [{ method: 'dilca' }, { method: 'cde' }, { method: 'hamming' }];
    expect(toggledMethods(menu, chosen, 'cde', false)).toEqual([
      { method: 'dilca' },
      { method: 'hamming' },
    ]);
  });
});

describe('missingParameters: what the user has yet to choose', () => {
  it('the outlier class of the outlier evaluation, until it is given', () => {
    const step = methodSpec('evaluate-outliers');
    expect(missingParameters(step, undefined).map((p) => p.name)).toEqual(['outlierClass']);
    expect(missingParameters(step, { outlierClass: null }).map((p) => p.name)).toEqual([
      'outlierClass',
    ]);
    expect(missingParameters(step, { outlierClass: 'o' })).toEqual([]);
  });

  it('nothing for a step whose parameters all have defaults', () => {
    expect(missingParameters(methodSpec('eps-gamma'), undefined)).toEqual([]);
  });
});
