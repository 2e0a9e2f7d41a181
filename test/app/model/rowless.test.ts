/**
 * A counts file in the explorer (src/app/model/rowless.ts): which panels say they need the rows
 * — every entry of the add-panel menu judged as the core refuses it on a table without rows —
 * and Run all's “not applicable” reasons on such a table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMPARE_NEEDS_ROWS,
  NEEDS_ROWS,
  panelNeedsRows,
  RANKING_NEEDS_ROWS,
  rowlessReasons,
  rowsReason,
} from '../../../src/app/model/rowless.ts';
import { runAllPlan } from '../../../src/app/model/runAllPlan.ts';
import { VIEW_DRAWS } from '../../../src/app/model/viewCalls.ts';
import { panelChoices } from '../../../src/app/views/registry.tsx';
import { countsInputOfJson, countsTable } from '../../../src/core/data/counts/countsTable.ts';
import { DataError } from '../../../src/core/base/errors.ts';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import { checkCall } from '../../../src/core/platform/run.ts';
import { tableMeta } from '../../../src/core/platform/session.ts';
import type { Call } from '../../../src/core/platform/spec.ts';

const counts = countsTable(
  countsInputOfJson(
    JSON.parse(
      readFileSync(
        new URL('../../../e2e/fixtures/zoo.clickhouse.counts.json', import.meta.url),
        'utf8',
      ),
    ),
  ),
);
const meta = tableMeta(counts.table);

/** True when the core refuses the call on the counts table because it reads the rows. */
function coreNeedsRows(call: Call): boolean {
  try {
    checkCall(counts.table, resolveCall(call));
    return false;
  } catch (error) {
    return error instanceof DataError && error.code === 'needs-rows';
  }
}

const TSNE_OF_CDE: Call = { method: 'tsne', inputs: { of: { method: 'cde' } } };

describe('which panels need the rows on a counts file', () => {
  it('every entry of the add-panel menu: a view of objects, or a call the core refuses', () => {
    const choices = panelChoices().flatMap((g) => g.choices);
    expect(choices.length).toBeGreaterThan(30);
    let needing = 0;
    for (const c of choices) {
      const expected =
        VIEW_DRAWS[c.view] === 'objects' || (c.call !== null && coreNeedsRows(c.call));
      expect(panelNeedsRows(c.view, c.call), c.id).toBe(expected);
      if (expected) needing++;
    }
    // Both kinds are there: the value-level views work, the object views say they need rows.
    expect(needing).toBeGreaterThan(5);
    expect(choices.length - needing).toBeGreaterThan(10);
  });

  it.each([
    ['summary', null, false],
    ['cooccurrence', null, false],
    ['su', null, false],
    ['value-matrices', { method: 'cde' }, false],
    ['value-partitions', { method: 'cde' }, false],
    ['value-matrices', { method: 'dilca' }, false],
    ['ranking', { method: 'cosh' }, false],
    ['ranking', { method: 'cbrw' }, false],
    ['impact', { method: 'cbrw' }, false],
    ['rows', null, true],
    ['projection', TSNE_OF_CDE, true],
    ['pair', { method: 'hamming' }, true],
    ['neighbours', { method: 'cde' }, true],
    ['ranking', { method: 'iforest' }, true],
  ] as const)('%s of %j: %s', (view, call, needs) => {
    expect(panelNeedsRows(view, call)).toBe(needs);
  });

  it('an invalid call is left to its view to explain', () => {
    expect(panelNeedsRows('value-matrices', { method: 'no-such-method' })).toBe(false);
    expect(rowsReason({ method: 'cde', options: { alpha: -1 } })).toBeNull();
  });

  it('says so in one line, naming the counts file', () => {
    for (const line of [NEEDS_ROWS, RANKING_NEEDS_ROWS, COMPARE_NEEDS_ROWS]) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^[A-Z].* needs? the rows; a counts file has none\.( [A-Z].*\.)?$/);
      expect(line.length).toBeLessThan(110);
    }
  });
});

describe('Run all on a counts file', () => {
  it('a call reading the rows is not applicable, in the panels’ words', () => {
    expect(rowsReason(TSNE_OF_CDE)).toBe(
      't-SNE needs the rows; a counts file has none — open a sample of the rows to run it.',
    );
    expect(rowsReason({ method: 'iforest' })).toMatch(/^Isolation forest needs the rows/i);
    expect(rowsReason({ method: 'cde' })).toBeNull();
  });

  it('the worker’s reasons are kept for the rest, and untouched on a table with rows', () => {
    const calls: Call[] = [TSNE_OF_CDE, { method: 'cde' }, { method: 'dilca' }];
    const worker = ['t-SNE needs the table’s rows (CLI words)', null, 'needs a class column'];
    expect(rowlessReasons(meta, calls, worker)).toEqual([
      rowsReason(TSNE_OF_CDE),
      null,
      'needs a class column',
    ]);
    expect(rowlessReasons({}, calls, worker)).toEqual(worker);
  });

  it('the plan: every method and projection judged, no evaluation, and why', () => {
    const plan = runAllPlan(meta);
    expect(plan.calls.some((p) => p.role === 'evaluation')).toBe(false);
    expect(plan.notes).toEqual([
      'A counts file has no rows: the evaluations (F-score, AUC, (ε,γ), precision@k) need each object’s class.',
    ]);
    const reasons = rowlessReasons(
      meta,
      plan.calls.map((p) => p.call),
      plan.calls.map(() => null),
    );
    plan.calls.forEach((p, i) => {
      expect(reasons[i] !== null, p.method).toBe(coreNeedsRows(p.call));
      if (p.role === 'projection') expect(reasons[i]).toMatch(/needs the rows; a counts file/);
    });
    // The value-level methods run: CDE, COSH, CBRW, DILCA at least.
    const runs = plan.calls.filter((_, i) => reasons[i] === null).map((p) => p.method);
    expect(runs).toEqual(expect.arrayContaining(['cde', 'cosh', 'cbrw', 'dilca']));
  });
});
