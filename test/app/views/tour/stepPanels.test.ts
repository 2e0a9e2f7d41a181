import { describe, expect, it } from 'vitest';
import type { TourStep } from '../../../../src/app/model/tours.ts';
import { samePanels, stepPanels, tourCall } from '../../../../src/app/views/tour/stepPanels.ts';

describe('a tour step’s panels', () => {
  it('a data view’s entry has no call; a method view’s is its entry’s call', () => {
    expect(tourCall({ entry: 'summary' })).toEqual({ view: 'summary', call: null });
    expect(tourCall({ entry: 'value-matrices:cde' })).toEqual({
      view: 'value-matrices',
      call: { method: 'cde' },
    });
    expect(tourCall({ entry: 'no-such-entry' })).toBeNull();
  });

  it('the step’s options are laid over the entry’s own', () => {
    expect(tourCall({ entry: 'untie-training:untie', options: { iterations: 10 } })).toEqual({
      view: 'untie-training',
      call: { method: 'untie', options: { iterations: 10, learning: 'centred', batch: 20 } },
    });
  });

  it('a comparison compares the step’s methods only, under each list input', () => {
    const made = tourCall({ entry: 'comparison:eps-gamma', methods: ['cde', 'hamming'] });
    expect(made?.call).toEqual({
      method: 'eps-gamma',
      inputs: { methods: [{ method: 'cde' }, { method: 'hamming' }] },
    });
  });

  it('a step’s panels drop an entry the menu lacks, each with empty settings', () => {
    const step = {
      panels: [{ entry: 'summary' }, { entry: 'gone' }, { entry: 'pair:hamming' }],
    } as unknown as TourStep;
    expect(stepPanels(step)).toEqual([
      { view: 'summary', call: null, settings: {} },
      { view: 'pair', call: { method: 'hamming' }, settings: {} },
    ]);
  });

  it('the same panels: the same views and calls in order, whatever the options’ order', () => {
    const a = {
      view: 'pair',
      call: { method: 'cde', options: { alpha: 1, beta: 2 } },
      settings: {},
    };
    const b = {
      view: 'pair',
      call: { method: 'cde', options: { beta: 2, alpha: 1 } },
      settings: {},
    };
    const s = { view: 'summary', call: null, settings: { any: 1 } };
    expect(samePanels([a, s] as never, [b, s] as never)).toBe(true);
    expect(samePanels([s, a] as never, [b, s] as never)).toBe(false);
    expect(samePanels([a] as never, [a, s] as never)).toBe(false);
    const other = { ...b, call: { method: 'cde', options: { alpha: 2, beta: 2 } } };
    expect(samePanels([a] as never, [other] as never)).toBe(false);
  });
});
