import { createReadStream, statSync } from 'node:fs';
import type { Delimiter } from '../core/csv/sniff.ts';
import type { ByteSource } from '../core/csv/bytes.ts';
import { DataError } from '../core/errors.ts';
import { ExplorerSession, type Loaded } from '../core/session.ts';
import type { Discretisation, MissingPolicy } from '../core/table/types.ts';
import { list, text, type Args } from './args.ts';

/** The table options every data command takes. */
export const TABLE_FLAGS = [
  'class',
  'drop',
  'include',
  'missing',
  'bins',
  'discretise',
  'delimiter',
  'skip-ragged',
  'missing-tokens',
  'out',
];

export const TABLE_USAGE = `table:    [--class COL] [--drop COL,COL] [--include COL,COL] [--missing drop|own|mode] [--bins N]
          [--discretise equal-frequency|equal-width|raw] [--delimiter auto|comma|semicolon|tab]
          [--skip-ragged] [--missing-tokens ?,NA,…] [--out FILE]`;

const DELIMITERS: ReadonlyMap<string, Delimiter | 'auto'> = new Map([
  ['auto', 'auto'],
  ['comma', ','],
  [',', ','],
  ['semicolon', ';'],
  [';', ';'],
  ['tab', '\t'],
]);

/** Reads the CSV named by the command into a session, with the table flags. */
export async function loadTable(
  file: string,
  args: Args,
): Promise<{ session: ExplorerSession; loaded: Loaded }> {
  const binsText = text(args, 'bins') ?? '10';
  const bins = Number(binsText);
  if (!Number.isInteger(bins)) throw new RangeError(`--bins must be an integer, got “${binsText}”`);
  const delimiterText = text(args, 'delimiter') ?? 'auto';
  const delimiter = DELIMITERS.get(delimiterText);
  if (!delimiter)
    throw new RangeError(
      `--delimiter must be auto, comma, semicolon or tab, got “${delimiterText}”`,
    );
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new DataError('empty', `cannot read “${file}”: no such file`);
  }
  const tokens = text(args, 'missing-tokens');
  const session = new ExplorerSession();
  // The same reading contract as the browser's (core/csv/bytes.ts): bytes in, decoded there.
  const source: ByteSource = {
    size,
    stream: () => createReadStream(file, { highWaterMark: 1 << 20 }),
  };
  const loaded = await session.loadBytes(
    source,
    {
      delimiter,
      skipRaggedRows: args.flags.has('skip-ragged'),
      // An empty cell is always missing; the flag lists the other tokens.
      ...(tokens !== undefined ? { missingTokens: ['', ...list(tokens)] } : {}),
    },
    {
      classColumn: text(args, 'class') ?? null,
      drop: list(text(args, 'drop')),
      include: list(text(args, 'include')),
      missing: (text(args, 'missing') ?? 'drop') as MissingPolicy,
      bins,
      discretisation: (text(args, 'discretise') ?? 'equal-frequency') as Discretisation,
    },
    { sizeHint: size },
  );
  return { session, loaded };
}
