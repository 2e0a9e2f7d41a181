/**
 * The worker pool's scheduling, with in-process workers (each a full explorer API): the table
 * reaches every worker, a call's inputs are computed once however many callers ask, equal calls
 * are shared, a cancel by one caller does not stop another's, and a crashed worker is replaced
 * and takes the table from another.
 */
import type { Remote } from 'comlink';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExplorerApi, type ExplorerApi } from '../../src/worker/api.ts';
import { WorkerPool } from '../../src/worker/pool.ts';
import type { Outcome } from '../../src/worker/api.ts';
import type { MethodOutput } from '../../src/core/platform/spec.ts';

const ZOO = new Blob([readFileSync(new URL('../../public/datasets/zoo.csv', import.meta.url))]);

function inProcessPool(size: number) {
  const crashes: ((reason: string) => void)[] = [];
  const pool = new WorkerPool({
    size,
    spawn(index, onCrash) {
      crashes[index] = onCrash;
      return { api: createExplorerApi() as unknown as Remote<ExplorerApi>, terminate: () => {} };
    },
  });
  return { pool, crash: (i: number) => crashes[i]?.('test crash') };
}

async function loaded(size = 2) {
  const p = inProcessPool(size);
  const outcome = await p.pool.load(ZOO, {}, { classColumn: 'type' }).promise;
  expect(outcome.ok).toBe(true);
  return p;
}

const CDE = { method: 'cde', options: { seed: 1 } };

/** The dimensions of an object embedding a run produced (0 when it failed). */
function dims(o: Outcome<MethodOutput> | undefined): number {
  return o?.ok && o.value.results.embedding?.kind === 'object-embedding'
    ? o.value.results.embedding.dims
    : 0;
}

