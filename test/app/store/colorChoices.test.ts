/** The colour-by menu: computed partitions and scores, and clusterings offered to run. */
import { describe, expect, it } from 'vitest';
import { colorChoices } from '../../../src/app/store/colorChoices.ts';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import type { ResultEntry } from '../../../src/app/store/resultsSlice.ts';

function done(method: string): Record<string, ResultEntry> {
  const call = resolveCall({ method });
  return {
    [call.key]: {
      key: call.key,
      call,
      status: 'done',
      output: { key: call.key, call, results: {}, warnings: [], seconds: 0 },
    } as unknown as ResultEntry,
  };
}

describe('colour-by choices', () => {
  it('offer k-means and spectral clustering of a computed representation, and ROCK / CROCK', () => {
    const labels = colorChoices(done('cas'), 101).map((c) => c.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'k-means of Coupled attribute similarity',
        'spectral clustering of Coupled attribute similarity',
        'ROCK (Jaccard, θ = 0.5)',
        'CROCK (CASO/n, θ = 0.9)',
      ]),
    );
  });

  it('leave out the dense-matrix clusterings on tables too large for them', () => {
    const labels = colorChoices(done('cas'), 8124).map((c) => c.label);
    expect(labels).toContain('k-means of Coupled attribute similarity');
    expect(labels.some((l) => l.startsWith('spectral'))).toBe(false);
    expect(labels.some((l) => /ROCK/.test(l))).toBe(false);
  });
});
