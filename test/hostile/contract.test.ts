/**
 * One reading contract for the CLI and the browser (defect 5 of issue 10): the same bytes are
 * loaded the same way, or refused with the same message, on both paths — NUL bytes, Latin-1,
 * UTF-16 with and without a byte-order mark, archives and documents.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { viaCli, viaWorker, type ReadOutcome } from '../fuzz/paths.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf16 = (text: string, order: 'le' | 'be', bom: boolean): Uint8Array => {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? `\uFEFF${text}` : text;
  for (let i = 0; i < units.length; i++) {
    const u = units.charCodeAt(i);
    out[2 * i + (order === 'le' ? 0 : 1)] = u & 0xff;
    out[2 * i + (order === 'le' ? 1 : 0)] = u >> 8;
  }
  return out;
};

const TABLE = 'name,drink\ncafé,crème\nthé,lait\ncafé,lait\nthé,crème\n';

/** Both paths, required to agree; returns the common outcome. */
async function both(bytes: Uint8Array): Promise<ReadOutcome> {
  const [worker, cli] = await Promise.all([viaWorker(bytes), viaCli(bytes)]);
  if (worker.ok && cli.ok) expect(cli.summary).toEqual(worker.summary);
  else
    expect({ ok: cli.ok, message: cli.ok ? '' : cli.message }).toEqual({
      ok: worker.ok,
      message: worker.ok ? '' : worker.message,
    });
  return worker;
}

const labels = (o: ReadOutcome): string[] =>
  o.ok ? o.summary.columns.flatMap((c) => c.values.map((v) => v.label)) : [];

describe('the same bytes, the same outcome in the CLI and the worker', () => {
  it('UTF-8 with accents', async () => {
    const o = await both(utf8(TABLE));
    expect(labels(o)).toEqual(['café', 'thé', 'crème', 'lait']);
    expect(o.ok && o.summary.warnings).toEqual([]);
  });

  it('Latin-1 / Windows-1252 is decoded as such, with a warning (was U+FFFD in the CLI)', async () => {
    const o = await both(latin1(TABLE));
    expect(labels(o)).toEqual(['café', 'thé', 'crème', 'lait']);
    expect(o.ok && o.summary.warnings[0]).toMatch(
      /not valid UTF-8, so it was read as Windows-1252/,
    );
  });

  it('a Latin-1 byte far past the first 8 KB: the file is read again as Windows-1252', async () => {
    const text = `a,b\n${'x,y\n'.repeat(5000)}caf\u00e9,z\n`;
    const o = await both(latin1(text));
    expect(o.ok && o.summary.rows).toBe(5001);
    expect(labels(o)).toContain('café');
    expect(o.ok && o.summary.warnings[0]).toMatch(/Windows-1252/);
  });

  it.each([
    ['little-endian with a BOM', 'le', true],
    ['little-endian without a BOM', 'le', false],
    ['big-endian with a BOM', 'be', true],
    ['big-endian without a BOM', 'be', false],
  ] as const)(
    'UTF-16 %s is decoded (the CLI used to load its NUL bytes)',
    async (_, order, bom) => {
      const o = await both(utf16(TABLE, order, bom));
      expect(labels(o)).toEqual(['café', 'thé', 'crème', 'lait']);
    },
  );

  it.each([
    ['NUL bytes', utf8('a,b\n1,\u00002\n3,4\n'), 'contains NUL bytes'],
    ['gzip', gzipSync(TABLE.repeat(20)), 'looks like a gzip archive'],
    [
      'ZIP',
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...utf8('rest of it, text')]),
      'looks like a ZIP archive (or an Excel .xlsx file)',
    ],
    ['PDF', utf8('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'looks like a PDF document'],
    [
      'control characters',
      Uint8Array.from([1, 2, 3, 4, ...utf8('a,b\n1,2\n')]),
      'contains many control characters',
    ],
  ])('%s: refused with one message', async (_, bytes, reason) => {
    const o = await both(bytes);
    expect(o).toMatchObject({
      ok: false,
      code: 'binary',
      message: `This is not a CSV text file: it ${reason}.`,
    });
  });

  it('an empty file: refused alike', async () => {
    expect(await both(new Uint8Array(0))).toMatchObject({
      ok: false,
      code: 'empty',
      message: 'The file is empty.',
    });
  });
});
