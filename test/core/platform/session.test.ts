import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  countsReport,
  DataError,
  denseCooccurrence,
  DENSE_LIMIT,
  ExplorerSession,
  parseCsvText,
  prepareTable,
  runToEnd,
  selectRows,
  tableMeta,
  type Progress,
} from '../../../src/core/index.ts';
import { readDataset } from '../../helpers.ts';

const chunks = (text: string, size: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
};

describe('ExplorerSession', () => {
  it('refuses to count or prepare before a file is loaded', () => {
    const session = new ExplorerSession();
    expect(() => session.counts()).toThrow('No file is loaded.');
    expect(() => session.prepare({})).toThrow('No file is loaded.');
    expect(() => session.table).toThrow('No file is loaded.');
  });

  it('loads chunks, re-prepares without re-reading, and counts like computeCounts', async () => {
    const text = readDataset('zoo.csv');
    const session = new ExplorerSession();
    const progress: Progress[] = [];
    const loaded = await session.load(
      chunks(text, 300),
      {},
      { classColumn: 'type' },
      {
        sizeHint: text.length,
        onProgress: (p) => progress.push(p),
      },
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(loaded.summary.rows).toBe(101);
    expect(loaded.meta.attributes).toHaveLength(16);
    expect(loaded.meta.classColumn?.labels).toHaveLength(7);
    // The meta carries no per-row feature codes.
    expect(Object.keys(loaded.meta.attributes[0]!).sort()).toEqual(['labels', 'name', 'offset']);
    expect(loaded.meta).toEqual(tableMeta(session.table));

    const reference = prepareTable(await parseCsvText(text), { classColumn: 'type' }).table;
    const counts = session.counts();
    expect(Array.from(counts.cooccurrence.data)).toEqual(
      Array.from(computeCounts(reference).cooccurrence.data),
    );
    expect(Array.from(counts.symmetricUncertainty)).toEqual(
      Array.from(computeCounts(reference).symmetricUncertainty),
    );

    // Re-model: drop legs, no class. 17 columns − legs = 16 features.
    const again = session.prepare({ drop: ['legs'] });
    expect(again.meta.attributes.map((a) => a.name)).not.toContain('legs');
    expect(again.meta.attributes).toHaveLength(16);
    expect(again.meta.classColumn).toBeNull();
    expect(session.counts().nAttributes).toBe(16);
  });

  it('keeps the previous table when a new load fails', async () => {
    const session = new ExplorerSession();
    await session.load([readDataset('sales.csv')]);
    await expect(session.load(['a,b\n'])).rejects.toBeInstanceOf(DataError);
    expect(session.table.nRows).toBe(10);
  });

  it('countSteps: progress, then a report with dense co-occurrence and class × value counts', async () => {
    const session = new ExplorerSession();
    await session.load([readDataset('weather.nominal.csv')], {}, { classColumn: 'play' });
    const seen: Progress[] = [];
    const report = runToEnd(session.countSteps(), (p) => seen.push(p));
    expect(seen).toHaveLength(4); // one step per feature attribute
    const table = session.table;
    const L = table.nValues; // outlook 3 + temperature 3 + humidity 2 + windy 2 = 10
    expect(L).toBe(10);
    expect(report.nRows).toBe(14);
    expect(Array.from(report.cooccurrence!)).toEqual(
      Array.from(denseCooccurrence(computeCounts(table).cooccurrence)),
    );
    for (let v = 0; v < L; v++) expect(report.cooccurrence![v * L + v]).toBe(report.valueCounts[v]);
    // Class × value: play = yes with outlook = overcast on all 4 overcast days.
    const yes = table.classColumn!.labels.indexOf('yes');
    const overcast = table.attributes[0]!.offset + table.attributes[0]!.labels.indexOf('overcast');
    expect(report.classValueCounts![yes * L + overcast]).toBe(4);
  });

  it('counts on a row subset keep the full value domain', async () => {
    const session = new ExplorerSession();
    await session.load([readDataset('weather.nominal.csv')], {}, { classColumn: 'play' });
    const counts = session.counts({ rowsWhere: { column: 'play', value: 'no' } });
    const table = session.table;
    expect(counts.nRows).toBe(5); // rows 1, 2, 6, 8, 14
    expect(counts.cooccurrence.nValues).toBe(table.nValues);
    // No “no” day is overcast.
    const overcast = table.attributes[0]!.offset + table.attributes[0]!.labels.indexOf('overcast');
    expect(counts.cooccurrence.valueCounts[overcast]).toBe(0);
    const rows = selectRows(table, { column: 'play', value: 'no' });
    expect(Array.from(counts.cooccurrence.data)).toEqual(
      Array.from(computeCounts(table, { rows }).cooccurrence.data),
    );
    const report = runToEnd(session.countSteps({ rowsWhere: { column: 'play', value: 'no' } }));
    expect(report.nRows).toBe(5);
    // Class × value counts stay on all rows (they split the summary's all-row counts):
    // the “no” class holds 5 rows × 4 attributes = 20, all 14 rows × 4 = 56.
    const L = table.nValues;
    const no = table.classColumn!.labels.indexOf('no');
    const byClass = Array.from(report.classValueCounts!);
    expect(byClass.slice(no * L, (no + 1) * L).reduce((s, n) => s + n, 0)).toBe(20);
    expect(byClass.reduce((s, n) => s + n, 0)).toBe(56);
  });

  it('cooccurrenceOf: a selection’s co-occurrence counts, as the counts of that subset', async () => {
    const session = new ExplorerSession();
    await session.load([readDataset('weather.nominal.csv')], {}, { classColumn: 'play' });
    const table = session.table;
    const rows = selectRows(table, { column: 'play', value: 'no' });
    const L = table.nValues;
    const sub = session.cooccurrenceOf(rows);
    expect(Array.from(sub)).toEqual(
      Array.from(denseCooccurrence(computeCounts(table, { rows }).cooccurrence)),
    );
    // By hand: of the 5 “no” days, 3 are sunny, and all 3 of them humid (high).
    const value = (a: number, label: string) =>
      table.attributes[a]!.offset + table.attributes[a]!.labels.indexOf(label);
    const [sunny, high] = [value(0, 'sunny'), value(2, 'high')];
    expect(sub[sunny * L + sunny]).toBe(3);
    expect(sub[sunny * L + high]).toBe(3);
    expect(session.cooccurrenceOf([])).toEqual(new Int32Array(L * L));
    expect(() => session.cooccurrenceOf([14])).toThrow('outside');
  });

  it('countsReport leaves out the dense matrix above DENSE_LIMIT values', async () => {
    // Two included columns of 1,100 distinct values each: L = 2,200 > 2,048.
    const lines = ['a,b'];
    for (let r = 0; r < 1200; r++) lines.push(`a${r % 1100},b${(r * 7) % 1100}`);
    const { table } = prepareTable(await parseCsvText(lines.join('\n')), { include: ['a', 'b'] });
    expect(table.nValues).toBe(2200);
    expect(table.nValues).toBeGreaterThan(DENSE_LIMIT);
    const report = countsReport(computeCounts(table));
    expect(report.cooccurrence).toBeNull();
    expect(report.valueCounts).toHaveLength(2200);
  });
});
