/** The projection engine as the worker, the CLI and the representations expose it. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProjectionProgress } from '../src/core/project/project.ts';
import { cli } from './cliRun.ts';
import { zooApi } from './workerApi.ts';

describe('worker API: project', () => {
  it('t-SNE of the CDE embedding reports intermediate layouts, KL and trustworthiness', async () => {
    const api = await zooApi();
    const layouts: Float64Array[] = [];
    const outcome = await api.project(
      { representation: 'cde', projection: 'tsne', iterations: 500 },
      2,
      (p: ProjectionProgress) => {
        if (p.layout) layouts.push(p.layout.slice());
      },
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.value;
    expect(r.coordinates).toHaveLength(2 * 101);
    expect(r.kl).toBeGreaterThan(0);
    expect(r.stress).toBeNull();
    expect(r.quality?.k).toBe(10);
    expect(r.quality?.trustworthiness).toBeGreaterThan(0.9);
    expect(r.detail).toMatch(
      /exact t-SNE, perplexity 30 on 90 neighbours, 500 iterations, PCA start/,
    );
    expect(r.representationTitle).toBe('CDE embedding');
    // Reported at most every 100 ms, so a short run may give few; each is a full layout.
    for (const layout of layouts) expect(layout).toHaveLength(2 * 101);
  });

  it('MDS and PCA of every embedding report stress; Hamming has MDS but no PCA', async () => {
    const api = await zooApi();
    for (const representation of ['cde', 'onehot', 'onehot-pca', 'idf', 'hamming'] as const) {
      const mds = await api.project({ representation, projection: 'mds' }, 3);
      if (!mds.ok) throw new Error(mds.error.message);
      expect(mds.value.stress).toBeGreaterThanOrEqual(0);
      expect(mds.value.stress).toBeLessThan(1);
      expect(mds.value.kl).toBeNull();
      expect(mds.value.detail).toBe('classical (Torgerson) MDS');
    }
    const pca = await api.project({ representation: 'onehot', projection: 'pca' }, 4);
    const mds = await api.project({ representation: 'onehot', projection: 'mds' }, 5);
    if (!pca.ok || !mds.ok) throw new Error('projection failed');
    // Classical MDS of Euclidean distances is PCA: the same stress.
    expect(pca.value.stress).toBeCloseTo(mds.value.stress as number, 9);
    const hamming = await api.project({ representation: 'hamming', projection: 'pca' }, 6);
    expect(hamming).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/use MDS/) },
    });
  });

  it('a running t-SNE stops on cancel and the session stays usable', async () => {
    const api = await zooApi();
    const pending = api.project(
      { representation: 'onehot', projection: 'tsne', iterations: 100000 },
      9,
    );
    setTimeout(() => api.cancel(9), 100);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const small = await api.project({ representation: 'idf', projection: 'mds' }, 10);
    expect(small.ok).toBe(true);
  });

  it('bad requests are refused with the option named', async () => {
    const api = await zooApi();
    const cases = [
      [{ representation: 'untie', projection: 'tsne' }, /representation/],
      [{ representation: 'cde', projection: 'umap' }, /projection/],
      [{ representation: 'cde', projection: 'tsne', perplexity: -1 }, /perplexity/],
      [{ representation: 'cde', projection: 'tsne', iterations: 1.5 }, /iterations/],
      [{ representation: 'cde', projection: 'mds', mds: { landmarks: 2 } }, /landmarks/],
    ] as const;
    for (const [request, message] of cases) {
      // @ts-expect-error deliberately invalid requests
      const outcome = await api.project(request, 11);
      expect(outcome).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(message) },
      });
    }
  });
});

describe('CLI: project', () => {
  it('prints coordinates, KL and trustworthiness; --out coords.csv writes row,x,y', async () => {
    const run = await cli(
      'project',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--representation',
      'onehot',
      '--projection',
      'tsne',
      '--iterations',
      '500',
      '--seed',
      '3',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(json.coordinates).toHaveLength(101);
    expect((json.coordinates as number[][])[0]).toHaveLength(2);
    expect(json.kl).toBeGreaterThan(0);
    expect(json.trustworthiness).toBeGreaterThan(0.9);
    expect(json.continuity).toBeGreaterThan(0.9);
    expect(json).not.toHaveProperty('stress');
    expect(json.seconds).toBeGreaterThan(0);

    const dir = mkdtempSync(join(tmpdir(), 'project-'));
    const out = join(dir, 'coords.csv');
    const mds = await cli(
      'project',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--projection',
      'mds',
      '--out',
      out,
    );
    expect(mds.code).toBe(0);
    const summary = JSON.parse(mds.stdout) as Record<string, unknown>;
    expect(summary).not.toHaveProperty('coordinates');
    expect(summary.stress).toBeGreaterThan(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('row,x,y');
    expect(lines).toHaveLength(102);
    expect(lines[1]).toMatch(/^1,-?\d/);
  });

  it('an unknown representation exits 2 with the choices', async () => {
    const run = await cli('project', 'public/datasets/zoo.csv', '--representation', 'nope');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /unknown representation “nope” \(cde, onehot, onehot-pca, idf, hamming\)/,
    );
  });
});
