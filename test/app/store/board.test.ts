/**
 * Run all and the results board (issue 14), pure parts: what Run all plans for a table, and how
 * the board reads the evaluations' tables into one row per registered method.
 */
import { describe, expect, it } from 'vitest';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import { allSpecs, methodsProducing } from '../../../src/core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../../src/core/platform/representation.ts';
import type { MethodOutput } from '../../../src/core/platform/spec.ts';
import { tableMeta } from '../../../src/core/platform/session.ts';
import type { ResultEntry } from '../../../src/app/store/resultsSlice.ts';
import { boardRows, sortBoard } from '../../../src/app/store/board.ts';
import { runAllPlan, smallestClass, type RunAllPlan } from '../../../src/app/model/runAllPlan.ts';
import type { RunAllState } from '../../../src/app/store/runAllSlice.ts';
import { zooSession } from '../../sessions.ts';

describe('runAllPlan', () => {
  it('zoo: every method, a t-SNE of every representation, four evaluations on the smallest class', async () => {
    const s = await zooSession();
    const plan = runAllPlan(tableMeta(s.table), 10);
    const methods = allSpecs('method').map((m) => m.id);
    expect(plan.calls.filter((c) => c.role === 'method').map((c) => c.method)).toEqual(methods);
    const representations = methodsProducing(REPRESENTATION_KINDS).map((m) => m.id);
    expect(plan.calls.filter((c) => c.role === 'projection').map((c) => c.method)).toEqual(
      representations,
    );
    // By hand from zoo.csv: amphibian has 4 animals, the fewest.
    expect(plan.outlierClass).toBe('amphibian');
    const roles = plan.calls.map((c) => c.role);
    // Methods, then the board's four evaluations, then the compare layout's projections.
    const evaluations = plan.calls.filter((c) => c.role === 'evaluation').map((c) => c.method);
    expect(evaluations).toEqual([
      'evaluate-clustering',
      'evaluate-outliers',
      'eps-gamma',
      'retrieval',
    ]);
    expect(roles.lastIndexOf('method')).toBeLessThan(roles.indexOf('evaluation'));
    expect(roles.lastIndexOf('evaluation')).toBeLessThan(roles.indexOf('projection'));
    // The outlier evaluation takes the smallest class; each evaluation its fits.
    const outliers = plan.calls.find((c) => c.method === 'evaluate-outliers');
    expect(outliers?.call.options).toEqual({ fits: 10, outlierClass: 'amphibian' });
    // Every planned call is valid (resolves against the registry).
    for (const c of plan.calls) expect(() => resolveCall(c.call)).not.toThrow();
  });

  it('plans no evaluation without a class, and says why', async () => {
    const s = await zooSession({ classColumn: null });
    const plan = runAllPlan(tableMeta(s.table));
    expect(plan.calls.every((c) => c.role === 'method' || c.role === 'projection')).toBe(true);
    expect(plan.outlierClass).toBeNull();
    expect(plan.notes.join(' ')).toMatch(/class column/);
  });

  it('smallestClass takes the first of tied classes and skips absent labels', () => {
    const cls = { name: 'c', labels: ['a', 'b', 'c'], codes: Int32Array.of(0, 0, 2, 2, 0) };
    expect(smallestClass(cls)).toBe('c');
    expect(smallestClass({ ...cls, codes: Int32Array.of(0, 2) })).toBe('a');
  });
});

function runState(
  plan: RunAllPlan,
  keys: string[],
  notApplicable: (string | null)[] = keys.map(() => null),
): RunAllState {
  return { plan, keys, notApplicable, version: 0, cancelled: false, startedAt: 0 };
}

