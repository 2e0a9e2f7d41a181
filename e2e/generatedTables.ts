/**
 * Tables generated inside the tests (nothing outside the repo): the readability and long-task
 * cases of issue 14. Each is a CSV string from a seeded generator, with a `class` column that
 * depends on a few attributes so the methods have structure to find.
 */

import { createRandom } from '../src/core/base/random.ts';

interface Shape {
  rows: number;
  /** Attribute names and their number of values. */
  attributes: { name: string; values: number }[];
  seed: number;
}

function table({ rows, attributes, seed }: Shape): string {
  const { next } = createRandom(seed);
  const lines = [[...attributes.map((a) => a.name), 'class'].join(',')];
  for (let r = 0; r < rows; r++) {
    // A latent group drives every attribute a little, so values couple and the class follows it.
    const group = Math.floor(next() * 4);
    const cells = attributes.map((a, k) => {
      const v = next() < 0.5 ? (group + k) % a.values : Math.floor(next() * a.values);
      return `${a.name.slice(0, 3)}${k}-v${v}`;
    });
    lines.push([...cells, `c${group}`].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** 22 attributes with long names (about 40 characters) and 4-5 values each: ~100 values. */
export function longNamesCsv(): string {
  const names = Array.from(
    { length: 22 },
    (_, k) => `measurement-of-the-specimen-property-${String(k + 1).padStart(2, '0')}-of-22`,
  );
  return table({
    rows: 400,
    seed: 7,
    attributes: names.map((name, k) => ({ name, values: 4 + (k % 2) })),
  });
}

/** 40 attributes of 25 values: 1,000 values over 1,500 rows (every value occurs). */
export function thousandValuesCsv(): string {
  return table({
    rows: 1500,
    seed: 11,
    attributes: Array.from({ length: 40 }, (_, k) => ({ name: `attr${k + 1}`, values: 25 })),
  });
}

/** 5,000 rows of 20 attributes with 3-8 values. */
export function fiveThousandRowsCsv(): string {
  return table({
    rows: 5000,
    seed: 3,
    attributes: Array.from({ length: 20 }, (_, k) => ({ name: `a${k + 1}`, values: 3 + (k % 6) })),
  });
}
