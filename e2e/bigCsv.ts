import { writeFileSync } from 'node:fs';

/** Eight categorical columns with 2…9 short values each; the header names them A…H. */
const COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const ALPHABET = 'abcdefghi';

export interface BigCsv {
  path: string;
  rows: number;
  bytes: number;
  /** Distinct values over all columns (2 + 3 + … + 9). */
  values: number;
}

/**
 * Writes a deterministic CSV of about `targetBytes` to `path` and returns its exact row count.
 * Column k has k + 2 values "xk" (x a letter, k the column); row r holds value (r · p_k) mod (k + 2)
 * with p_k a prime, so every value occurs and no column is an identifier or constant.
 */
export function writeBigCsv(path: string, targetBytes: number): BigCsv {
  const primes = [3, 5, 7, 11, 13, 17, 19, 23];
  // Every row is 8 × 2 characters + 7 commas + a newline = 24 bytes.
  const rowBytes = 24;
  const header = `${COLUMNS.join(',')}\n`;
  const rows = Math.floor((targetBytes - header.length) / rowBytes);
  // Row r depends only on r mod lcm(2, …, 9) = 2520: write one period, then repeat it.
  const period = 2520;
  const line = (r: number): string =>
    COLUMNS.map((_, k) => `${ALPHABET[(r * (primes[k] as number)) % (k + 2)]}${k}`).join(',');
  const block = Array.from({ length: period }, (_, r) => `${line(r)}\n`).join('');
  const parts = [
    header,
    block.repeat(Math.floor(rows / period)),
    block.slice(0, (rows % period) * rowBytes),
  ];
  const text = parts.join('');
  writeFileSync(path, text);
  const values = COLUMNS.reduce((sum, _, k) => sum + k + 2, 0);
  return { path, rows, bytes: Buffer.byteLength(text), values };
}