describe('boardRows and sortBoard', () => {
  const entry = (key: string, output: Partial<MethodOutput> | null): ResultEntry =>
    ({
      key,
      status: output ? 'done' : 'running',
      output,
      error: null,
      live: null,
      training: null,
    }) as unknown as ResultEntry;

  it('reads each evaluation table into the method’s row; sorting puts missing numbers last', async () => {
    const s = await zooSession();
    const plan = runAllPlan(tableMeta(s.table), 10);
    const keys = plan.calls.map((c) => resolveCall(c.call).key);
    const table = (rows: Record<string, unknown>[]) => ({
      results: { table: { kind: 'table', title: 't', columns: [], rows } },
    });
    const results: Record<string, ResultEntry> = {};
    plan.calls.forEach((c, i) => {
      const key = keys[i] as string;
      if (c.role === 'method') results[key] = entry(key, { results: {} } as Partial<MethodOutput>);
      if (c.method === 'evaluate-clustering')
        results[key] = entry(
          key,
          table([
            {
              method: 'cde',
              title: 'CDE',
              fscore: { mean: 0.65, sd: 0.09 },
              paper: 0.75,
              nmi: 0.8,
              accuracy: 0.7,
            },
            {
              method: 'onehot',
              title: '0-1',
              fscore: { mean: 0.59, sd: 0.2 },
              paper: null,
              nmi: 0.7,
              accuracy: 0.6,
            },
          ]) as Partial<MethodOutput>,
        );
      if (c.method === 'evaluate-outliers')
        results[key] = entry(
          key,
          table([{ method: 'cosh', title: 'COSH', auc: 0.9 }]) as Partial<MethodOutput>,
        );
    });
    const run = runState(plan, keys);
    const rows = boardRows(run, results);
    // One row per method at its defaults, and one per setting its spec compares beside them
    // (UNTIE without its learning: the three of Table 4's ablation side by side).
    expect(rows.map((r) => r.id)).toEqual(
      allSpecs('method').flatMap((m) =>
        m.id === 'untie' ? ['untie', 'untie@iterations=0'] : [m.id],
      ),
    );
    expect(rows.find((r) => r.id === 'untie@iterations=0')?.title).toBe(
      'UNTIE kernels, ω = 1 (Alg. 1 without steps 4–11)',
    );
    const row = (m: string) => rows.find((r) => r.id === m)!;
    expect(row('cde').cells.fscore).toEqual({ kind: 'value', cell: { mean: 0.65, sd: 0.09 } });
    expect(row('cde').paper.fscore).toBe(0.75);
    expect(row('onehot').paper.fscore).toBeUndefined();
    expect(row('cosh').cells.auc).toEqual({ kind: 'value', cell: 0.9 });
    expect(row('cosh').cells.fscore).toBeUndefined();
    // (ε,γ) has not run yet: its cells are still to come, not blank.
    expect(row('cde').cells.area).toEqual({ kind: 'pending' });
    expect(row('cde').status).toBe('done');
    const sorted = sortBoard(rows, 'fscore', true).map((r) => r.method);
    expect(sorted.slice(0, 2)).toEqual(['cde', 'onehot']);
    expect(
      sortBoard(rows, 'fscore', false)
        .slice(0, 2)
        .map((r) => r.method),
    ).toEqual(['onehot', 'cde']);
    expect(sortBoard(rows, 'auc', true)[0]!.method).toBe('cosh');
  });

  it('a failed method, a method that does not apply and a failed evaluation each say why in their cells', async () => {
    const s = await zooSession();
    const plan = runAllPlan(tableMeta(s.table), 10, new Set(['onehot-pca']));
    const keys = plan.calls.map((c) => resolveCall(c.call).key);
    const notApplicable = plan.calls.map((c) =>
      c.method === 'onehot-pca' ? '0-1P decomposes an L × L covariance…' : null,
    );
    // onehot-pca does not apply: no evaluation compares it.
    for (const c of plan.calls.filter((p) => p.role === 'evaluation'))
      expect(JSON.stringify(c.call)).not.toContain('onehot-pca');
    const results: Record<string, ResultEntry> = {};
    const done = (key: string, out: Partial<MethodOutput>) => ({
      ...entry(key, out),
      seconds: 1.5,
    });
    plan.calls.forEach((c, i) => {
      const key = keys[i] as string;
      if (c.role === 'method' && c.method === 'untie')
        results[key] = {
          ...entry(key, null),
          status: 'failed',
          error: { code: 'internal', message: 'Unexpected error: out of memory\nat line 1' },
          seconds: 3,
        } as ResultEntry;
      else if (c.role === 'method') results[key] = done(key, { results: {} });
      if (c.role === 'evaluation' && c.method === 'eps-gamma')
        results[key] = done(key, {
          results: {
            table: {
              kind: 'table',
              title: 't',
              columns: [],
              rows: [
                { method: 'cde', title: 'CDE', area: 0.4 },
                { method: 'untie', title: 'UNTIE', failed: 'out of memory' },
              ],
            },
          },
        } as Partial<MethodOutput>);
      if (c.role === 'evaluation' && c.method === 'retrieval')
        results[key] = {
          ...entry(key, null),
          status: 'failed',
          error: { code: 'bad-option', message: 'every method failed: …' },
        } as ResultEntry;
    });
    const rows = boardRows(runState(plan, keys, notApplicable), results);
    const row = (m: string) => rows.find((r) => r.id === m)!;
    expect(row('untie').status).toBe('failed');
    expect(row('untie').reason).toMatch(/out of memory/);
    expect(row('untie').cells.area).toEqual({ kind: 'failed', reason: 'out of memory' });
    expect(row('cde').cells.area).toEqual({ kind: 'value', cell: 0.4 });
    expect(row('cde').cells.p10).toEqual({ kind: 'failed', reason: 'every method failed: …' });
    expect(row('onehot-pca').status).toBe('not applicable');
    expect(row('onehot-pca').cells.fscore).toEqual({
      kind: 'not applicable',
      reason: '0-1P decomposes an L × L covariance…',
    });
    expect(row('cde').seconds).toBe(1.5);
    // A detector is not evaluated by (ε,γ): no cell at all, not a failure.
    expect(row('cosh').cells.area).toBeUndefined();
  });
});
