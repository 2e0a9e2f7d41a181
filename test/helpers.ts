/** Shared test helpers: reading the bundled datasets and fixtures, and looking counts up by label. */
import { readFileSync } from 'node:fs';
import {
  cooccurrenceAt,
  parseCsvText,
  prepareTable,
  type CategoricalTable,
  type Counts,
  type PrepareOptions,
  type RawTable,
} from '../src/core/index.ts';

export function readDataset(file: string): string {
  return readFileSync(new URL(`../public/datasets/${file}`, import.meta.url), 'utf8');
}

export function readFixture(file: string): string {
  return readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
}

export interface DatasetEntry {
  file: string;
  /** 'papers': the papers' data and toy tables; 'real': the real-data matrix's further tables. */
  set: 'papers' | 'real';
  rows: number;
  classColumn: string | null;
  drop: string[];
}

/** Every bundled dataset as listed in public/datasets/index.json. */
export const ALL_DATASETS: DatasetEntry[] = (
  JSON.parse(readDataset('index.json')) as { datasets: DatasetEntry[] }
).datasets;

/**
 * The papers' data sets and toy tables, which the unit tests sweep; the further real tables are
 * the real-data matrix's (test/matrix), run by `npm run matrix` and its quick subset.
 */
export const DATASETS: DatasetEntry[] = ALL_DATASETS.filter((d) => d.set === 'papers');

export function parseDataset(file: string): Promise<RawTable> {
  return parseCsvText(readDataset(file));
}

export async function loadDataset(
  file: string,
  options: PrepareOptions = {},
): Promise<ReturnType<typeof prepareTable>> {
  return prepareTable(await parseDataset(file), options);
}

/** Index of the feature attribute with this name; fails the test when absent. */
export function attributeIndex(table: CategoricalTable, name: string): number {
  const a = table.attributes.findIndex((x) => x.name === name);
  if (a < 0)
    throw new Error(
      `no attribute “${name}” (have ${table.attributes.map((x) => x.name).join(', ')})`,
    );
  return a;
}

/** Global value index of attribute `name`'s value `label`; fails the test when absent. */
export function globalValue(table: CategoricalTable, name: string, label: string): number {
  const attr = table.attributes[attributeIndex(table, name)]!;
  const k = attr.labels.indexOf(label);
  if (k < 0)
    throw new Error(`“${label}” is not a value of “${name}” (have ${attr.labels.join(', ')})`);
  return attr.offset + k;
}

/** Number of counted rows holding name1 = label1 and name2 = label2, looked up by label. */
export function countOf(
  counts: Counts,
  table: CategoricalTable,
  name1: string,
  label1: string,
  name2: string,
  label2: string,
): number {
  return cooccurrenceAt(
    counts.cooccurrence,
    globalValue(table, name1, label1),
    globalValue(table, name2, label2),
  );
}

/** The contingency table of two attributes for the given row and column labels, by label. */
export function contingency(
  counts: Counts,
  table: CategoricalTable,
  rowAttr: string,
  rowLabels: readonly string[],
  colAttr: string,
  colLabels: readonly string[],
): number[][] {
  return rowLabels.map((r) => colLabels.map((c) => countOf(counts, table, rowAttr, r, colAttr, c)));
}

/** Plain lines of a simple CSV (no quoted fields), without blank lines, split on commas and trimmed. */
export function splitSimpleCsv(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const [header, ...rows] = lines.map((l) => l.split(',').map((f) => f.trim()));
  return { header: header!, rows };
}
