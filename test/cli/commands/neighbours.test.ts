/**
 * `neighbours FILE --method M --row LINE --k K` against an exact brute force over the same
 * representation, written here: Zoo's objects as the concatenation of their CDE value vectors
 * (Euclidean distances between them) and as Hamming's mismatch counts, every other row sorted by
 * (distance, line). Ties are many on Zoo (identical animals): their order is checked.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { ExplorerSession } from '../../../src/core/platform/session.ts';
import { readDataset } from '../../helpers.ts';
import { cli } from '../cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';

interface Listed {
  row: number;
  method: string;
  k: number;
  neighbours: { line: number; distance: number; differs: Record<string, string> }[];
}

async function zoo(): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([readDataset('zoo.csv')], {}, { classColumn: 'type' });
  return s;
}

/** Each row's CDE object vector: its values' vectors, attribute after attribute. */
function cdeVectors(s: ExplorerSession): number[][] {
  const output = runToEnd(s.runSteps({ method: 'cde' }));
  const e = Object.values(output.results).find((r) => r.kind === 'object-embedding');
  if (e?.kind !== 'object-embedding' || e.form !== 'values') throw new Error('no CDE embedding');
  const { attributes, nRows } = s.table;
  return Array.from({ length: nRows }, (_, i) =>
    attributes.flatMap((a, t) => {
      const start = e.vectorStart[a.offset + (a.codes[i] as number)] as number;
      return Array.from(e.vectors.subarray(start, start + (e.blockWidth[t] as number)));
    }),
  );
}

function bruteForce(s: ExplorerSession, row: number, k: number, d: (j: number) => number) {
  const lines = s.table.sourceLines;
  return Array.from({ length: s.table.nRows }, (_, j) => j)
    .filter((j) => j !== row)
    .map((j) => ({ j, line: lines[j] as number, distance: d(j) }))
    .sort((a, b) => a.distance - b.distance || a.j - b.j)
    .slice(0, k);
}

function expectTiesByLine(listed: Listed): void {
  listed.neighbours.forEach((n, t) => {
    const previous = listed.neighbours[t - 1];
    if (previous && previous.distance === n.distance) expect(n.line).toBeGreaterThan(previous.line);
  });
}

describe('CLI: neighbours', () => {
  it('CDE on Zoo: the exact brute force over the objects’ vectors, with the values that differ', async () => {
    const s = await zoo();
    const vectors = cdeVectors(s);
    const { attributes, sourceLines } = s.table;
    for (const line of [2, 30, 102]) {
      const run = await cli(
        'neighbours',
        ZOO,
        '--class',
        'type',
        '--method',
        'cde',
        '--row',
        String(line),
        '--k',
        '10',
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const listed = JSON.parse(run.stdout) as Listed;
      expect(listed).toMatchObject({ row: line, method: 'cde', k: 10 });
      const row = sourceLines.indexOf(line);
      const x = vectors[row] as number[];
      const expected = bruteForce(s, row, 10, (j) =>
        Math.sqrt((vectors[j] as number[]).reduce((t, y, c) => t + (y - (x[c] as number)) ** 2, 0)),
      );
      expect(listed.neighbours.map((n) => n.line)).toEqual(expected.map((e) => e.line));
      listed.neighbours.forEach((n, t) =>
        expect(n.distance).toBeCloseTo((expected[t] as { distance: number }).distance, 10),
      );
      expectTiesByLine(listed);
      for (const [t, n] of listed.neighbours.entries()) {
        const j = (expected[t] as { j: number }).j;
        const differs = Object.fromEntries(
          attributes
            .filter((a) => a.codes[j] !== a.codes[row])
            .map((a) => [a.name, a.labels[a.codes[j] as number]]),
        );
        expect(n.differs).toEqual(differs);
      }
    }
  }, 60_000);

  it('Hamming on Zoo: mismatch counts, ties (many) by line', async () => {
    const s = await zoo();
    const { attributes, sourceLines } = s.table;
    const line = 11;
    const run = await cli(
      'neighbours',
      ZOO,
      '--class',
      'type',
      '--method',
      'hamming',
      '--row',
      String(line),
      '--k',
      '25',
    );
    const listed = JSON.parse(run.stdout) as Listed;
    const row = sourceLines.indexOf(line);
    const expected = bruteForce(
      s,
      row,
      25,
      (j) => attributes.filter((a) => a.codes[j] !== a.codes[row]).length,
    );
    expect(listed.neighbours.map((n) => [n.line, n.distance])).toEqual(
      expected.map((e) => [e.line, e.distance]),
    );
    expect(new Set(listed.neighbours.map((n) => n.distance)).size).toBeLessThan(25);
    expectTiesByLine(listed);
    for (const n of listed.neighbours) expect(Object.keys(n.differs)).toHaveLength(n.distance);
  }, 60_000);

  it('refuses a bad method, row or k in one line', async () => {
    for (const [args, message] of [
      [['--method', 'nope', '--row', '2'], /“nope” is not a representation/],
      [['--method', 'tsne', '--row', '2'], /“tsne” is not a representation/],
      [['--row', '2'], /needs --method/],
      [['--method', 'cde'], /needs --row/],
      [['--method', 'cde', '--row', '1'], /header/],
      [['--method', 'cde', '--row', '500'], /past the last row \(line 102\)/],
      [['--method', 'cde', '--row', 'x'], /--row must be a whole number/],
      [['--method', 'cde', '--row', '2', '--k', '0'], /--k must be a whole number/],
      [['--method', 'cde', '--row', '2', '--k', '101'], /k must be at most n − 1 = 100/],
    ] as const) {
      const run = await cli('neighbours', ZOO, '--class', 'type', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  }, 120_000);
});
