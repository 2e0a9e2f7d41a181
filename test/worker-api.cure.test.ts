/** The CURE calls of the worker API, called directly as the worker exposes them. */
import { describe, expect, it } from 'vitest';
import { zooApi } from './workerApi.ts';

describe('worker API: CURE', () => {
  it('cde: matrices, granularities, a projection of every object and k-means clusters', async () => {
    const api = await zooApi();
    const outcome = await api.cde({ seed: 1 }, 2);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.value;
    expect(r.mo).toHaveLength(36 * 36);
    expect(r.projection).toHaveLength(2 * 101);
    expect(r.objectClusters).toHaveLength(101);
    expect(r.objectClusterK).toBe(7);
    expect(new Set(r.objectClusters).size).toBe(7);
    expect(r.projectionShare[0]).toBeGreaterThanOrEqual(r.projectionShare[1]);
    expect(r.projectionShare[0] + r.projectionShare[1]).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('cosh with an outlier class reports the AUC; rowsHolding and objectRows answer queries', async () => {
    const api = await zooApi();
    const cosh = await api.cosh({}, 'amphibian', 3);
    expect(cosh.ok && cosh.value.auc).toBeGreaterThan(0);
    const holding = await api.rowsHolding([12 * 2], 'any'); // legs (13th attribute) value 0
    if (!holding.ok) throw new Error(holding.error.message);
    const rows = await api.objectRows(holding.value);
    if (!rows.ok) throw new Error(rows.error.message);
    const D = 16;
    for (let i = 0; i < holding.value.length; i++) expect(rows.value[i * D + 12]).toBe(0);
    const bad = await api.objectRows(Int32Array.from([101]));
    expect(bad).toMatchObject({ ok: false });
  });

  it('a running evaluation stops on cancel and the session stays usable', async () => {
    const api = await zooApi();
    const pending = api.evaluate({ runs: 5000 }, 9);
    setTimeout(() => api.cancel(9), 50);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const small = await api.evaluate({ runs: 2, methods: ['idf'] }, 10);
    expect(small.ok && small.value.results).toHaveLength(1);
  });
});
