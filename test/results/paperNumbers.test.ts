/**
 * The papers' printed numbers the product reproduces on bundled data (the rows `npm run
 * reproduce` writes, results/reproductions.ts), each held to the tolerance its rule gives
 * (results/tolerance.ts: printed precision, or 1.96 standard errors of a seeded mean) — and the
 * mutation check of issue 31: the same quantity with the method swapped for its baseline
 * (no learning, one-hot, overlap or chance) must fail the same pin, or the pin holds nothing.
 * A number known not to reproduce is declared with its reason and must stay outside, so the
 * table cannot claim it; a number the paper's own table cannot tell from its baseline is
 * declared indistinct, and its baseline must meet it.
 */
import { describe, expect, it } from 'vitest';
import { REPRODUCTIONS, reproduces } from '../../results/reproductions.ts';
import { toleranceOf } from '../../results/tolerance.ts';

// UNTIE on Housevotes is 50 fits (about 30 s of CPU): the timeout is a hang guard for a busy
// machine, not a budget.
describe('published numbers', () => {
  for (const { id, make } of REPRODUCTIONS)
    it(`${id}: each number reproduces or is declared not to, and no baseline meets a pin`, async () => {
      const r = await make();
      expect(r.id).toBe(id);
      expect(r.rows.length).toBeGreaterThan(0);
      for (const row of r.rows) {
        const what = `${row.data} ${row.quantity}: ours ${row.ours}, paper ${row.paper}, tolerance ${row.tolerance}`;
        expect(Number.isFinite(row.ours), what).toBe(true);
        expect(row.tolerance, what).toBe(toleranceOf(row.basis));
        expect(reproduces(row), what).toBe(row.notReproduced === undefined);
        if (row.notReproduced !== undefined) continue;
        expect(row.baseline ?? row.noBaseline, `${what}: no baseline, no reason`).toBeDefined();
        if (!row.baseline) continue;
        const apart = Math.abs(row.baseline.ours - row.paper) > row.tolerance;
        // A row declared indistinct must be so: its baseline meets it, stated, not hidden.
        expect(
          apart,
          `${what}: its baseline ${row.baseline.name} (${row.baseline.ours}) ${apart ? 'fails' : 'meets'} the pin${row.indistinct ? ` (declared indistinct: ${row.indistinct})` : ''}`,
        ).toBe(row.indistinct === undefined);
      }
    }, 300_000);
});
