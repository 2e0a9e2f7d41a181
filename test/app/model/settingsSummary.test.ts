import { describe, expect, it } from 'vitest';
import { methodSpec } from '../../../src/core/platform/registry.ts';
import type { MethodSpec } from '../../../src/core/platform/spec.ts';
import {
  changedSettings,
  parameterLabel,
  settingsLine,
} from '../../../src/app/model/settingsSummary.ts';

const SPEC = {
  title: 't-SNE',
  parameters: [
    { name: 'perplexity', type: 'number', default: 30, description: 'p' },
    { name: 'maxIterations', type: 'integer', default: 1000, description: 'i' },
    { name: 'alpha', symbol: 'α', type: 'number', default: 10, description: 'a' },
    {
      name: 'init',
      type: 'choice',
      default: 'pca',
      choices: ['pca', 'random'],
      choiceTitles: { pca: 'PCA', random: 'random start' },
      description: 'c',
    },
    { name: 'exact', type: 'boolean', default: false, description: 'b' },
    { name: 'theta', type: 'number', default: 0.5, advanced: true, description: 't' },
    { name: 'label', type: 'string', default: null, description: 's' },
  ],
} as unknown as MethodSpec;

describe('the collapsed settings line', () => {
  it('labels a parameter by its symbol, or its name in words', () => {
    expect(SPEC.parameters.map(parameterLabel)).toEqual([
      'perplexity',
      'max iterations',
      'α',
      'init',
      'exact',
      'theta',
      'label',
    ]);
  });

  it('names only the options that differ from the defaults, in the table’s order', () => {
    expect(changedSettings(SPEC, {})).toEqual([]);
    expect(changedSettings(SPEC, { perplexity: 30, init: 'pca', label: null })).toEqual([]);
    expect(
      changedSettings(SPEC, { exact: true, perplexity: 50, init: 'random', label: 'x' }),
    ).toEqual(['perplexity 50', 'init random start', 'exact on', 'label x']);
  });

  it('leaves out advanced and excepted parameters, and puts the prefix before a label', () => {
    expect(changedSettings(SPEC, { theta: 0.8, alpha: 5 }, { prefix: 'CDE ' })).toEqual([
      'CDE α 5',
    ]);
    expect(changedSettings(SPEC, { alpha: 5 }, { except: ['alpha'] })).toEqual([]);
  });

  it('says “default settings” when nothing changed', () => {
    expect(settingsLine(['CDE', 't-SNE'], [])).toBe('CDE · t-SNE · default settings');
    expect(settingsLine(['CDE'], ['perplexity 50'])).toBe('CDE · perplexity 50');
  });
});

describe('an automatic number in the collapsed settings line', () => {
  const umap = methodSpec('umap');
  it('says nothing of epochs left auto, the legacy 0 included, and names a given number', () => {
    expect(changedSettings(umap, {})).toEqual([]);
    expect(changedSettings(umap, { epochs: 'auto' })).toEqual([]);
    expect(changedSettings(umap, { epochs: 0 })).toEqual([]);
    expect(changedSettings(umap, { epochs: 300 })).toEqual(['epochs 300']);
  });
});
