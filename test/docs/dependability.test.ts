import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUND_OFF } from '../../src/core/base/roundOff.ts';
import { ALL_DATASETS } from '../helpers.ts';
import { hostileTables } from '../matrix/generated.ts';
import { MATRIX_OPTIONS } from '../matrix/plan.ts';

/**
 * docs/dependability.md kept true: the tolerance it quotes is the code's, it lists every real
 * table the matrix runs and every generated shape, and the commands it names exist.
 */
// Whitespace as one space: a phrase may wrap across lines.
const doc = readFileSync(new URL('../../docs/dependability.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);
const scripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('docs/dependability.md', () => {
  it('quotes the round-off tolerance the code uses', () => {
    expect(doc).toContain(`ROUND_OFF = ${ROUND_OFF}`);
  });

  it('lists every real table of the matrix and every generated shape', () => {
    for (const d of ALL_DATASETS.filter((x) => x.set === 'real')) expect(doc).toContain(d.file);
    for (const t of hostileTables()) {
      const shape = t.name.replace(/ \(.*\)$/, '');
      expect(doc.toLowerCase()).toContain(shape.toLowerCase());
    }
  });

  it('says how many clustering runs the matrix makes', () => {
    expect(doc).toContain(
      `clustering evaluation ${MATRIX_OPTIONS['evaluate-clustering']?.runs} times`,
    );
  });

  it('quotes the last full matrix run as results/matrix.md records it', () => {
    const matrix = readFileSync(new URL('../../results/matrix.md', import.meta.url), 'utf8');
    const quoted = doc.match(/\d+ cells: \d+ done, \d+ not applicable[^.]*, \d+ failed\./)?.[0];
    expect(quoted).toBeDefined();
    expect(matrix.replace(/\s+/g, ' ')).toContain(quoted);
    expect(quoted).toMatch(/, 0 failed\.$/);
  });

  it('names commands that exist', () => {
    for (const command of doc.matchAll(/npm run ([\w:-]+)/g))
      expect(Object.keys(scripts), command[0]).toContain(command[1]);
  });
});
