import { describe, expect, it } from 'vitest';
import { matrixPlan } from './plan.ts';
import { cellName } from './report.ts';
import { runCells } from './run.ts';
import { matrixTables } from './tables.ts';

/**
 * The real-data matrix's quick subset (`npm run matrix -- --quick`; the full matrix is `npm run
 * matrix`): every registered method and step on the small bundled tables and, with every
 * per-representation projection and clustering too, on the generated hostile shapes. Every cell
 * completes or reports a precondition its spec declares; none fails by round-off, NaN or an
 * unexplained exception.
 */
describe('real-data matrix (quick subset)', () => {
  for (const table of matrixTables().filter((t) => t.quick))
    it(`${table.name}: every cell completes or does not apply`, { timeout: 120_000 }, async () => {
      const session = await table.open();
      const cells = matrixPlan(session.table, { quick: !table.allCells });
      const results = runCells(table.name, session, cells);
      const failed = results
        .filter((r) => r.outcome === 'failed')
        .map((r) => `${cellName(r)}: ${r.reason}`);
      expect(failed).toEqual([]);
      for (const r of results.filter((x) => x.outcome === 'n/a'))
        expect(r.reason, cellName(r)).toMatch(/\w{3}/);
      // Every registered method was tried: its own cell is there.
      expect(results.filter((r) => r.kind === 'method').length).toBeGreaterThanOrEqual(18);
    });
});
