import { describe, expect, it } from 'vitest';
import {
  CancelledError,
  DataError,
  DEFAULT_MISSING_TOKENS,
  parseCsvChunks,
  parseCsvText,
  type ParseOptions,
  type Progress,
  type RawTable,
} from '../../../../src/core/index.ts';
import { readDataset, readFixture } from '../../../helpers.ts';

/** Labels of each row of a column, with null for a missing cell. */
function cells(raw: RawTable, name: string): (string | null)[] {
  const col = raw.columns.find((c) => c.name === name);
  if (!col) throw new Error(`no column ${name}`);
  return Array.from(col.codes, (code) => (code < 0 ? null : (col.labels[code] as string)));
}

const names = (raw: RawTable): string[] => raw.columns.map((c) => c.name);

/** Everything parseCsvChunks produces, as plain data for toEqual. */
function shape(raw: RawTable): object {
  return {
    nRows: raw.nRows,
    columns: raw.columns.map((c) => ({ ...c, codes: Array.from(c.codes) })),
    lines: Array.from(raw.lines),
    warnings: raw.warnings,
    delimiter: raw.delimiter,
    skippedRaggedRows: raw.skippedRaggedRows,
  };
}

function splitEvery(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function* asAsync(chunks: string[]): AsyncGenerator<string> {
  for (const c of chunks) {
    await Promise.resolve();
    yield c;
  }
}

describe('parseCsvText: basic reading', () => {
  it('dictionary-encodes each column in order of first appearance', async () => {
    const raw = await parseCsvText('colour,size\nred,S\nblue,M\nred,L\nred,S\n');
    expect(raw.nRows).toBe(4);
    expect(names(raw)).toEqual(['colour', 'size']);
    const colour = raw.columns[0]!;
    expect(colour.labels).toEqual(['red', 'blue']);
    expect(colour.counts).toEqual([3, 1]); // red rows 1, 3, 4; blue row 2
    expect(Array.from(colour.codes)).toEqual([0, 1, 0, 0]);
    expect(raw.columns[1]!.labels).toEqual(['S', 'M', 'L']);
    expect(raw.columns[1]!.counts).toEqual([2, 1, 1]);
    expect(Array.from(raw.lines)).toEqual([2, 3, 4, 5]);
    expect(raw.warnings).toEqual([]);
    expect(raw.skippedRaggedRows).toBe(0);
  });

  it('trims cells and header names', async () => {
    const raw = await parseCsvText(' a , b \n x , y \n');
    expect(names(raw)).toEqual(['a', 'b']);
    expect(cells(raw, 'a')).toEqual(['x']);
    expect(cells(raw, 'b')).toEqual(['y']);
  });

  it('reads an async iterable of chunks', async () => {
    const raw = await parseCsvChunks(asAsync(['a,b\n1,', '2\n3,4\n']));
    expect(cells(raw, 'a')).toEqual(['1', '3']);
    expect(cells(raw, 'b')).toEqual(['2', '4']);
  });
});

describe('delimiters', () => {
  it.each([
    [',', 'a,b,c\n1,2,3\n4,5,6\n'],
    [';', 'a;b;c\n1,5;2,5;x\n3,0;4,5;y\n'], // decimal commas do not fool the detection
    ['\t', 'a\tb\tc\nhello, world\t2\t3\n4\t5\t6\n'], // a comma inside a tab-separated cell
  ])('auto-detects %j', async (delimiter, text) => {
    const raw = await parseCsvText(text);
    expect(raw.delimiter).toBe(delimiter);
    expect(names(raw)).toEqual(['a', 'b', 'c']);
    expect(raw.nRows).toBe(2);
  });

  it('keeps the semicolon file’s decimal commas inside cells', async () => {
    const raw = await parseCsvText('a;b;c\n1,5;2,5;x\n3,0;4,5;y\n');
    expect(cells(raw, 'a')).toEqual(['1,5', '3,0']);
  });

  it('lets the caller override the detected delimiter', async () => {
    // Both ',' and ';' split every line in two; auto picks the comma (first on ties).
    const text = 'a;b,c\n1;2,3\n4;5,6\n';
    const auto = await parseCsvText(text);
    expect(auto.delimiter).toBe(',');
    expect(names(auto)).toEqual(['a;b', 'c']);
    const semicolon = await parseCsvText(text, { delimiter: ';' });
    expect(semicolon.delimiter).toBe(';');
    expect(names(semicolon)).toEqual(['a', 'b,c']);
    expect(cells(semicolon, 'b,c')).toEqual(['2,3', '5,6']);
    const explicitAuto = await parseCsvText(text, { delimiter: 'auto' });
    expect(explicitAuto.delimiter).toBe(',');
  });

  it('reads a tab file as a tab file when told so', async () => {
    const raw = await parseCsvText('x\ty\n1\t2\n', { delimiter: '\t' });
    expect(names(raw)).toEqual(['x', 'y']);
  });
});

describe('quoting, newlines, BOM', () => {
  it('keeps delimiters, newlines and doubled quotes inside quoted fields', async () => {
    const raw = await parseCsvText('name,note\n"Smith, J.","line1\nline2"\n"O""Brien",x\n');
    expect(raw.nRows).toBe(2);
    expect(cells(raw, 'name')).toEqual(['Smith, J.', 'O"Brien']);
    expect(cells(raw, 'note')).toEqual(['line1\nline2', 'x']);
    // Row 1 starts on line 2 and spans lines 2–3, so row 2 starts on line 4.
    expect(Array.from(raw.lines)).toEqual([2, 4]);
  });

  it('reports the right file lines for ragged rows after a multi-line field', async () => {
    // Line 1 header; row “1” line 2; row “2” lines 3–5; “3,blue” line 6 (2 fields);
    // row “4” line 7; “5,…,extra” line 8 (4 fields); row “6” line 9.
    const text = readFixture('quoted-ragged.csv');
    const error = await parseCsvText(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ code: 'ragged', details: { lines: [6, 8], count: 2 } });
    expect((error as DataError).message).toBe(
      '2 rows do not have 3 fields like the header (lines 6, 8).',
    );

    const skipped = await parseCsvText(text, { skipRaggedRows: true });
    expect(cells(skipped, 'id')).toEqual(['1', '2', '4', '6']);
    expect(cells(skipped, 'colour')).toEqual(['red, dark', 'multi\nline\nnote', 'green', 'red']);
    expect(cells(skipped, 'size')).toEqual(['S', 'M', 'L', 'S']);
    expect(Array.from(skipped.lines)).toEqual([2, 3, 7, 9]);
    expect(skipped.skippedRaggedRows).toBe(2);
    expect(skipped.warnings).toEqual(['Skipped 2 ragged rows (first at line 6).']);
  });

  it('reads CRLF files, a UTF-8 BOM before a quoted first header, and trailing blank lines', async () => {
    const text = readFixture('bom-crlf.csv');
    // Guard the fixture itself: it must really start with a BOM and use CRLF.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.includes('\r\n')).toBe(true);
    const raw = await parseCsvText(text);
    expect(raw.delimiter).toBe(',');
    expect(names(raw)).toEqual(['Name', 'Colour;x']);
    expect(raw.nRows).toBe(3);
    // A line break inside a quoted value is read as LF whatever the file's line ends.
    expect(cells(raw, 'Name')).toEqual(['Smith, J.', 'two\nlines', 'plain']);
    expect(cells(raw, 'Colour;x')).toEqual(['red', 'blue', 'red']);
    // Header line 1; row 1 line 2; row 2 lines 3–4; row 3 line 5; lines 6–7 blank.
    expect(Array.from(raw.lines)).toEqual([2, 3, 5]);
    expect(raw.warnings).toEqual([]);
  });

  it('reads CRLF line ends without leaving \\r in the last cell', async () => {
    const raw = await parseCsvText('a,b\r\n1,2\r\n3,4\r\n');
    expect(cells(raw, 'b')).toEqual(['2', '4']);
  });

  it('reads old Mac CR-only line ends', async () => {
    const raw = await parseCsvText('a,b\r1,2\r3,4\r');
    expect(cells(raw, 'a')).toEqual(['1', '3']);
    expect(Array.from(raw.lines)).toEqual([2, 3]);
  });

  it('skips trailing and inner blank lines, counting them in line numbers', async () => {
    const raw = await parseCsvText('a,b\n1,2\n\n   \n3,4\n\n\n\n');
    expect(raw.nRows).toBe(2);
    expect(Array.from(raw.lines)).toEqual([2, 5]);
  });

  it('keeps a row whose cells are all empty (as missing cells)', async () => {
    const raw = await parseCsvText('a,b\n1,2\n,\n');
    expect(raw.nRows).toBe(2);
    expect(raw.columns.map((c) => c.missing)).toEqual([1, 1]);
  });
});

