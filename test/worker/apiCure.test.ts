/** The CURE calls of the worker API, called directly as the worker exposes them. */
import { describe, expect, it } from 'vitest';
import type { Call } from '../../src/core/index.ts';
import { measure, resultOf } from '../sessions.ts';
import { zooApi } from './workerApi.ts';

const CDE: Call = { method: 'cde', options: { seed: 1 } };

describe('worker API: CURE', () => {
  it('cde: matrices and granularities; the pca and kmeans steps of cde: a projection of every object and k-means clusters', async () => {
    const api = await zooApi();
    const outcome = await api.run(CDE, [], 2);
    if (!outcome.ok) throw new Error(outcome.error.message);
    const cde = outcome.value;
    expect(resultOf(cde, 'value-matrix', 'mo').data).toHaveLength(36 * 36);
    expect(resultOf(cde, 'value-matrix', 'mc').data).toHaveLength(36 * 36);
    const granularities = resultOf(cde, 'value-partitions', 'granularities').partitions;
    expect(granularities[0]).toMatchObject({ name: 'Mc k=2', k: 2 });
    expect(resultOf(cde, 'object-embedding', 'embedding').n).toBe(101);

    // The projection of the objects: PCA of CDE, here on another worker's session, which is
    // handed the CDE output and so does not compute CDE again.
    const other = await zooApi();
    const pca = await other.run({ method: 'pca', inputs: { of: CDE } }, [cde], 3);
    if (!pca.ok) throw new Error(pca.error.message);
    expect(await other.stats()).toEqual({ pca: 1 });
    const layout = resultOf(pca.value, 'object-embedding', 'layout');
    expect(layout).toMatchObject({ form: 'dense', n: 101, dims: 2 });
    expect(layout.form === 'dense' && layout.data).toHaveLength(2 * 101);
    const pc1 = measure(pca.value, 'pc1Share', 'quality') as number;
    const pc2 = measure(pca.value, 'pc2Share', 'quality') as number;
    expect(pc1).toBeGreaterThanOrEqual(pc2);
    expect(pc1 + pc2).toBeLessThanOrEqual(1 + 1e-9);

    // k-means clusters of the objects: k = the 7 classes by default.
    const kmeans = await api.run({ method: 'kmeans', inputs: { of: CDE } }, [], 4);
    if (!kmeans.ok) throw new Error(kmeans.error.message);
    const partition = resultOf(kmeans.value, 'object-partition', 'partition');
    expect(partition.labels).toHaveLength(101);
    expect(partition.k).toBe(7);
    expect(new Set(partition.labels).size).toBe(7);
    expect(await api.stats()).toEqual({ cde: 1, kmeans: 1 });
  });

  it('the outlier evaluation of cosh reports the AUC; rowsHolding and objectRows answer queries', async () => {
    const api = await zooApi();
    const evaluation = await api.run(
      {
        method: 'evaluate-outliers',
        options: { outlierClass: 'amphibian' },
        inputs: { methods: [{ method: 'cosh' }] },
      },
      [],
      3,
    );
    if (!evaluation.ok) throw new Error(evaluation.error.message);
    const rows = resultOf(evaluation.value, 'table', 'table').rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.auc).toBeGreaterThan(0);
    const holding = await api.rowsHolding([12 * 2], 'any'); // legs (13th attribute) value 0
    if (!holding.ok) throw new Error(holding.error.message);
    const codes = await api.objectRows(holding.value);
    if (!codes.ok) throw new Error(codes.error.message);
    const D = 16;
    for (let i = 0; i < holding.value.length; i++) expect(codes.value[i * D + 12]).toBe(0);
    const bad = await api.objectRows(Int32Array.from([101]));
    expect(bad).toMatchObject({ ok: false });
  });

  it('a running evaluation stops on cancel and the session stays usable', async () => {
    const api = await zooApi();
    const evaluation = (methods: string[], runs: number): Call => ({
      method: 'evaluate-clustering',
      options: { runs },
      inputs: { methods: methods.map((method) => ({ method })) },
    });
    const pending = api.run(evaluation(['cde', 'onehot', 'onehot-pca', 'idf'], 1000), [], 9);
    setTimeout(() => api.cancel(9), 50);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const small = await api.run(evaluation(['idf'], 2), [], 10);
    if (!small.ok) throw new Error(small.error.message);
    expect(resultOf(small.value, 'table', 'table').rows).toHaveLength(1);
  });
});
