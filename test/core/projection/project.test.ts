/** The projection steps as the worker, the CLI and the platform's calls expose them. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSpecs, resolveCall, type Call, type Progress } from '../../../src/core/index.ts';
import { cli } from '../../cli/cliRun.ts';
import { measure, resultOf } from '../../sessions.ts';
import { zooApi } from '../../worker/workerApi.ts';

/** A projection step of a representation. */
const projection = (method: string, of: string, options: Call['options'] = {}): Call => ({
  method,
  options,
  inputs: { of: { method: of } },
});

describe('worker API: run a projection step', () => {
  it('t-SNE of the CDE embedding reports intermediate layouts, KL and trustworthiness', async () => {
    const api = await zooApi();
    const layouts: Float64Array[] = [];
    const outcome = await api.run(
      projection('tsne', 'cde', { iterations: 500 }),
      [],
      2,
      (p: Progress & { layout?: Float64Array | null }) => {
        if (p.layout) layouts.push(p.layout.slice());
      },
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    const r = outcome.value;
    const layout = resultOf(r, 'object-embedding', 'layout');
    expect(layout).toMatchObject({ form: 'dense', n: 101, dims: 2 });
    expect(layout.form === 'dense' && layout.data).toHaveLength(2 * 101);
    expect(measure(r, 'kl', 'quality')).toBeGreaterThan(0);
    expect(measure(r, 'stress', 'quality')).toBeNull();
    expect(measure(r, 'k', 'quality')).toBe(10);
    expect(measure(r, 'trustworthiness', 'quality')).toBeGreaterThan(0.9);
    expect(layout.notes?.[0]).toMatch(
      /exact t-SNE, perplexity 30 on 90 neighbours, 500 iterations, PCA start/,
    );
    // The layout is titled by the representation it projects.
    expect(layout.title.startsWith('CDE embedding, ')).toBe(true);
    // Reported at most every 100 ms, so a short run may give few; each is a full layout.
    for (const l of layouts) expect(l).toHaveLength(2 * 101);
  });

  it('MDS and PCA of every embedding report stress; Hamming has MDS but no PCA', async () => {
    const api = await zooApi();
    for (const representation of ['cde', 'onehot', 'onehot-pca', 'idf', 'hamming'] as const) {
      const mds = await api.run(projection('mds', representation), [], 3);
      if (!mds.ok) throw new Error(mds.error.message);
      expect(measure(mds.value, 'stress', 'quality')).toBeGreaterThanOrEqual(0);
      expect(measure(mds.value, 'stress', 'quality')).toBeLessThan(1);
      expect(measure(mds.value, 'kl', 'quality')).toBeNull();
      expect(resultOf(mds.value, 'object-embedding', 'layout').notes).toEqual([
        'classical (Torgerson) MDS',
      ]);
    }
    const pca = await api.run(projection('pca', 'onehot'), [], 4);
    const mds = await api.run(projection('mds', 'onehot'), [], 5);
    if (!pca.ok || !mds.ok) throw new Error('projection failed');
    // Classical MDS of Euclidean distances is PCA: the same stress.
    expect(measure(pca.value, 'stress', 'quality')).toBeCloseTo(
      measure(mds.value, 'stress', 'quality') as number,
      9,
    );
    // A distance has no principal components: the call itself is refused.
    expect(() => resolveCall(projection('pca', 'hamming'))).toThrow(RangeError);
    expect(() => resolveCall(projection('pca', 'hamming'))).toThrow(/use MDS/);
    const hamming = await api.run(projection('pca', 'hamming'), [], 6);
    expect(hamming).toMatchObject({
      ok: false,
      error: { code: 'bad-option', message: expect.stringMatching(/use MDS/) },
    });
  });

  it('a running t-SNE stops on cancel and the session stays usable', async () => {
    const api = await zooApi();
    const pending = api.run(projection('tsne', 'onehot', { iterations: 100000 }), [], 9);
    setTimeout(() => api.cancel(9), 100);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const small = await api.run(projection('mds', 'idf'), [], 10);
    expect(small.ok).toBe(true);
  });

  it('bad calls are refused, naming the unknown method (with the known ones) or the option', async () => {
    const api = await zooApi();
    const known = allSpecs()
      .map((s) => s.id)
      .join(', ');
    const cases: [Call, string | RegExp][] = [
      [projection('tsne', 'bigan'), `unknown method “bigan” (${known})`],
      [projection('trimap', 'cde'), `unknown method “trimap” (${known})`],
      [projection('tsne', 'cde', { perplexity: -1 }), /^perplexity /],
      [projection('tsne', 'cde', { iterations: 1.5 }), /^iterations /],
      [projection('mds', 'cde', { landmarks: 2 }), /^landmarks /],
    ];
    for (const [call, message] of cases) {
      const outcome = await api.run(call, [], 11);
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          code: 'bad-option',
          message: typeof message === 'string' ? message : expect.stringMatching(message),
        },
      });
    }
    expect(known.split(', ')).toEqual(
      expect.arrayContaining([
        'cde',
        'onehot',
        'onehot-pca',
        'idf',
        'hamming',
        'tsne',
        'mds',
        'pca',
      ]),
    );
  });
});