describe('malformed quotes', () => {
  // Data row 2 opens a quote that is closed before “y”, then never again: papaparse reads the rest
  // of the file into that field, which is reported once, at data row 2, however the text is cut.
  const text = 'a,b\n1,2\n3,"x"y\n4,5\n';
  const expected = [
    '1 row has a malformed quote (line 3): Trailing quote on quoted field is malformed; Quoted field unterminated.',
  ];

  it('warns once, with the line the row starts on and both problems', async () => {
    const raw = await parseCsvText(text);
    expect(raw.warnings).toEqual(expected);
    expect(cells(raw, 'b')).toEqual(['2', 'x"y\n4,5']);
  });

  it('warns the same when the row arrives in a later chunk, cut anywhere', async () => {
    const padded = `a,b\n${'p,q\n'.repeat(17_000)}3,"x"y\n4,5\n`; // 68 KB: past the sniffed head
    const start = padded.indexOf('3,"x"');
    const rowOf = (raw: RawTable): number => cells(raw, 'a').indexOf('3') + 1;
    for (let cut = start; cut < padded.length; cut++) {
      const raw = await parseCsvChunks([padded.slice(0, cut), padded.slice(cut)]);
      expect(rowOf(raw)).toBe(17_001);
      expect(raw.warnings, `cut at ${cut - start}`).toEqual([
        '1 row has a malformed quote (line 17002): Trailing quote on quoted field is malformed; Quoted field unterminated.',
      ]);
    }
  });
});

