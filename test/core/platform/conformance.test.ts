/**
 * The conformance suite every registered method and step passes (conformanceSuite.ts): a
 * well-formed spec, determinism under a seed, validation, result shapes, cancel, transfer, and
 * a detector's explanation.
 */
import { describe, expect, it } from 'vitest';
import { allSpecs, hasMethod } from '../../../src/core/platform/registry.ts';
import { conformanceChecks } from './conformanceSuite.ts';

const SPECS = allSpecs();

describe('the registry', () => {
  it('holds the CURE methods, Hamming and the generic steps', () => {
    for (const id of [
      'cde',
      'cosh',
      'onehot',
      'onehot-pca',
      'idf',
      'hamming',
      'tsne',
      'mds',
      'pca',
      'kmeans',
      'evaluate-clustering',
      'evaluate-outliers',
    ])
      expect(hasMethod(id), id).toBe(true);
  });
});

describe.each(SPECS.map((s) => [s.id, s] as const))('conformance of %s', (_id, spec) =>
  conformanceChecks(spec),
);

describe('discovery', () => {
  it('the CLI (reading the folders) and the app and worker (import.meta.glob) find the same specs', async () => {
    const { methodModules } = await import('../../../src/cli/discover.ts');
    const { isMethodSpec } = await import('../../../src/core/platform/spec.ts');
    const found = Object.values(await methodModules()).flatMap((m) =>
      Object.values(m as Record<string, unknown>)
        .filter(isMethodSpec)
        .map((s) => s.id),
    );
    expect(found.sort()).toEqual(SPECS.map((s) => s.id).sort());
  });
});
