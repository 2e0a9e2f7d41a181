/**
 * The papers' printed numbers the product reproduces on bundled data, each pinned within the
 * tolerance results/reproductions.ts states (the same rows `npm run reproduce` writes): an
 * honest tolerance per number, e.g. 0.02 for the encodings' F-scores that reproduce to 0.01.
 */
import { describe, expect, it } from 'vitest';
import { REPRODUCTIONS } from '../../results/reproductions.ts';

describe('published numbers', () => {
  for (const make of REPRODUCTIONS)
    it(`${make.name}: every number within its tolerance of the paper`, async () => {
      const r = await make();
      expect(r.rows.length).toBeGreaterThan(0);
      for (const row of r.rows) {
        expect(Number.isFinite(row.ours), `${row.data} ${row.quantity}`).toBe(true);
        expect(
          Math.abs(row.ours - row.paper),
          `${row.data} ${row.quantity}: ours ${row.ours}, paper ${row.paper}`,
        ).toBeLessThanOrEqual(row.tolerance);
      }
    });
});
