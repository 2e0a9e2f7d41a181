/**
 * Hostile input found by a review (issue 10): each case failed before its fix — quadratic work
 * on long digit runs, bad-quote rows and repeated header names, prototype names as column names,
 * grammar, unbounded messages, large floats taken for identifiers.
 */
import { describe, expect, it } from 'vitest';
import { cpuClock, stretched } from '../workUnit.ts';
import { parseCsvText } from '../../src/core/data/csv/parse.ts';
import { DataError } from '../../src/core/base/errors.ts';
import { inferKind, parseNumber } from '../../src/core/data/table/infer.ts';
import { prepareTable } from '../../src/core/data/table/prepare.ts';

/** CPU seconds since the clock started (a busy machine does not stretch them). */
const seconds = (cpu: () => number): number => cpu();

describe('linear-time reading', () => {
  it('a number check on a 3,000,000-digit cell followed by a letter is linear (defect 1, 10×)', () => {
    const cell = `${'1'.repeat(3_000_000)}x`;
    const t0 = cpuClock();
    expect(parseNumber(cell)).toBeNull();
    expect(parseNumber(`${'0'.repeat(3_000_000)}1.5e-3`)).toBe(0.0015);
    expect(seconds(t0)).toBeLessThan(stretched(1));
  });

  it('parseNumber reads the plain decimal forms and nothing else', () => {
    for (const [text, value] of [
      ['12', 12],
      ['-0.5', -0.5],
      ['+3.', 3],
      ['.25', 0.25],
      ['1e3', 1000],
      ['1.5E-2', 0.015],
      ['-.5e+1', -5],
    ] as const)
      expect(parseNumber(text), text).toBe(value);
    for (const text of [
      '',
      '.',
      '+',
      '1e',
      'e3',
      '1.2.3',
      '0x10',
      '1,5',
      ' 1',
      'Infinity',
      'NaN',
      '1e999',
      '--1',
    ])
      expect(parseNumber(text), text).toBeNull();
  });

  it('8 MB of bad-quote rows read in seconds with one aggregated warning (defect 2, 10×)', async () => {
    const text = `a,b\n${'0,"x"y"\n'.repeat(1_000_000)}`;
    const t0 = cpuClock();
    const raw = await parseCsvText(text);
    expect(seconds(t0)).toBeLessThan(stretched(5));
    const quotes = raw.warnings.filter((w) => /quote/i.test(w));
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatch(
      /^1,000,000 rows have a malformed quote \(first at lines 2, 3, 4, 5, 6, …\)/,
    );
  });

  it('200,000 copies of one header name are renamed in seconds, with one warning (defect 3, 10×)', async () => {
    const header = Array.from({ length: 200_000 }, () => 'x').join(',');
    const row = Array.from({ length: 200_000 }, (_, i) => String(i % 3)).join(',');
    const t0 = cpuClock();
    const raw = await parseCsvText(`${header}\n${row}\n${row}\n`);
    expect(seconds(t0)).toBeLessThan(stretched(5));
    expect(raw.columns[0]?.name).toBe('x');
    expect(raw.columns[1]?.name).toBe('x (2)');
    expect(raw.columns[199_999]?.name).toBe('x (200000)');
    const renames = raw.warnings.filter((w) => /appears/.test(w));
    expect(renames).toEqual([
      'Header name “x” appears 200,000 times; columns 2–200,000 were renamed “x (2)” … “x (200000)”.',
    ]);
  });

  it('a renamed column never takes a name a later column has (x, x, x (2))', async () => {
    const raw = await parseCsvText('x,x,x (2)\n1,2,3\n4,5,6\n');
    expect(raw.columns.map((c) => c.name)).toEqual(['x', 'x (3)', 'x (2)']);
  });
});

describe('names that are JavaScript built-ins', () => {
  it('columns named toString, constructor, hasOwnProperty, __proto__ behave like any other (defect 4)', async () => {
    const names = ['price', 'toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'];
    const rows = Array.from({ length: 40 }, (_, r) =>
      names.map((_, c) => String((r * 7 + c * 3) % 23)).join(','),
    );
    const raw = await parseCsvText(`${names.join(',')}\n${rows.join('\n')}\n`);
    const { table, summary } = prepareTable(raw, {
      classColumn: null,
      kinds: { price: 'numeric' },
    });
    for (const c of summary.columns)
      expect(c.kind, c.name).toBe(c.name === 'price' ? 'numeric' : 'numeric');
    // Every numeric twin is binned like price.
    for (const a of table.attributes)
      expect(a.labels.length, a.name).toBe(table.attributes[0]?.labels.length);
    const overridden = prepareTable(raw, {
      kinds: { ['__proto__']: 'categorical' as const, toString: 'categorical' as const },
    });
    const kindOf = (name: string) => overridden.summary.columns.find((c) => c.name === name)?.kind;
    expect(kindOf('toString')).toBe('categorical');
    expect(kindOf('__proto__')).toBe('categorical');
    expect(kindOf('constructor')).toBe('numeric');
  });
});

describe('messages', () => {
  it('one ragged row "does not have", several "do not have" (defect 9)', async () => {
    await expect(parseCsvText('a,b\n1,2\n3\n')).rejects.toThrow(/^1 row does not have 2 fields/);
    await expect(parseCsvText('a,b\n1\n3\n')).rejects.toThrow(/^2 rows do not have 2 fields/);
  });

  it('10,000 unusable columns: the message names a few and counts the rest (defect 9)', async () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `id${i}`);
    const rows = Array.from({ length: 5 }, (_, r) => names.map((_, c) => `${r}-${c}`).join(','));
    const raw = await parseCsvText(`${names.join(',')}\n${rows.join('\n')}\n`);
    let error: unknown = null;
    try {
      prepareTable(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    const message = (error as Error).message;
    expect(message.length).toBeLessThan(600);
    expect(message).toMatch(/id0: identifier/);
    expect(message).toMatch(/and 9,99\d more/);
  });

  it('a column of distinct very large floats is numeric, not an identifier (defect 9)', async () => {
    const labels = Array.from({ length: 30 }, (_, i) => `${(i + 1.5).toFixed(1)}e300`);
    const raw = await parseCsvText(`big,c\n${labels.map((l, i) => `${l},${i % 2}`).join('\n')}\n`);
    expect(inferKind(raw.columns[0] as never)).toBe('numeric');
    // Whole numbers written as such still make an identifier.
    const ids = await parseCsvText(
      `id,c\n${labels.map((_, i) => `${1000 + i},${i % 2}`).join('\n')}\n`,
    );
    expect(inferKind(ids.columns[0] as never)).toBe('identifier');
  });
});
