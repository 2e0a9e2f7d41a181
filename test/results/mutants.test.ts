/**
 * The list `npm run mutants` runs (results/mutants.ts) keeps its size and its reach: every change
 * still applies to its file (once, so a refactoring cannot turn a mutant into a no-op), every
 * method family has a mutant, every pinned table has at least two, and every method a pin holds
 * is also swapped for its baseline. The mutants themselves are run by `npm run mutants` (minutes:
 * outside the CI budget); docs/dependability.md has its last output.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyMutant, MUTANTS, type Family } from '../../results/mutants.ts';
import { REPRODUCTIONS, type Reproduction } from '../../results/reproductions.ts';
import { pins } from '../../results/pins/verdicts.ts';

/** The list may grow; it may not shrink below this without this line changing too. */
const MINIMUM = 20;

const FAMILIES: Family[] = ['CURE', 'CDE', 'CAS', 'DILCA', 'SAnDCat', 'detectors', 'UNTIE'];

/** The five mutations the audit of issue 45 found surviving their pins. */
const AUDITED = [
  'cde-without-mo',
  'sandcat-mindtk',
  'sandcat-hamming-tables',
  'lof-overlap',
  'untie-no-adam',
];

const read = (path: string): string =>
  readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

function committed(id: string): Reproduction {
  return JSON.parse(read(`results/${id}.json`)) as Reproduction;
}

describe('npm run mutants: the list', () => {
  it(`holds at least ${MINIMUM} mutants, the audited five among them, ids unique`, () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(MINIMUM);
    const ids = MUTANTS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of AUDITED) expect(ids).toContain(id);
  });

  it('each change applies to its file exactly once and changes it', () => {
    for (const m of MUTANTS) {
      const text = read(m.file);
      const changed = applyMutant(m, text);
      expect(changed, m.id).not.toBe(text);
    }
  });

  it('each runs reproductions that exist', () => {
    const known = new Set(REPRODUCTIONS.map((r) => r.id));
    for (const m of MUTANTS) {
      expect(m.pins.length, m.id).toBeGreaterThan(0);
      for (const id of m.pins) expect(known.has(id), `${m.id}: ${id}`).toBe(true);
    }
  });

  it('every method family has a mutant, and a baseline swap', () => {
    for (const family of FAMILIES) {
      expect(
        MUTANTS.some((m) => m.family === family),
        family,
      ).toBe(true);
      expect(
        MUTANTS.some((m) => m.family === family && m.kind === 'baseline'),
        `${family}: no baseline swap`,
      ).toBe(true);
    }
  });

  it('every table with a pin (results/ID.json) is run by at least two mutants', () => {
    for (const { id } of REPRODUCTIONS) {
      if (!committed(id).rows.some(pins)) continue;
      const runBy = MUTANTS.filter((m) => m.pins.includes(id)).map((m) => m.id);
      expect(runBy.length, `${id}: run by ${runBy.join(', ') || 'none'}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('docs/dependability.md documents the command and names every mutant of its last run', () => {
    const docs = read('docs/dependability.md');
    expect(docs).toContain('npm run mutants');
    for (const m of MUTANTS) expect(docs, m.id).toMatch(new RegExp(`\\| ${m.id} +\\|`));
  });
});