describe('worker pool', () => {
  it('every worker holds the table: jobs run on any of them', async () => {
    const { pool } = await loaded();
    const outcomes = await Promise.all(
      ['onehot', 'idf', 'hamming', 'onehot-pca'].map((method) => pool.run({ method }).promise),
    );
    for (const o of outcomes) expect(o.ok).toBe(true);
    const counts = await pool.counts({}).promise;
    expect(counts.ok && counts.value.nRows).toBe(101);
  });

  it('a CDE panel, two projections of it and a k-means of it compute CDE once', async () => {
    const { pool } = await loaded();
    const runs = [
      pool.run(CDE),
      pool.run({ method: 'mds', inputs: { of: CDE } }),
      pool.run({ method: 'pca', inputs: { of: CDE } }),
      pool.run({ method: 'kmeans', inputs: { of: CDE } }),
    ];
    for (const o of await Promise.all(runs.map((r) => r.promise))) expect(o.ok).toBe(true);
    expect((await pool.stats()).cde).toBe(1);
    // Asked again later: served, not computed.
    expect(
      (await pool.run({ method: 'tsne', options: { iterations: 50 }, inputs: { of: CDE } }).promise)
        .ok,
    ).toBe(true);
    expect((await pool.stats()).cde).toBe(1);
  });

  it('evaluations share the seeded fits: CDE is fitted once per seed for three of them', async () => {
    const { pool } = await loaded();
    const methods = [{ method: 'cde' }, { method: 'onehot' }];
    const runs = [
      pool.run({ method: 'evaluate-clustering', options: { runs: 4 }, inputs: { methods } }),
      pool.run({ method: 'eps-gamma', options: { fits: 4 }, inputs: { methods } }),
      pool.run({ method: 'retrieval', options: { fits: 4 }, inputs: { methods } }),
    ];
    for (const o of await Promise.all(runs.map((r) => r.promise))) expect(o.ok).toBe(true);
    // Seeds 0–3, each computed once over both workers (before: once per evaluation's worker).
    expect((await pool.stats()).cde).toBe(4);
  });

  it('a listed method that fails is its row’s reason; the evaluation completes', async () => {
    const { pool } = await loaded();
    // SAnDCat with a normal class zoo does not have cannot run on this table.
    const bad = { method: 'sandcat', options: { normalClass: 'unicorn' } };
    const outcome = await pool.run({
      method: 'eps-gamma',
      inputs: { methods: [{ method: 'onehot' }, bad] },
    }).promise;
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const table = outcome.value.results.table;
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.failures?.map((f) => f.method)).toEqual(['sandcat']);
    expect(table.failures?.[0]?.reason).toMatch(/unicorn/);
    expect(table.rows.find((r) => r.method === 'onehot')?.area).toEqual(expect.any(Number));
    // Asked again, the failed method is not run again: the pool answers with its failure.
    const again = await pool.run(bad).promise;
    expect(again.ok).toBe(false);
    expect((await pool.stats()).sandcat ?? 0).toBe(0);
  });

  it('equal calls share one run; one caller cancelling leaves the other its result', async () => {
    const { pool } = await loaded();
    const call = {
      method: 'tsne',
      options: { iterations: 300 },
      inputs: { of: { method: 'onehot' } },
    };
    const a = pool.run(call);
    const b = pool.run(call);
    a.cancel();
    const [ra, rb] = await Promise.all([a.promise, b.promise]);
    expect(rb.ok).toBe(true);
    expect(ra.ok).toBe(true); // the shared run went on for b; a's answer is the same output
    expect((await pool.stats()).tsne).toBe(1);
  });

  it('a run cancelled by its only caller stops', async () => {
    const { pool } = await loaded();
    const run = pool.run({
      method: 'tsne',
      options: { iterations: 100000 },
      inputs: { of: { method: 'idf' } },
    });
    setTimeout(() => run.cancel(), 50);
    expect(await run.promise).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('a crashed worker is replaced and takes the table from another', async () => {
    const { pool, crash } = await loaded();
    const lost: string[] = [];
    pool.onRestart = (reason) => lost.push(reason);
    crash(0);
    const first = await Promise.all(
      [0, 1, 2, 3].map((s) => pool.run({ method: 'cde', options: { seed: s } }).promise),
    );
    for (const o of first) expect(o.ok).toBe(true);
    // The other one now, with the first's replacement holding the table.
    crash(1);
    const outcomes = await Promise.all(
      [4, 5, 6, 7].map((s) => pool.run({ method: 'cde', options: { seed: s } }).promise),
    );
    for (const o of outcomes) expect(o.ok).toBe(true);
    expect(lost).toEqual([]);
  });

  it('when every worker crashed, the page is told once that the table is lost; read again, it computes', async () => {
    const { pool, crash } = await loaded();
    const lost: string[] = [];
    pool.onRestart = (reason) => lost.push(reason);
    crash(0);
    crash(1);
    // Both replacements start (after 0.5 s and 1 s) with no worker left to give them the table.
    await expect.poll(() => lost, { timeout: 10_000 }).toEqual(['test crash']);
    expect((await pool.load(ZOO, {}, { classColumn: 'type' }).promise).ok).toBe(true);
    const outcomes = await Promise.all(
      [0, 1].map((s) => pool.run({ method: 'cde', options: { seed: s } }).promise),
    );
    for (const o of outcomes) expect(o.ok).toBe(true);
    expect(lost).toHaveLength(1);
  });

  it('a re-modelled table never reuses the old table’s outputs', async () => {
    const { pool } = await loaded();
    const before = await pool.run({ method: 'onehot' }).promise;
    const remodel = await pool.prepare({ classColumn: 'type', drop: ['legs'] }).promise;
    expect(remodel.ok).toBe(true);
    const after = await pool.run({ method: 'onehot' }).promise;
    expect(dims(before)).toBe(36);
    expect(dims(after)).toBe(30);
  });

  it('a column change re-models on an idle worker, not behind a long job of the old table', async () => {
    const prepared: number[] = [];
    const ranTsne: number[] = [];
    const pool = new WorkerPool({
      size: 2,
      spawn(index) {
        const api = createExplorerApi();
        const prepare = api.prepare.bind(api);
        const run = api.run.bind(api);
        api.prepare = (options) => {
          prepared.push(index);
          return prepare(options);
        };
        api.run = (call, ...rest) => {
          if (call.method === 'tsne') ranTsne.push(index);
          return run(call, ...rest);
        };
        return { api: api as unknown as Remote<ExplorerApi>, terminate: () => {} };
      },
    });
    expect((await pool.load(ZOO, {}, { classColumn: 'type' }).promise).ok).toBe(true);
    const long = pool.run({
      method: 'tsne',
      options: { iterations: 100000 },
      inputs: { of: { method: 'idf' } },
    });
    // The t-SNE's input ran; the t-SNE itself now holds one worker.
    await new Promise((r) => setTimeout(r, 200));
    const remodel = await pool.prepare({ classColumn: 'type', drop: ['legs'] }).promise;
    expect(remodel.ok && remodel.value.meta.attributes.length).toBe(15);
    long.cancel();
    expect((await long.promise).ok).toBe(false);
    expect(prepared).toHaveLength(1);
    expect(ranTsne).toHaveLength(1);
    expect(prepared[0]).not.toBe(ranTsne[0]);
    // Then both workers hold the new table (one-hot: 30 values; IDF: one weight per attribute).
    const [onehot, idf] = await Promise.all(
      ['onehot', 'idf'].map((method) => pool.run({ method }).promise),
    );
    expect([dims(onehot), dims(idf)]).toEqual([30, 15]);
  });

  it('a worker restarted while it adopts a new table does not hold the table change up', async () => {
    // The first worker 1 never answers `adopt`, as a terminated worker never answers.
    let silent = true;
    const crashes: ((reason: string) => void)[] = [];
    const pool = new WorkerPool({
      size: 2,
      spawn(index, onCrash) {
        crashes[index] = onCrash;
        const api = createExplorerApi();
        if (index === 1 && silent) {
          const adopt = api.adopt.bind(api);
          let adopted = 0;
          api.adopt = (snapshot) =>
            ++adopted === 1 ? adopt(snapshot) : new Promise<never>(() => {});
          silent = false;
        }
        return { api: api as unknown as Remote<ExplorerApi>, terminate: () => {} };
      },
    });
    expect((await pool.load(ZOO, {}, { classColumn: 'type' }).promise).ok).toBe(true);
    const remodel = pool.prepare({ classColumn: 'type', drop: ['legs'] });
    await new Promise((r) => setTimeout(r, 100));
    crashes[1]?.('test crash');
    const outcome = await remodel.promise;
    expect(outcome.ok && outcome.value.meta.attributes.length).toBe(15);
    // The restarted worker took the new table: both workers serve it.
    const [onehot, idf] = await Promise.all(
      ['onehot', 'idf'].map((method) => pool.run({ method }).promise),
    );
    expect(onehot?.ok && idf?.ok).toBe(true);
    expect((await pool.counts({}).promise).ok).toBe(true);
  });

  it('two files opened in quick succession: every worker ends with the second', async () => {
    // Worker 0 starts its jobs late, as a worker finishing another job's step would.
    const pool = new WorkerPool({
      size: 2,
      spawn(index) {
        const api = createExplorerApi();
        const load = api.load.bind(api);
        if (index === 0)
          api.load = async (...args) => {
            await new Promise((r) => setTimeout(r, 300));
            return load(...args);
          };
        return { api: api as unknown as Remote<ExplorerApi>, terminate: () => {} };
      },
    });
    const lenses = new Blob([
      readFileSync(new URL('../../public/datasets/contact-lenses.csv', import.meta.url)),
    ]);
    const first = pool.load(ZOO, {}, { classColumn: 'type' });
    const second = pool.load(lenses, {}, { classColumn: 'contact-lenses' });
    const [a, b] = await Promise.all([first.promise, second.promise]);
    expect(a.ok && b.ok).toBe(true);
    // Two calls at once run on the two workers: both see contact-lenses (4 attributes, 9 values).
    const [onehot, idf] = await Promise.all(
      ['onehot', 'idf'].map((method) => pool.run({ method }).promise),
    );
    expect([dims(onehot), dims(idf)]).toEqual([9, 4]);
  });

  it('tells how many jobs run whenever that changes (the page beats only while some do)', async () => {
    const told: number[] = [];
    const pool = new WorkerPool({
      size: 2,
      onRunning: (jobs) => told.push(jobs),
      spawn: () => ({
        api: createExplorerApi() as unknown as Remote<ExplorerApi>,
        terminate: () => {},
      }),
    });
    expect((await pool.load(ZOO, {}, { classColumn: 'type' }).promise).ok).toBe(true);
    const runs = [pool.run({ method: 'onehot' }), pool.run({ method: 'idf' })];
    await Promise.all(runs.map((r) => r.promise));
    expect(told.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...told)).toBe(2);
    expect(told.at(-1)).toBe(0);
    expect(told.every((n) => n >= 0 && n <= 2)).toBe(true);
  });

  it('an invalid call is refused at once, naming the option', async () => {
    const { pool } = await loaded();
    expect(await pool.run({ method: 'cde', options: { alpha: 0 } }).promise).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^alpha must be/) },
    });
  });
});

