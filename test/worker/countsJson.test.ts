/**
 * A counts file dropped on the explorer (src/worker/countsJson.ts, api.ts's load): known by its
 * content, taken as a table known by its counts alone whose value-level results are the CSV's,
 * handed from worker to worker with its counts, and refused in one line without losing the table
 * already loaded. (The Parquet long form goes through DuckDB-Wasm: e2e/counts-file.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createExplorerApi } from '../../src/worker/api.ts';
import type { MethodOutput } from '../../src/core/platform/spec.ts';

const zoo = readFileSync(new URL('../../public/datasets/zoo.csv', import.meta.url));
const countsJson = readFileSync(
  new URL('../../e2e/fixtures/zoo.clickhouse.counts.json', import.meta.url),
);

/** The results as plain JSON (typed arrays as lists), to compare two runs. */
function plain(output: MethodOutput, names: string[]): string {
  const picked = Object.fromEntries(names.map((n) => [n, output.results[n]]));
  return JSON.stringify(picked, (_k, v: unknown) =>
    ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
  );
}

async function ok<T>(outcome: Promise<{ ok: true; value: T } | { ok: false; error: unknown }>) {
  const o = await outcome;
  if (!o.ok) throw new Error(JSON.stringify(o.error));
  return o.value;
}

describe('a counts file through the worker API', () => {
  it('is known by its content (whatever its name) and gives the CSV’s CDE, value by value', async () => {
    const api = createExplorerApi();
    const loaded = await ok(api.load(new File([countsJson], 'counts.txt'), {}, {}, 1));
    expect(loaded.meta.rowless).toBe(true);
    expect(loaded.summary).toMatchObject({ rows: 101, droppedRows: 0 });
    expect(loaded.meta.attributes.map((a) => a.name)).toContain('type');
    const counts = await ok(api.counts({}, 2));
    expect(counts.nRows).toBe(101);

    const csv = createExplorerApi();
    // The counts command reads type as a feature: the CSV with no class column is the same table.
    const fromCsv = await ok(csv.load(new Blob([zoo]), {}, { classColumn: null }, 3));
    expect(fromCsv.meta.rowless).toBeUndefined();
    expect(loaded.meta.attributes).toEqual(fromCsv.meta.attributes);
    const cde = await ok(api.run({ method: 'cde' }, [], 4));
    const cdeCsv = await ok(csv.run({ method: 'cde' }, [], 5));
    expect(plain(cde, ['mo', 'mc', 'granularities'])).toBe(
      plain(cdeCsv, ['mo', 'mc', 'granularities']),
    );
    expect(Object.keys(cde.results.granularities ?? {})).toContain('partitions');
  });

  it('refuses a method that reads the rows, with the reason, before it runs', async () => {
    const api = createExplorerApi();
    await ok(api.load(new File([countsJson], 'zoo.counts.json'), {}, {}, 1));
    const reasons = await ok(
      api.preconditions([{ method: 'cde' }, { method: 'tsne', inputs: { of: { method: 'cde' } } }]),
    );
    expect(reasons[0]).toBeNull();
    expect(reasons[1]).toMatch(/^t-SNE needs the table's rows/);
    expect(
      await api.run({ method: 'tsne', inputs: { of: { method: 'cde' } } }, [], 2),
    ).toMatchObject({ ok: false, error: { code: 'needs-rows' } });
  });

  it('is handed to another worker with its counts (snapshot and adopt)', async () => {
    const a = createExplorerApi();
    const b = createExplorerApi();
    await ok(a.load(new File([countsJson], 'zoo.counts.json'), {}, {}, 1));
    const snapshot = await ok(a.snapshot());
    expect(snapshot.raw).toBeNull();
    expect(snapshot.counts?.nRows).toBe(101);
    const adopted = await ok(b.adopt(snapshot));
    expect(adopted.meta.rowless).toBe(true);
    const [ra, rb] = await Promise.all([
      ok(a.run({ method: 'cosh' }, [], 2)),
      ok(b.run({ method: 'cosh' }, [], 3)),
    ]);
    expect(plain(rb, ['valueScores', 'granularities'])).toBe(
      plain(ra, ['valueScores', 'granularities']),
    );
    // No object scores without rows: the value scores stand for them.
    expect(ra.results.scores).toBeUndefined();
  });

  it('a bad counts file ends in one line and the table already loaded stays', async () => {
    const api = createExplorerApi();
    await ok(api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1));
    const json = JSON.parse(countsJson.toString('utf8')) as {
      values: { count: number }[];
      cooccurrence: number[][];
    };
    json.values[0]!.count += 1;
    json.cooccurrence[0]![0]! += 1;
    const bad = [
      JSON.stringify(json), // hair's counts add up to 102 of 101 rows
      JSON.stringify({ ...json, cooccurrence: json.cooccurrence.slice(1) }), // not L × L
      '{"rows": 0, "values": [], "cooccurrence": []}', // empty
      '{"rows": 101, "values": [', // not JSON, named .json
      '{"name": "not counts"}',
    ];
    for (const [i, text] of bad.entries()) {
      const outcome = await api.load(new File([text], 'bad.counts.json'), {}, {}, 10 + i);
      expect(outcome.ok, text.slice(0, 40)).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.error.code).toBe('bad-option');
      expect(outcome.error.message).not.toContain('\n');
      expect(outcome.error.message).toMatch(/counts|JSON/);
    }
    // Zoo, as it was: its class column, its rows.
    const counts = await ok(api.counts({ rowsWhere: { column: 'type', value: 'bird' } }, 20));
    expect(counts.nRows).toBe(20);
    expect((await ok(api.run({ method: 'hamming' }, [], 21))).results).toBeDefined();
  });

  it('a CSV whose first cell starts with “{” is still read as CSV', async () => {
    const api = createExplorerApi();
    const loaded = await ok(
      api.load(new File(['{a},b\nx,u\ny,v\nx,v\n'], 'braces.csv'), {}, {}, 1),
    );
    expect(loaded.meta.rowless).toBeUndefined();
    expect(loaded.summary.rows).toBe(3);
  });
});
