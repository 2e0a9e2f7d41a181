import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createExplorerApi } from '../../src/worker/api.ts';

const zoo = readFileSync(new URL('../../public/datasets/zoo.csv', import.meta.url));

function bigCsv(rows: number): string {
  const lines = ['a,b,c'];
  for (let r = 0; r < rows; r++) lines.push(`x${r % 3},y${r % 5},z${r % 7}`);
  return `${lines.join('\n')}\n`;
}

describe('worker API (called directly, as the worker exposes it)', () => {
  it('loads a CSV blob and models it', async () => {
    const api = createExplorerApi();
    const outcome = await api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.summary.rows).toBe(101);
    expect(outcome.value.meta.attributes).toHaveLength(16);
    expect(outcome.value.meta.classColumn?.labels).toHaveLength(7);
  });

  it('returns counts with dense co-occurrence whose diagonal is the value counts', async () => {
    const api = createExplorerApi();
    await api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1);
    const outcome = await api.counts({}, 2);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const L = 36; // 15 binary attributes + legs with 6 values
    expect(outcome.value.valueCounts).toHaveLength(L);
    for (let v = 0; v < L; v++)
      expect(outcome.value.cooccurrence?.[v * L + v]).toBe(outcome.value.valueCounts[v]);
  });

  it('refuses binary content and empty files with a data error, not an exception', async () => {
    const api = createExplorerApi();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    const binary = await api.load(new Blob([png]), {}, {}, 1);
    expect(binary).toMatchObject({ ok: false, error: { code: 'binary' } });
    const empty = await api.load(new Blob([]), {}, {}, 2);
    expect(empty).toMatchObject({ ok: false, error: { code: 'empty' } });
  });

  it('cancels a load and keeps the previously loaded table', async () => {
    const api = createExplorerApi();
    await api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1);
    const pending = api.load(new Blob([bigCsv(400_000)]), {}, {}, 7);
    api.cancel(7);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const counts = await api.counts({}, 8);
    expect(counts.ok && counts.value.nRows).toBe(101);
  });

  it('reports progress through the callback while reading a large file', async () => {
    const api = createExplorerApi();
    const fractions: number[] = [];
    const outcome = await api.load(new Blob([bigCsv(600_000)]), {}, {}, 1, (p) =>
      fractions.push(p.fraction),
    );
    expect(outcome.ok && outcome.value.summary.rows).toBe(600_000);
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it('gives the same counts for the same input twice (deterministic)', async () => {
    const api = createExplorerApi();
    await api.load(new Blob([zoo]), {}, { classColumn: 'type' }, 1);
    const a = await api.counts({}, 2);
    const b = await api.counts({}, 3);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok)
      expect(Array.from(a.value.symmetricUncertainty)).toEqual(
        Array.from(b.value.symmetricUncertainty),
      );
  });
});
