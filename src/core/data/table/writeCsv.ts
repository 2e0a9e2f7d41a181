import { parseNumber } from './infer.ts';

/**
 * One CSV field for a file the user will open in a spreadsheet: quoted per RFC 4180 (quotes
 * doubled) when it holds a comma, quote or newline, and — against formula injection (OWASP "CSV
 * injection") — prefixed with ' when it begins with =, +, -, @, a tab or a carriage return,
 * unless it is a plain number (-1 and +2.5 stay numbers).
 */
export function csvField(value: string): string {
  const risky = /^[=+\-@\t\r]/.test(value) && parseNumber(value) === null;
  const s = risky ? `'${value}` : value;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
