/**
 * The neighbours of one object (the `neighbours` step, neighbours/ofObject.ts): the exact list
 * against a brute force written here from the representation's own pieces, ties by row index,
 * and the reuse of a t-SNE's NN-descent graph on the same representation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import { rememberGraph } from '../../../src/core/neighbours/graphMemo.ts';
import { objectNeighbourSteps } from '../../../src/core/neighbours/ofObject.ts';
import { neighboursStep } from '../../../src/core/projection/neighboursStep.ts';
import type { ProjectionInput } from '../../../src/core/platform/projectionInput.ts';
import { inputOf } from '../../../src/core/platform/representation.ts';
import type { ResultTable } from '../../../src/core/platform/results.ts';
import { ExplorerSession } from '../../../src/core/platform/session.ts';
import type { Call } from '../../../src/core/platform/spec.ts';

const ZOO = readFileSync(new URL('../../../public/datasets/zoo.csv', import.meta.url), 'utf8');

async function session(text: string, classColumn?: string): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([text], {}, classColumn ? { classColumn } : {});
  return s;
}

function neighboursOf(s: ExplorerSession, of: Call, row: number, k: number, search = 'auto') {
  const output = runToEnd(
    s.runSteps({ method: neighboursStep.id, options: { row, k, search }, inputs: { of } }),
  );
  return output.results.neighbours as ResultTable;
}

/** Every other row by (distance, row), the k first. */
function bruteForce(n: number, row: number, k: number, d: (j: number) => number) {
  return Array.from({ length: n }, (_, j) => j)
    .filter((j) => j !== row)
    .map((j) => ({ row: j, distance: d(j) }))
    .sort((a, b) => a.distance - b.distance || a.row - b.row)
    .slice(0, k);
}