describe('mixed line ends', () => {
  it('CRLF, lone CR and LF in one file all end rows (a file pasted together from systems)', async () => {
    const raw = await parseCsvText('a,b\r\n1,2\r3,4\n5,6\r\n"x\ry",8\r');
    expect(raw.nRows).toBe(4);
    expect(cells(raw, 'a')).toEqual(['1', '3', '5', 'x\ny']);
    expect(Array.from(raw.lines)).toEqual([2, 3, 4, 5]);
  });

  it('a CR at the end of a chunk and its LF in the next are one line end', async () => {
    const raw = await parseCsvChunks(['a,b\r', '\n1,2\r', '\n3,4\r', '']);
    expect(raw.nRows).toBe(2);
    expect(cells(raw, 'b')).toEqual(['2', '4']);
  });
});

describe('header names', () => {
  it('renames empty and duplicate header names, with one warning per name', async () => {
    const raw = await parseCsvText('a,,a, a ,x (2),x,x\n1,2,3,4,5,6,7\n');
    // “a (2)”, “a (3)” for the repeats; “x (3)” because “x (2)” is taken by column 5.
    expect(names(raw)).toEqual(['a', 'column 2', 'a (2)', 'a (3)', 'x (2)', 'x', 'x (3)']);
    expect(raw.warnings).toEqual([
      'Column 2 has no header name; it was named “column 2”.',
      'Header name “a” appears 3 times; columns 3–4 were renamed “a (2)” … “a (3)”.',
      'Header name “x” appears more than once; column 7 was renamed “x (3)”.',
    ]);
    expect(cells(raw, 'a (3)')).toEqual(['4']);
  });
});

