import { describe, expect, it } from 'vitest';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import type { MethodOutput } from '../../../src/core/platform/spec.ts';
import { projectionStatus } from '../../../src/app/views/ProjectionView.tsx';

const output = (measures: Record<string, number>, n = 100, seconds = 2.26): MethodOutput =>
  ({
    key: '',
    call: resolveCall({ method: 'tsne', inputs: { of: { method: 'hamming' } } }),
    warnings: [],
    seconds,
    results: {
      layout: { kind: 'object-embedding', n, dims: 2, notes: ['Barnes-Hut, θ = 0.5'] },
      measures: {
        kind: 'measures',
        values: Object.entries(measures).map(([name, value]) => ({ name, value })),
      },
    },
  }) as unknown as MethodOutput;

describe('projectionStatus: the line under a projection', () => {
  it('t-SNE: what was projected, the note, KL, the neighbourhoods kept, the time', () => {
    const line = projectionStatus(
      output({ kl: 1.23456, trustworthiness: 0.9, continuity: 0.95, k: 10, sampled: 50 }),
    );
    expect(line).toBe(
      'Hamming · Barnes-Hut, θ = 0.5 · KL 1.235 · trustworthiness 0.900, continuity 0.950 (k = 10, 50 sampled) · 2.3 s',
    );
  });

  it('says nothing of sampling when every object was measured', () => {
    expect(
      projectionStatus(output({ trustworthiness: 0.9, continuity: 0.95, k: 7, sampled: 100 })),
    ).toBe(
      'Hamming · Barnes-Hut, θ = 0.5 · trustworthiness 0.900, continuity 0.950 (k = 7) · 2.3 s',
    );
  });

  it('PCA: the dimensions projected and the share of variance of its two axes; MDS: its stress', () => {
    expect(
      projectionStatus(output({ dims: 12, pc1Share: 0.4567, pc2Share: 0.2, stress: 0.0412 })),
    ).toBe(
      'Hamming (12 dims) · Barnes-Hut, θ = 0.5 · PC1 45.7%, PC2 20.0% of the variance · stress 0.041 · 2.3 s',
    );
  });
});
