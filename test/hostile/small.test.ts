/**
 * Small valid tables (defect 6 of issue 10): each either works, with a note saying what was
 * lowered or skipped, or says in the user's terms what is too small and what to do.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/core/base/jobs.ts';
import type { Call, MethodOutput } from '../../src/core/platform/spec.ts';
import { findResult } from '../../src/core/platform/results.ts';
import { ExplorerSession } from '../../src/core/platform/session.ts';

async function session(text: string, classColumn: string | null = null): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([text], {}, { classColumn });
  return s;
}
const run = (s: ExplorerSession, call: Call): MethodOutput => runToEnd(s.runSteps(call));

/** One feature with two values (and a class). */
const ONE_FEATURE = 'f,c\na,x\nb,y\na,x\nb,y\n';
const TWO_ROWS = 'f,g\na,x\nb,y\n';

describe('small tables', () => {
  it('one two-value feature: k-means of CDE lowers k with a warning saying why', async () => {
    const s = await session(ONE_FEATURE, 'c');
    const out = run(s, { method: 'kmeans', inputs: { of: { method: 'cde' } } });
    expect(out.warnings).toEqual([
      'k = 2 lowered to 1: the CDE embedding has only 1 distinct object',
    ]);
    expect(findResult(out.results, 'object-partition')?.result.k).toBe(1);
    const evaluation = run(s, {
      method: 'evaluate-clustering',
      options: { runs: 3 },
      inputs: { methods: [{ method: 'cde' }, { method: 'onehot' }] },
    });
    expect(findResult(evaluation.results, 'table')?.result.rows).toHaveLength(2);
  });

  it('a one-dimensional representation projects by t-SNE from its default (PCA) start', async () => {
    const s = await session(ONE_FEATURE, 'c');
    const out = run(s, {
      method: 'tsne',
      options: { iterations: 50 },
      inputs: { of: { method: 'idf' } },
    });
    const layout = findResult(out.results, 'object-embedding')?.result;
    expect(layout?.dims).toBe(2);
    expect(layout?.n).toBe(4);
  });

  it('identical rows: CDE embeds them in no dimensions and PCA puts every object at 0', async () => {
    // Found by the real-data matrix: the zero-component layout was read as NaN.
    const s = new ExplorerSession();
    await s.load(['a,b\nx,y\nx,y\nx,y\nx,y\n'], {}, { include: ['a', 'b'] });
    const out = run(s, { method: 'pca', inputs: { of: { method: 'cde' } } });
    const layout = findResult(out.results, 'object-embedding')?.result;
    expect(layout?.form === 'dense' && Array.from(layout.data)).toEqual(new Array(8).fill(0));
    const stress = findResult(out.results, 'measures')?.result.values.find(
      (m) => m.name === 'stress',
    );
    expect(stress?.value).toBe(0);
  });

  it('two rows: MDS and PCA work and say trustworthiness was not measured', async () => {
    const s = await session(TWO_ROWS);
    for (const call of [
      { method: 'mds', inputs: { of: { method: 'hamming' } } },
      { method: 'pca', inputs: { of: { method: 'onehot' } } },
    ]) {
      const out = run(s, call);
      const layout = findResult(out.results, 'object-embedding')?.result;
      expect(layout?.notes?.[0]).toMatch(
        /trustworthiness not measured \(it needs at least 3 objects, there are 2\)/,
      );
      const t = findResult(out.results, 'measures')?.result.values.find(
        (m) => m.name === 'trustworthiness',
      );
      expect(t?.value).toBeNull();
    }
  });

  it('two rows: t-SNE says the table is too small and what to use instead', async () => {
    const s = await session(TWO_ROWS);
    expect(() => run(s, { method: 'tsne', inputs: { of: { method: 'hamming' } } })).toThrow(
      't-SNE needs at least 3 objects and this table has 2: project it by MDS (or PCA) instead',
    );
  });
});