describe('missing tokens', () => {
  const text = 'k,v\n1,\n2,?\n3,NA\n4,NaN\n5,null\n6, NA \n7,na\n8,ok\n9,-\n';

  it('treats each default token (after trimming) as missing, and nothing else', async () => {
    expect(DEFAULT_MISSING_TOKENS).toEqual(['', '?', 'NA', 'NaN', 'null']);
    const raw = await parseCsvText(text);
    // Rows 1–6 hold '', '?', 'NA', 'NaN', 'null', ' NA '; 'na', 'ok', '-' are values.
    expect(cells(raw, 'v')).toEqual([null, null, null, null, null, null, 'na', 'ok', '-']);
    const v = raw.columns[1]!;
    expect(v.missing).toBe(6);
    expect(v.labels).toEqual(['na', 'ok', '-']);
    expect(v.counts).toEqual([1, 1, 1]);
  });

  it.each(DEFAULT_MISSING_TOKENS)('token %j alone makes a missing cell', async (token) => {
    const raw = await parseCsvText(`a,b\nx,${token}\ny,z\n`);
    expect(cells(raw, 'b')).toEqual([null, 'z']);
    expect(raw.columns[1]!.missing).toBe(1);
  });

  it('uses the caller’s tokens instead of the defaults', async () => {
    const raw = await parseCsvText(text, { missingTokens: ['-', 'na'] });
    expect(cells(raw, 'v')).toEqual(['', '?', 'NA', 'NaN', 'null', 'NA', null, 'ok', null]);
    expect(raw.columns[1]!.missing).toBe(2);
  });
});

describe('refused files', () => {
  const refuse = async (
    text: string | string[],
    code: string,
    options: ParseOptions = {},
  ): Promise<DataError> => {
    const error = await (
      typeof text === 'string' ? parseCsvText(text, options) : parseCsvChunks(text, options)
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).code).toBe(code);
    return error as DataError;
  };

  it('empty file', async () => {
    await refuse('', 'empty');
    await refuse([], 'empty');
    await refuse('\uFEFF', 'empty');
  });

  it('whitespace-only file', async () => {
    await refuse('   \n\t\n  \r\n', 'empty');
  });

  it('header only', async () => {
    const e = await refuse('a,b\n', 'header-only');
    expect(e.message).toBe('The file has a header (2 columns) but no data rows.');
    await refuse('a,b', 'header-only');
    await refuse('a,b\r\n\r\n\r\n', 'header-only');
  });

  it('single column', async () => {
    const e = await refuse('name\nx\ny\n', 'single-column');
    expect(e.message).toContain('“name”');
    expect(e.message).toContain('comma delimiter');
    const semi = await refuse('a,b\n1,2\n', 'single-column', { delimiter: ';' });
    expect(semi.message).toContain('“a,b”');
    expect(semi.message).toContain('semicolon delimiter');
  });

  it('ragged rows: the first ten lines and the total count', async () => {
    // Header on line 1; data rows on lines 2..16; rows on even lines 2, 4, …, 24 have one field.
    const lines = ['a,b'];
    for (let i = 2; i <= 25; i++) lines.push(i % 2 === 0 ? `only${i}` : `${i},x`);
    const e = await refuse(lines.join('\n'), 'ragged');
    // Even lines 2..24: (24 − 2)/2 + 1 = 12 ragged rows; the first ten are 2, 4, …, 20.
    expect(e.details).toEqual({ lines: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20], count: 12 });
    expect(e.message).toBe(
      '12 rows do not have 2 fields like the header (lines 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, …).',
    );
    const skipped = await parseCsvText(lines.join('\n'), { skipRaggedRows: true });
    expect(skipped.nRows).toBe(12); // odd lines 3..25
    expect(skipped.skippedRaggedRows).toBe(12);
    expect(skipped.warnings).toEqual(['Skipped 12 ragged rows (first at line 2).']);
  });

  it('a single ragged row with too many fields', async () => {
    const e = await refuse('a,b\n1,2\n3,4,5\n', 'ragged');
    expect(e.details).toEqual({ lines: [3], count: 1 });
    expect(e.message).toBe('1 row does not have 2 fields like the header (line 3).');
  });

  it('too many cells', async () => {
    // 2 columns × 3 rows = 6 cells: fits in 6, not in 5 (or 4).
    const text = 'a,b\n1,2\n3,4\n5,6\n';
    expect((await parseCsvText(text, { maxCells: 6 })).nRows).toBe(3);
    const e = await refuse(text, 'too-large', { maxCells: 5 });
    expect(e.message).toContain('more than 5 cells');
    await refuse(text, 'too-large', { maxCells: 4 });
  });

  it('too many cells while streaming a large input', async () => {
    const text = 'a,b\n' + 'x,y\n'.repeat(50_000); // 100,000 cells, 200 KB
    await refuse(splitEvery(text, 10_000), 'too-large', { maxCells: 99_999 });
    expect((await parseCsvChunks(splitEvery(text, 10_000), { maxCells: 100_000 })).nRows).toBe(
      50_000,
    );
  });
});

