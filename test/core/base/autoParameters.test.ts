/**
 * Issues 48 and 49: "auto" is a value, not a 0. A number parameter may declare `auto` (UMAP's
 * epochs, t-SNE's learning rate, landmark MDS's landmarks): its options are `number | 'auto'`,
 * 'auto' is its default, the method picks the number at run time and reports it, and the 0 that
 * stood for 'auto' before reads as 'auto' with the same cache key.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import {
  checkParameter,
  describeDomain,
  optionValue,
  parseParameterText,
  resolveOptions,
  type NumberParameter,
  type OptionsOf,
} from '../../../src/core/base/parameters.ts';
import { describeCall, resolveCall } from '../../../src/core/platform/calls.ts';
import { MDS_PARAMETERS } from '../../../src/core/projection/mds.ts';
import { TSNE_PARAMETERS } from '../../../src/core/projection/tsne.ts';
import { UMAP_PARAMETERS } from '../../../src/core/projection/umap.ts';
import { resultOf, zooSession } from '../../sessions.ts';
import { OptionError } from '../../../src/core/base/errors.ts';

const epochs = UMAP_PARAMETERS.find((p) => p.name === 'epochs') as NumberParameter;
const neighbours = UMAP_PARAMETERS.find((p) => p.name === 'neighbours') as NumberParameter;

describe('a number parameter with an automatic value', () => {
  it('takes "auto" and its legacy 0 as "auto", and refuses other text and numbers out of range', () => {
    expect(checkParameter(epochs, 'auto')).toBe('auto');
    expect(checkParameter(epochs, 0)).toBe('auto');
    expect(checkParameter(epochs, 300)).toBe(300);
    for (const text of ['automatic', 'Auto', '-1', '', '500'])
      expect(() => checkParameter(epochs, text), text).toThrow(OptionError);
    expect(() => checkParameter(epochs, -1)).toThrow(RangeError);
    expect(() => checkParameter(epochs, 2.5)).toThrow(RangeError);
    expect(() => checkParameter(epochs, 'automatic')).toThrow(
      'epochs must be "auto" or a whole number ≥ 1 and ≤ 10000, got “automatic”',
    );
    // A parameter without `auto` takes no 'auto'.
    expect(() => checkParameter(neighbours, 'auto')).toThrow(OptionError);
    expect(describeDomain(neighbours)).not.toContain('auto');
  });

  it('is "auto" by default, and its options are typed number | "auto"', () => {
    expect(epochs.default).toBe('auto');
    expect(resolveOptions(UMAP_PARAMETERS, {}).epochs).toBe('auto');
    expect(resolveOptions(TSNE_PARAMETERS, {}).learningRate).toBe('auto');
    expect(resolveOptions(MDS_PARAMETERS, {}).landmarks).toBe('auto');
    expectTypeOf<OptionsOf<typeof UMAP_PARAMETERS>['epochs']>().toEqualTypeOf<number | 'auto'>();
    expectTypeOf<OptionsOf<typeof TSNE_PARAMETERS>['learningRate']>().toEqualTypeOf<
      number | 'auto'
    >();
    expectTypeOf<OptionsOf<typeof UMAP_PARAMETERS>['neighbours']>().toEqualTypeOf<number>();
  });

  it('reads a flag’s "auto" as the value, any other word as an error', () => {
    expect(parseParameterText(epochs, 'auto')).toBe('auto');
    expect(parseParameterText(epochs, '0')).toBe(0);
    expect(() => parseParameterText(epochs, 'automatic')).toThrow(RangeError);
    expect(() => parseParameterText(neighbours, 'auto')).toThrow(RangeError);
    // '-1' is a number, refused by its bounds.
    expect(() =>
      resolveOptions(UMAP_PARAMETERS, { epochs: parseParameterText(epochs, '-1') }),
    ).toThrow(/^epochs must be "auto" or a whole number ≥ 1/);
  });

  it('keys a call at "auto", at the legacy 0 and at its default as one call, described alike', () => {
    const call = (options: Record<string, unknown>) =>
      resolveCall({ method: 'umap', options, inputs: { of: { method: 'cde' } } });
    const auto = call({ epochs: 'auto' });
    expect(call({ epochs: 0 }).key).toBe(auto.key);
    expect(call({}).key).toBe(auto.key);
    expect(call({ epochs: 500 }).key).not.toBe(auto.key);
    const of = { of: { method: 'cde' } };
    expect(describeCall({ method: 'umap', options: { epochs: 0 }, inputs: of })).toBe(
      'UMAP of CDE',
    );
    expect(describeCall({ method: 'umap', options: { epochs: 300 }, inputs: of })).toBe(
      'UMAP (epochs 300) of CDE',
    );
    expect(optionValue(epochs, 0)).toBe('auto');
    expect(optionValue(epochs, undefined)).toBe('auto');
    expect(optionValue(neighbours, 0)).toBe(0);
  });

  it('reports the number it ran with: UMAP on zoo picks umap-learn’s 500 epochs', async () => {
    const session = await zooSession();
    const of = { of: { method: 'onehot' } };
    const auto = runToEnd(
      session.runSteps({ method: 'umap', options: { quality: false }, inputs: of }),
    );
    expect(auto.automatic).toEqual({ epochs: 500 });
    expect(resultOf(auto, 'object-embedding').notes?.[0]).toContain('500 epochs');
    const given = runToEnd(
      session.runSteps({ method: 'umap', options: { quality: false, epochs: 20 }, inputs: of }),
    );
    expect(given.automatic).toBeUndefined();
    expect(resultOf(given, 'object-embedding').notes?.[0]).toContain('20 epochs');
  });

  it('clusters into the number of classes by default: k-means and ROCK on zoo report k = 7', async () => {
    const session = await zooSession();
    const kmeans = (k: unknown) =>
      runToEnd(
        session.runSteps({ method: 'kmeans', options: { k }, inputs: { of: { method: 'cde' } } }),
      );
    const auto = kmeans('auto');
    expect(auto.automatic).toEqual({ k: 7 });
    expect(resultOf(auto, 'object-partition').title).toMatch(/\(k = 7\)$/);
    expect(kmeans(0).key).toBe(auto.key);
    expect(kmeans(3).automatic).toBeUndefined();
    const rock = runToEnd(session.runSteps({ method: 'rock', options: { k: 0 } }));
    expect(rock.call.options.k).toBe('auto');
    expect(rock.automatic).toEqual({ k: 7 });
  });
});