describe('the neighbours of an object', () => {
  it('Hamming on Zoo: the mismatch count, nearest first, ties by row', async () => {
    const s = await session(ZOO, 'type');
    const { attributes, nRows } = s.table;
    const mismatches = (i: number, j: number) =>
      attributes.filter((a) => a.codes[i] !== a.codes[j]).length;
    for (const row of [0, 7, 50, nRows - 1]) {
      const found = neighboursOf(s, { method: 'hamming' }, row, 10);
      const expected = bruteForce(nRows, row, 10, (j) => mismatches(row, j));
      expect(found.rows.map((r) => [r.row, r.distance])).toEqual(
        expected.map((e) => [e.row, e.distance]),
      );
      expect(found.notes?.[0]).toMatch(/^exact/);
    }
  });

  it('CDE on Zoo: Euclidean distances between the objects’ concatenated value vectors', async () => {
    const s = await session(ZOO, 'type');
    const output = runToEnd(s.runSteps({ method: 'cde' }));
    const embedding = Object.values(output.results).find((r) => r.kind === 'object-embedding');
    if (embedding?.kind !== 'object-embedding' || embedding.form !== 'values')
      throw new Error('CDE gave no value embedding');
    const { attributes, nRows } = s.table;
    const vector = (i: number): number[] =>
      attributes.flatMap((a, t) => {
        const v = a.offset + (a.codes[i] as number);
        const start = embedding.vectorStart[v] as number;
        return Array.from(
          embedding.vectors.subarray(start, start + (embedding.blockWidth[t] as number)),
        );
      });
    const vectors = Array.from({ length: nRows }, (_, i) => vector(i));
    const euclid = (x: number[], y: number[]) =>
      Math.sqrt(x.reduce((s2, xi, t) => s2 + (xi - (y[t] as number)) ** 2, 0));
    for (const row of [3, 40]) {
      const found = neighboursOf(s, { method: 'cde' }, row, 10);
      const expected = bruteForce(nRows, row, 10, (j) =>
        euclid(vectors[row] as number[], vectors[j] as number[]),
      );
      expect(found.rows.map((r) => r.row)).toEqual(expected.map((e) => e.row));
      found.rows.forEach((r, t) =>
        expect(r.distance as number).toBeCloseTo(
          (expected[t] as { distance: number }).distance,
          10,
        ),
      );
    }
  });

  it('refuses a row or k beyond the table, naming the option', async () => {
    const s = await session(ZOO, 'type');
    expect(() => neighboursOf(s, { method: 'hamming' }, 101, 10)).toThrow(/^row must be below/);
    expect(() => neighboursOf(s, { method: 'hamming' }, 0, 101)).toThrow(/^k must be at most/);
  });

  it('reuses a remembered graph: candidates from the lists, merged rows expanded, exact order', () => {
    // Six objects on a line, rows 1 and 4 identical (merged into one point).
    const x = [0, 1, 3, 6, 1, 10];
    const input: ProjectionInput = {
      kind: 'distance',
      n: 6,
      distance: (i, j) => Math.abs((x[i] as number) - (x[j] as number)),
    };
    const exact = runToEnd(objectNeighbourSteps(input, 0, 3));
    expect(exact.search).toBe('exact');
    expect(Array.from(exact.indices)).toEqual([1, 4, 2]);
    // Points: rows 0, 1/4, 2, 3, 5 → 0..4; each point's 2 nearest points.
    rememberGraph(input, {
      points: 5,
      K: 2,
      of: Int32Array.from([0, 1, 2, 3, 1, 4]),
      indices: Int32Array.from([1, 2, 0, 2, 1, 0, 2, 1, 3, 2]),
    });
    const reused = runToEnd(objectNeighbourSteps(input, 0, 3));
    expect(reused.search).toBe('graph');
    expect(Array.from(reused.indices)).toEqual([1, 4, 2]);
    expect(Array.from(reused.distances)).toEqual([1, 1, 3]);
    // Too few candidates for k: exact after all.
    expect(runToEnd(objectNeighbourSteps(input, 5, 5)).search).toBe('exact');
    expect(runToEnd(objectNeighbourSteps(input, 0, 3, false)).search).toBe('exact');
  });

  it('a t-SNE searched by NN-descent leaves its graph for the neighbours of the same representation', async () => {
    // 6,000 rows, nearly all distinct: above the exact search's limit, so t-SNE's neighbours
    // come from NN-descent.
    const random = createRandom(3);
    const lines = ['a,b,c,d,e,f,g,h,i,j,k,l'];
    for (let i = 0; i < 6000; i++) {
      const group = random.int(12);
      lines.push(
        Array.from({ length: 12 }, (_, a) =>
          random.int(10) < 5 ? `g${(group + a) % 12}` : `v${random.int(6)}`,
        ).join(','),
      );
    }
    const s = await session(lines.join('\n'));
    const of = { method: 'hamming' };
    const representation = runToEnd(s.runSteps(of)).results;
    const distance = Object.values(representation)[0];
    if (distance?.kind !== 'object-distance') throw new Error('no distance');
    const values = s.table.attributes.length > 0 ? objectValuesOf(s) : new Int32Array(0);
    expect(inputOf(distance, s.table, values)).toBe(inputOf(distance, s.table, values));
    const before = neighboursOf(s, of, 17, 10, 'exact');
    expect(before.notes?.[0]).toMatch(/^exact/);
    // Nothing remembered yet: 'auto' is exact too (asked of another row: a call's result is
    // cached by its key, so row 17 would be served as first computed).
    expect(neighboursOf(s, of, 18, 10).notes?.[0]).toMatch(/^exact/);
    runToEnd(
      s.runSteps({
        method: 'tsne',
        options: { iterations: 1, exaggerationIterations: 0, quality: false, init: 'random' },
        inputs: { of },
      }),
    );
    const after = neighboursOf(s, of, 17, 10);
    expect(after.notes?.[0]).toMatch(/NN-descent graph/);
    // NN-descent's recall is high, not perfect: the same distances, nearly the same rows.
    expect(after.rows.map((r) => r.distance)).toEqual(before.rows.map((r) => r.distance));
    const exactRows = new Set(before.rows.map((r) => r.row));
    expect(after.rows.filter((r) => exactRows.has(r.row)).length).toBeGreaterThanOrEqual(8);
    // Asked for exactly, the search is exact whatever was remembered.
    expect(neighboursOf(s, of, 19, 10, 'exact').notes?.[0]).toMatch(/^exact/);
  }, 60_000);
});

function objectValuesOf(s: ExplorerSession): Int32Array {
  const { attributes, nRows } = s.table;
  const D = attributes.length;
  const out = new Int32Array(nRows * D);
  for (let i = 0; i < nRows; i++)
    attributes.forEach((a, t) => (out[i * D + t] = a.offset + (a.codes[i] as number)));
  return out;
}
