import { DataError } from '../../core/base/errors.ts';
import type { Counts } from '../../core/data/counts/counts.ts';
import type { CountsSqlPlan } from '../../core/data/counts/sql.ts';
import type { CategoricalTable } from '../../core/data/table/types.ts';
import type { CountsFileTable } from './countsFile.ts';
import type { PairCount, SqlValue } from './tally.ts';

/**
 * Counts made before — `counts FILE --engine E --out counts.json` — taken instead of counting
 * the rows again (`outliers-sql FILE --counts counts.json --engine E`): on PostgreSQL at 20
 * million rows the counting is 18 minutes of a run whose scoring takes a few. The file is read
 * and planned as usual; its value counts over the kept rows come from the dictionary scans
 * (duckdb.ts takeKnown: one GROUP BY per column, no pairs), and the pairs from the counts file,
 * whose labels are turned back here into the SQL values the counts query would have grouped.
 * `sameCounts` then holds the table of values made from them to the counts file: a counts file
 * of another table, or of the same one read with other options, is refused.
 */
export function knownPairs(
  known: CountsFileTable,
  pairs: CountsSqlPlan['pairs'],
  features: readonly string[],
  /** Each code of feature a (the missing one's last): its SQL value and the label it becomes. */
  codesOf: (a: number) => readonly (readonly [SqlValue, string | null])[],
  /** The kept rows' count of each feature's SQL values (from the file), and of the rows. */
  kept: { singles: readonly ReadonlyMap<SqlValue, number>[]; rows: number },
): PairCount[] {
  const { table, counts } = known;
  const c = counts.cooccurrence;
  const names = table.attributes.map((a) => a.name);
  if (names.length !== features.length || names.some((name, a) => name !== features[a]))
    throw mismatch(attributesDiffer(names, features));
  if (table.nRows !== kept.rows)
    throw mismatch(`it counts ${n(table.nRows)} rows, the file keeps ${n(kept.rows)}`);
  const sqlValueOf = features.map((_, a) => {
    const found = new Map<string, SqlValue>();
    const labelOf = new Map<SqlValue, string>();
    for (const [value, label] of codesOf(a))
      if (label !== null && !found.has(label)) {
        found.set(label, value);
        labelOf.set(value, label);
      }
    const attr = table.attributes[a]!;
    const ours = kept.singles[a] as ReadonlyMap<SqlValue, number>;
    const values = attr.labels.map((label, k) => {
      const value = found.get(label);
      const theirs = c.valueCounts[attr.offset + k] as number;
      if (value === undefined)
        throw mismatch(`its value ${names[a]} = “${label}” is none of the file's values`);
      if ((ours.get(value) ?? 0) !== theirs)
        throw mismatch(
          `it counts ${names[a]} = “${label}” ${n(theirs)} times, the file's kept rows ${n(ours.get(value) ?? 0)}`,
        );
      return value;
    });
    const unlisted = [...ours.keys()].find((value) => !values.includes(value));
    if (unlisted !== undefined)
      throw mismatch(
        `the file's kept rows hold ${names[a]} = “${labelOf.get(unlisted) ?? String(unlisted)}”, which it does not list`,
      );
    return values;
  });
  const pairRows: PairCount[] = [];
  const D = features.length;
  for (const [a, b] of pairs) {
    const start = c.blockOffset[a * D + b] as number;
    const sizeB = c.sizes[b] as number;
    for (let k = 0; k < (c.sizes[a] as number); k++)
      for (let l = 0; l < sizeB; l++) {
        const n = c.data[start + k * sizeB + l] as number;
        if (n > 0) pairRows.push({ a, b, va: sqlValueOf[a]![k], vb: sqlValueOf[b]![l], n });
      }
  }
  return pairRows;
}

/** Refuses a table of values that is not the counts file's: another table, or other options. */
export function sameCounts(
  made: { table: CategoricalTable; counts: Counts },
  known: CountsFileTable,
): void {
  if (made.table.nRows !== known.table.nRows)
    throw mismatch(`it counts ${n(known.table.nRows)} rows, the file keeps ${n(made.table.nRows)}`);
  made.table.attributes.forEach((attr, a) => {
    const theirs = known.table.attributes[a]?.labels ?? [];
    if (attr.labels.length !== theirs.length || attr.labels.some((l, k) => l !== theirs[k]))
      throw mismatch(`${attr.name}'s values are ${list(theirs)}, the file's ${list(attr.labels)}`);
  });
  const ours = made.counts.cooccurrence;
  const theirs = known.counts.cooccurrence;
  if (!equal(ours.valueCounts, theirs.valueCounts) || !equal(ours.data, theirs.data))
    throw mismatch('its value or pair counts differ from the file’s');
}

function attributesDiffer(theirs: readonly string[], ours: readonly string[]): string {
  const extra = theirs.find((name) => !ours.includes(name));
  const lacking = ours.find((name) => !theirs.includes(name));
  const counted = `it counts ${theirs.length} attributes, the file has ${ours.length}`;
  if (extra !== undefined) return `${counted}; “${extra}” is not among the file's`;
  if (lacking !== undefined) return `${counted}; it lacks “${lacking}”`;
  return `its attributes are in another order: ${list(theirs)}`;
}

const n = (x: number): string => x.toLocaleString('en-US');

function equal(x: Int32Array, y: Int32Array): boolean {
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function list(items: readonly string[]): string {
  const shown = items.slice(0, 6).map((s) => `“${s}”`);
  return `${shown.join(', ')}${items.length > 6 ? ` … (${items.length})` : ''}`;
}

function mismatch(why: string): DataError {
  return new DataError(
    'bad-option',
    `The counts file is not this file's, read with these options: ${why}. Count it again with the same options (counts FILE --out counts.json).`,
  );
}