describe('table sharing', () => {
  it('when cross-origin isolated, the snapshot a worker hands over is in shared memory, once', async () => {
    const g = globalThis as { crossOriginIsolated?: boolean };
    const before = g.crossOriginIsolated;
    g.crossOriginIsolated = true;
    try {
      const a = createExplorerApi();
      const b = createExplorerApi();
      expect((await a.load(ZOO, {}, { classColumn: 'type' }, 1)).ok).toBe(true);
      const snapshot = await a.snapshot();
      if (!snapshot.ok) throw new Error(snapshot.error.message);
      const codes = snapshot.value.table.attributes[0]?.codes;
      expect(codes?.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(snapshot.value.raw?.columns[0]?.codes.buffer).toBeInstanceOf(SharedArrayBuffer);
      // Asked again: the same shared arrays, not new copies.
      const again = await a.snapshot();
      expect(again.ok && again.value.table.attributes[0]?.codes).toBe(codes);
      expect((await b.adopt(snapshot.value)).ok).toBe(true);
      const [ra, rb] = await Promise.all([
        a.run({ method: 'idf' }, [], 2),
        b.run({ method: 'idf' }, [], 3),
      ]);
      if (!ra.ok || !rb.ok) throw new Error('runs failed');
      expect(
        JSON.stringify(rb.value.results, (_k, v: unknown) =>
          ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
        ),
      ).toBe(
        JSON.stringify(ra.value.results, (_k, v: unknown) =>
          ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
        ),
      );
    } finally {
      g.crossOriginIsolated = before;
    }
  });
});

describe('crash recovery', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * A pool of `size` stub workers whose calls never answer but `stats`; it logs each spawn and
   * each worker's crash report.
   */
  function stubPool(size: number) {
    const spawned: number[] = [];
    const crashes: ((reason: string) => void)[] = [];
    const reports: ((reason: string) => void)[] = [];
    const pool = new WorkerPool({
      size,
      spawn(index, onCrash) {
        spawned.push(Date.now());
        crashes[index] = onCrash;
        reports.push(onCrash);
        const api = {
          stats: async () => ({ spawned: spawned.length }),
          counts: () => new Promise<never>(() => {}),
        };
        return { api: api as unknown as Remote<ExplorerApi>, terminate: () => {} };
      },
    });
    const told: string[] = [];
    pool.onBroken = (message) => told.push(message);
    return { pool, spawned, told, reports, crash: (i: number) => crashes[i]?.('test crash') };
  }

  const STOPPED =
    'The computation workers kept crashing (5 times in a minute); reload the page to try again.';

  it('replaces a crashed worker after 0.5 s, 1 s, 2 s, 4 s; the fifth crash in a minute stops the pool, told once', async () => {
    vi.useFakeTimers();
    const { pool, spawned, told, crash } = stubPool(1);
    expect(spawned).toHaveLength(1);
    for (const wait of [500, 1000, 2000, 4000]) {
      const before = spawned.length;
      crash(0);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(spawned, `still waiting ${wait} ms`).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(spawned).toHaveLength(before + 1);
    }
    // A job on the worker when it crashes the fifth time fails with the reason to reload.
    const pending = pool.counts({});
    crash(0);
    expect(await pending.promise).toEqual({
      ok: false,
      error: { code: 'internal', message: STOPPED },
    });
    expect(told).toEqual([STOPPED]);
    expect(pool.broken).toBe(STOPPED);
    // No worker is started again, and every later job fails at once with the same reason.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(spawned).toHaveLength(5);
    expect(await pool.counts({}).promise).toMatchObject({ ok: false, error: { message: STOPPED } });
    crash(0);
    expect(told).toEqual([STOPPED]);
  });

  it('crashes a minute apart never stop the pool, and the wait starts again at 0.5 s', async () => {
    vi.useFakeTimers();
    const { pool, spawned, told, crash } = stubPool(1);
    for (let i = 0; i < 8; i++) {
      const before = spawned.length;
      crash(0);
      await vi.advanceTimersByTimeAsync(500);
      expect(spawned).toHaveLength(before + 1);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    expect(told).toEqual([]);
    expect(pool.broken).toBeNull();
  });

  it('a job given to a replacement waiting out its backoff runs once it starts', async () => {
    vi.useFakeTimers();
    const { pool, crash } = stubPool(1);
    crash(0);
    let answer: unknown = null;
    void pool
      .query(async (api) => ({ ok: true, value: await api.stats() }))
      .then((o) => (answer = o));
    await vi.advanceTimersByTimeAsync(499);
    expect(answer).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ ok: true, value: { spawned: 2 } });
  });

  it('a crash reported twice by the same worker replaces it once, and counts once', async () => {
    vi.useFakeTimers();
    const { spawned, reports, crash } = stubPool(1);
    const first = reports[0] as (reason: string) => void;
    first('test crash');
    first('test crash, told again');
    await vi.advanceTimersByTimeAsync(500);
    expect(spawned).toHaveLength(2);
    // Late, after its replacement started: not the current worker's crash.
    first('test crash, told late');
    await vi.advanceTimersByTimeAsync(60_000 - 501);
    expect(spawned).toHaveLength(2);
    // The second crash in the minute: 1 s.
    crash(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(spawned).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(spawned).toHaveLength(3);
  });
});
