/**
 * Counts of the registry's methods, detectors, steps, views and tours are not written by hand in
 * the README or docs/ (issue 49: "'six detectors' is counted by hand in three places"): the
 * registry grows, and a number written beside it goes stale. A page says "every detector", or
 * lists them; a count of something fixed (a paper's table, one experiment's methods) is named in
 * FIXED with what it counts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const NUMBER =
  '(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|\\d+)';
const THINGS = '(?:registered\\s+)?(?:detectors|methods|steps|views|view kinds|tours|panels)';
/** "the six detectors", "all 12 methods", "each of the five tours", "Five tours, …". */
const COUNTED = new RegExp(
  `\\b(?:all|the|each of the|every one of the|its)\\s+${NUMBER}\\s+${THINGS}\\b|(?:^|[.!?]\\s+)${NUMBER}\\s+${THINGS}\\b`,
  'gim',
);

/** Counts of something the registry does not hold, by page, with what each counts. */
const FIXED: Record<string, string> = {
  'docs/untie.md: all six methods': 'the six columns of the paper’s Table 4',
  'docs/features.md: Two methods': 'a pair (0-1 and its PCA) at a sentence’s start, not a count',
  'docs/untie.md: all three methods': 'the three k-modes starts compared in one experiment',
};

describe('counts of the registry', () => {
  it('are not written by hand in the README or docs/', () => {
    const found = pages.flatMap((page) =>
      [...readFileSync(join(root, page), 'utf8').matchAll(COUNTED)].map(
        (m) => `${page}: ${m[0].replace(/^[.!?]?\s*/, '').replace(/\s+/g, ' ')}`,
      ),
    );
    expect(found.filter((f) => !(f in FIXED))).toEqual([]);
  });

  it('finds a hand count where one is written', () => {
    expect('Each of the six detectors ranks it.'.match(COUNTED)).toHaveLength(1);
    expect('Five tours, one per paper.'.match(COUNTED)).toHaveLength(1);
    expect('two projections of CDE'.match(COUNTED)).toBeNull();
  });
});