describe('hooks', () => {
  it('reports progress as fractions in [0, 0.99]', async () => {
    const seen: Progress[] = [];
    const text = readDataset('zoo.csv');
    await parseCsvChunks(
      splitEvery(text, 500),
      {},
      { sizeHint: text.length, onProgress: (p) => seen.push(p) },
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) {
      expect(p.fraction).toBeGreaterThanOrEqual(0);
      expect(p.fraction).toBeLessThanOrEqual(0.99);
    }
    expect(seen.at(-1)!.message).toBe('Reading… 101 rows');
  });

  it('stops with a CancelledError when cancelled', async () => {
    const error = await parseCsvChunks(['a,b\n1,2\n'], {}, { isCancelled: () => true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CancelledError);
  });
});

describe('chunked input', () => {
  // Head: 10 + 6000 rows of ≥ 14 chars, so the first 64 KB (the sniffed head, parsed as one piece)
  // ends inside the filler and the tricky rows arrive in later chunks.
  const filler = Array.from(
    { length: 6000 },
    (_, i) => `r${String(i).padStart(5, '0')},${i % 7},plain\n`,
  ).join('');
  const tricky = 'x1,"a, b\nc",quoted\nx2,3,"he said ""hi"""\nx3,4,"last, one"\n';
  const text = `id,n,note\n${filler}${tricky}`;
  const trickyStart = text.indexOf('x1,');

  it('the test input really streams the tricky rows after the sniffed head', () => {
    expect(trickyStart).toBeGreaterThan(64 * 1024 + 100);
  });

  it('gives the same table for any chunking', async () => {
    const whole = shape(await parseCsvText(text));
    const parsed = await parseCsvText(text);
    expect(parsed.nRows).toBe(6003);
    expect(cells(parsed, 'note').slice(-3)).toEqual(['quoted', 'he said "hi"', 'last, one']);
    expect(cells(parsed, 'n').slice(-3)).toEqual(['a, b\nc', '3', '4']);
    // Header line 1, filler lines 2..6001, x1 lines 6002–6003, x2 line 6004, x3 line 6005.
    expect(Array.from(parsed.lines.slice(-3))).toEqual([6002, 6004, 6005]);
    for (const size of [1, 7, 1000, 4096, 65_537]) {
      expect(shape(await parseCsvChunks(splitEvery(text, size))), `chunks of ${size}`).toEqual(
        whole,
      );
    }
  });

  it('gives the same table when one chunk boundary falls anywhere in a quoted field or a row', async () => {
    const whole = shape(await parseCsvText(text));
    for (let cut = trickyStart - 3; cut <= text.length; cut++) {
      const chunks = [text.slice(0, cut), text.slice(cut)];
      expect(shape(await parseCsvChunks(chunks)), `cut at ${cut - trickyStart}`).toEqual(whole);
    }
  });

  it('gives the same table for CRLF text cut between \\r and \\n', async () => {
    const crlf = text.replace(/\n/g, '\r\n');
    const whole = shape(await parseCsvText(crlf));
    const start = crlf.indexOf('x1,');
    for (let cut = start; cut < crlf.length; cut++) {
      if (crlf[cut - 1] !== '\r') continue;
      expect(
        shape(await parseCsvChunks([crlf.slice(0, cut), crlf.slice(cut)])),
        `cut at ${cut}`,
      ).toEqual(whole);
    }
    const parsed = await parseCsvText(crlf);
    expect(cells(parsed, 'n').at(-3)).toBe('a, b\nc');
    expect(Array.from(parsed.lines.slice(-3))).toEqual([6002, 6004, 6005]);
  });

  it('reports ragged line numbers after streamed multi-line fields', async () => {
    // Same as above plus a 2-field row on line 6006 and a good row on line 6007.
    const ragged = `${text}x4,5\nx5,6,ok\n`;
    for (const size of [3, 4096, 1 << 20]) {
      const error = await parseCsvChunks(splitEvery(ragged, size)).catch((e: unknown) => e);
      expect(error, `chunks of ${size}`).toMatchObject({
        code: 'ragged',
        details: { lines: [6006], count: 1 },
      });
    }
  });
});
