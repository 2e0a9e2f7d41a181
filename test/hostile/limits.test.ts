/**
 * Limits checked before the expensive work (defect 7 of issue 10): a table too wide to count, or
 * with too many values for CDE's L × L matrices, is refused at once with the columns to drop —
 * it used to count for a minute and a gigabyte first.
 */
import { describe, expect, it } from 'vitest';
import { cpuClock, stretched } from '../workUnit.ts';
import { runToEnd } from '../../src/core/base/jobs.ts';
import { ExplorerSession } from '../../src/core/platform/session.ts';

function csv(columns: number, rows: number, values: (r: number, c: number) => string): string {
  const lines = [Array.from({ length: columns }, (_, c) => `c${c}`).join(',')];
  for (let r = 0; r < rows; r++)
    lines.push(Array.from({ length: columns }, (_, c) => values(r, c)).join(','));
  return lines.join('\n');
}

/** The work's CPU seconds (a busy machine does not stretch them) and what it threw. */
const timed = (work: () => unknown): { seconds: number; error: Error | null } => {
  const cpu = cpuClock();
  try {
    work();
    return { seconds: cpu(), error: null };
  } catch (error) {
    return { seconds: cpu(), error: error as Error };
  }
};

describe('limits before work', () => {
  it('5,000 columns × 1,000 rows: counts and CDE refuse at once, naming what to drop', async () => {
    const s = new ExplorerSession();
    await s.load([csv(5000, 1000, (r, c) => String((r * 7 + c) % 3))]);
    const counts = timed(() => runToEnd(s.countSteps()));
    expect(counts.error?.message).toMatch(
      /^This table is too wide to count: 5,000 feature columns make 12,497,500 column pairs to count \(the explorer counts up to 2,000,000\)\. Exclude columns .* and 4,995 more\.$/,
    );
    expect(counts.seconds).toBeLessThan(stretched(0.5));
    const cde = timed(() => runToEnd(s.runSteps({ method: 'cde' })));
    expect(cde.error?.message).toMatch(
      /^CDE needs two 15000 × 15000 value coupling matrices; it handles up to 4,096 values/,
    );
    expect(cde.seconds).toBeLessThan(stretched(0.5));
    // A projection of CDE is refused by CDE's check, before anything is counted.
    const tsne = timed(() =>
      runToEnd(s.runSteps({ method: 'tsne', inputs: { of: { method: 'cde' } } })),
    );
    expect(tsne.error?.message).toMatch(/^CDE needs two/);
    expect(s.computedCounts()).toEqual({});
  });

  it('too many values for Mo and Mc, though countable: CDE and COSH refuse before counting', async () => {
    const s = new ExplorerSession();
    const names = Array.from({ length: 8 }, (_, c) => `c${c}`);
    await s.load([csv(8, 6000, (r, c) => `v${(r + c * 100) % 700}`)], {}, { include: names });
    for (const method of ['cde', 'cosh']) {
      const run = timed(() => runToEnd(s.runSteps({ method })));
      expect(run.error?.message, method).toMatch(
        /needs two 5600 × 5600 value coupling matrices; it handles up to 4,096 values\. Exclude or bin columns with many values: c0 \(700 values\)/,
      );
      expect(run.seconds, method).toBeLessThan(0.2);
    }
    // Other methods still run on it.
    expect(runToEnd(s.runSteps({ method: 'idf' })).results.embedding?.kind).toBe(
      'object-embedding',
    );
  });
});
