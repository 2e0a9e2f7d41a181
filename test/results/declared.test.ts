/**
 * The published numbers declared not to pin their method (results/pins/declared.ts) are a list
 * written by hand: each says why and keeps the gap it was declared with. The list may not grow
 * unseen: adding a declaration means changing DECLARED here too, in the same change, with the
 * reason in the declaration itself. And every declaration names a row that exists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECLARED_NOT_REPRODUCED, declaredKey } from '../../results/pins/declared.ts';
import { REPRODUCTIONS, type Reproduction } from '../../results/reproductions.ts';

/** How many numbers are declared now. Raise it only with the declaration that needs it. */
const DECLARED = 53;

describe('declared, not reproduced', () => {
  it(`holds ${DECLARED} declarations, each with its reason and gap, none twice`, () => {
    expect(DECLARED_NOT_REPRODUCED).toHaveLength(DECLARED);
    const keys = DECLARED_NOT_REPRODUCED.map((d) => declaredKey(d.id, d));
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of DECLARED_NOT_REPRODUCED) {
      expect(d.reason.length, `${d.id} ${d.quantity}`).toBeGreaterThan(40);
      expect(Number.isFinite(d.gap) && d.gap !== 0, `${d.id} ${d.quantity}`).toBe(true);
    }
  });

  it('every declaration names a row of a committed reproduction', () => {
    const ids = new Set(REPRODUCTIONS.map((r) => r.id));
    for (const d of DECLARED_NOT_REPRODUCED) {
      expect(ids.has(d.id), d.id).toBe(true);
      const r = JSON.parse(
        readFileSync(new URL(`../../results/${d.id}.json`, import.meta.url), 'utf8'),
      ) as Reproduction;
      expect(
        r.rows.some((row) => declaredKey(d.id, row) === declaredKey(d.id, d)),
        `${d.id}: ${d.data} ${d.quantity}`,
      ).toBe(true);
    }
  });
});
