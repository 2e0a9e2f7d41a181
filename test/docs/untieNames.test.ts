/**
 * UNTIE named for what it is (issue 45): Zhu et al. 2022's “Couplings” is the coupling-space
 * vectors concatenated with no kernels (the `couplings` method); UNTIE with ω = 1 (no iterations)
 * is “UNTIE kernels, ω = 1”. No text in src/, docs/ or results/ may call the second by the first's
 * name: a sentence that names Couplings beside “iterations 0”, “0 iterations” or “ω = 1” must be
 * about the two being different.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const TEXT = /\.(ts|tsx|md|json)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return TEXT.test(name) ? [path] : [];
  });
}

/** “Couplings” within the same clause as the ω = 1 representation's marks. */
const SAME =
  /Couplings[^.;:\n]{0,60}(0 iterations|iterations 0|iterations: 0|ω = 1)|(0 iterations|iterations 0|ω = 1)[^.;:\n]{0,60}Couplings/g;
/** …unless the clause says they differ, or lists them side by side (“Couplings, ω = 1 and …”). */
const APART =
  /\bnot\b|\bneither\b|\bnor\b|beside|against|than|differ|no kernels|Couplings(,| \|) (UNTIE kernels, )?ω = 1/;

describe('UNTIE kernels with ω = 1 are not called “Couplings”', () => {
  it('in src/, docs/ and results/', () => {
    const found: string[] = [];
    for (const file of ['src', 'docs', 'results'].flatMap(files)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(SAME)) {
        const start = Math.max(0, (m.index ?? 0) - 80);
        const clause = text.slice(start, (m.index ?? 0) + m[0].length + 40);
        if (!APART.test(clause)) found.push(`${file}: …${clause.replace(/\s+/g, ' ')}…`);
      }
    }
    expect(found).toEqual([]);
  });
});
