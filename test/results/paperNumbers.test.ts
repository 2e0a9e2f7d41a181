/**
 * The papers' printed numbers the product reproduces on bundled data (the rows `npm run
 * reproduce` writes, results/reproductions.ts), judged by results/pins/verdicts.ts: a pin within
 * its tolerance (results/tolerance.ts: printed precision, or 1.96 standard errors of a seeded
 * mean; never wider than ±0.05) with its baseline outside it, or a number declared by hand not to
 * reproduce (results/pins/declared.ts) that keeps the gap it was declared with. `npm run mutants`
 * judges broken methods by the same rules.
 *
 * The CI budget is tight: only the reproductions marked `inTest` are re-run here (each a few
 * seconds, UNTIE on Housevotes about 30 s of CPU). The expensive ones — CURE on Wisconsin, CADO's
 * improvement rates, UNTIE on the seven other public data sets (minutes each) — are covered by
 * `npm run reproduce` and by the results it committed (results/ID.json), which are held here to
 * the same rules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPRODUCTIONS, type Reproduction } from '../../results/reproductions.ts';
import { reproductionFailures } from '../../results/pins/verdicts.ts';

function committed(id: string): Reproduction {
  const url = new URL(`../../results/${id}.json`, import.meta.url);
  expect(existsSync(url), `results/${id}.json: run npm run reproduce -- ${id}`).toBe(true);
  return JSON.parse(readFileSync(url, 'utf8')) as Reproduction;
}

// UNTIE on Housevotes is 50 fits (about 30 s of CPU): the timeout is a hang guard for a busy
// machine, not a budget.
describe('published numbers', () => {
  for (const { id, make, inTest } of REPRODUCTIONS) {
    it(`${id}: the committed results hold to the rules`, () => {
      expect(reproductionFailures(id, committed(id))).toEqual([]);
    });
    if (inTest)
      it(`${id}: re-run, every number pins its method or keeps its declared gap`, async () => {
        const r = await make();
        expect(reproductionFailures(id, r)).toEqual([]);
        const numbers = (x: Reproduction) =>
          x.rows.map((row) => `${row.data} ${row.quantity}: ${row.ours.toFixed(4)}`);
        expect(numbers(r)).toEqual(numbers(committed(id)));
      }, 300_000);
  }
});
