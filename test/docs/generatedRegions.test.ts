/**
 * The regions of docs/ that `npm run reproduce` writes (results/embed.ts) hold what the committed
 * results say: docs/untie.md's variants table (issue 31: "UNTIE's table in docs/ shows every
 * variant tried"), its Table 4 overview, and which UNTIE `untie` means with the sentence the app
 * shows (issue 45: every sentence about UNTIE's learning is checked against the generated tables).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REGIONS, regionText } from '../../results/embed.ts';
import { UNTIE_LEARNING_VERDICT } from '../../src/core/methods/untie/untie.ts';
import { TABLE_4_DATA } from '../../results/pins/untieData.ts';
import { pins } from '../../results/pins/verdicts.ts';
import type { Reproduction } from '../../results/reproductions.ts';

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

describe('docs/untie.md: the generated regions', () => {
  it('the variants table holds the rows of results/untie-variants.md, every measured variant among them', () => {
    const embedded = rows(regionText(REGIONS.untieVariants));
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

  it('the Table 4 overview holds the rows of results/untie-table-4.md', () => {
    const embedded = rows(regionText(REGIONS.untieTable4));
    expect(embedded.length).toBeGreaterThan(8);
    expect(embedded).toEqual(rows(read('results/untie-table-4.md')));
  });

  it('which UNTIE `untie` means: results/untie-default.md’s table and the sentence the app shows', () => {
    const region = regionText(REGIONS.untieDefault);
    expect(rows(region)).toEqual(rows(read('results/untie-default.md')));
    expect(region.replace(/\s+/g, ' ')).toContain(UNTIE_LEARNING_VERDICT);
  });

  it('names the Table 4 data sets where Couplings reproduces, as the committed pins have them', () => {
    const docs = read('docs/untie.md').replace(/\s+/g, ' ');
    const said =
      /Couplings — deterministic, so only the protocol moves it — reproduces Table 4 on ([^.]*?), and/.exec(
        docs,
      )?.[1];
    const pinned = TABLE_4_DATA.filter((d) =>
      (JSON.parse(read(`results/${d.id}.json`)) as Reproduction).rows.some(
        (r) => r.quantity === 'F-score Couplings' && pins(r),
      ),
    ).map((d) => d.paperName);
    expect(said?.replace(' and ', ', ').split(', ')).toEqual(pinned);
  });

  it('what docs/untie.md says issue 31’s runs chose is what results/untie-variants.md finds', () => {
    const docs = read('docs/untie.md').replace(/\s+/g, ' ');
    expect(docs).toContain('no variant that learns ω met it, so the default was no learning');
    expect(read('results/untie-variants.md')).toMatch(
      /Not significantly worse than ω = 1 on any of the four tables: [^\n]*— none that learns ω\./,
    );
  });
});
