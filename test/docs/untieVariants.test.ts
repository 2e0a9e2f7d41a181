/**
 * docs/untie.md shows UNTIE's variant table (issue 31: "UNTIE's table in docs/ shows every
 * variant tried"): the rows between its markers are those of results/untie-variants.md, and
 * every variant measured in results/untie-variants.json has its rows there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS_END, DOCS_START } from '../../results/untieVariants.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The table rows of a markdown text, cells trimmed (prettier pads them differently per file). */
function rows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('docs/untie.md: the variants table', () => {
  it('holds the rows of results/untie-variants.md, every measured variant among them', () => {
    const docs = read('docs/untie.md');
    const start = docs.indexOf(DOCS_START);
    const end = docs.indexOf(DOCS_END);
    expect(start, 'the start marker').toBeGreaterThan(0);
    expect(end, 'the end marker').toBeGreaterThan(start);
    const embedded = rows(docs.slice(start, end));
    expect(embedded).toEqual(rows(read('results/untie-variants.md')));
    const saved = JSON.parse(read('results/untie-variants.json')) as {
      variants: { title: string }[];
      tables: unknown[];
    };
    for (const v of saved.variants)
      expect(
        embedded.filter((r) => r[1] === v.title),
        v.title,
      ).toHaveLength(saved.tables.length);
  });
});