describe('CLI: project', () => {
  it('prints the layout, KL and trustworthiness as `run tsne` does; --out coords.csv writes line,x,y', async () => {
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
    // `project` is an alias of `run tsne --of onehot` and prints the same JSON.
    const json = JSON.parse(run.stdout) as {
      method: string;
      inputs: { of: { method: string }[] };
      results: {
        layout: { kind: string; form: string; rows: number[][] };
        quality: { kind: string; values: Record<string, number | null> };
      };
      seconds: number;
    };
    expect(json.method).toBe('tsne');
    expect(json.inputs.of.map((c) => c.method)).toEqual(['onehot']);
    expect(json.results.layout).toMatchObject({ kind: 'object-embedding', form: 'dense' });
    expect(json.results.layout.rows).toHaveLength(101);
    expect(json.results.layout.rows[0]).toHaveLength(2);
    const quality = json.results.quality.values;
    expect(json.results.quality.kind).toBe('measures');
    expect(quality.kl).toBeGreaterThan(0);
    expect(quality.trustworthiness).toBeGreaterThan(0.9);
    expect(quality.continuity).toBeGreaterThan(0.9);
    // t-SNE reports no stress (the measure is there, empty).
    expect(quality.stress).toBeNull();
    expect(json.seconds).toBeGreaterThan(0);
    const same = await cli(
      'run',
      'tsne',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--of',
      'onehot',
      '--iterations',
      '500',
      '--seed',
      '3',
    );
    const direct = JSON.parse(same.stdout) as typeof json;
    expect(direct.results).toEqual(json.results);

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
    const summary = JSON.parse(mds.stdout) as {
      results: Record<string, { values?: Record<string, number | null> }>;
      csv: { file: string; result: string };
    };
    // The layout went to the CSV file; the rest (the quality) is printed.
    expect(summary.results).not.toHaveProperty('layout');
    expect(summary.csv).toEqual({ file: out, result: 'layout' });
    expect(summary.results.quality?.values?.stress).toBeGreaterThan(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    // Each object is named by its line in zoo.csv: the header is line 1, the first animal line 2.
    expect(lines[0]).toBe('line,x,y');
    expect(lines).toHaveLength(102);
    expect(lines[1]).toMatch(/^2,-?\d/);
    expect(lines[101]).toMatch(/^102,-?\d/);
  });

  it('an unknown representation exits 2 with the choices', async () => {
    const run = await cli('project', 'public/datasets/zoo.csv', '--representation', 'nope');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--of: unknown method “nope” \(cde, onehot, onehot-pca, idf, hamming, cas, caso, ofd, add, dilca, couplings, untie, sandcat\)/,
    );
  });
});
