import { DataError } from '../../base/errors.ts';
import type {
  CategoricalTable,
  ColumnSummary,
  MissingPolicy,
  TableSummary,
} from '../table/types.ts';
import { allocateCooccurrence } from './cooccurrence.ts';
import { countsOf, type Counts } from './counts.ts';
import { checkCountable, COUNT_CELL_LIMIT } from './limits.ts';

/**
 * A table known by its counts alone: the shared counts (value counts, pairwise co-occurrence)
 * of a file whose rows are elsewhere — an imported counts file, or counts taken out of core by
 * SQL. Its value-level methods (`reads: 'counts'`) run as on the rows; anything per row is
 * refused (`table.rowless`).
 */
export interface CountsInput {
  /** Rows counted. */
  rows: number;
  /** Every value, attribute by attribute (an attribute's values together, in their order). */
  values: readonly { attribute: string; label: string; count: number }[];
  /**
   * Co-occurrence of global values i ≠ j of different attributes, as [i, j, count] (either
   * order; a pair not listed is 0) — or the dense L × L matrix (diagonal = value counts).
   */
  pairs: Iterable<readonly [number, number, number]> | { dense: ArrayLike<number> };
  /** How the rows were read, when known (the run output's `data`). */
  data?: { totalRows?: number; droppedRows?: number; missing?: MissingPolicy };
}

/** Builds the rowless table and its counts, checking every count is consistent. */
export function countsTable(input: CountsInput): {
  table: CategoricalTable;
  counts: Counts;
  summary: TableSummary;
} {
  const n = input.rows;
  if (!Number.isInteger(n) || n < 0)
    throw bad(`“rows” must be a whole number of rows, got ${String(n)}`);
  const attributes: CategoricalTable['attributes'] = [];
  const seen = new Set<string>();
  input.values.forEach((v, i) => {
    if (typeof v?.attribute !== 'string' || typeof v.label !== 'string')
      throw bad(`value ${i + 1} has no attribute name and label`);
    let attr = attributes[attributes.length - 1];
    if (attr?.name !== v.attribute) {
      if (seen.has(v.attribute))
        throw bad(`the values of attribute “${v.attribute}” are not listed together`);
      seen.add(v.attribute);
      attr = { name: v.attribute, labels: [], codes: new Int32Array(0), offset: i };
      attributes.push(attr);
    }
    if (attr.labels.includes(v.label))
      throw bad(`attribute “${v.attribute}” lists the value “${v.label}” twice`);
    attr.labels.push(v.label);
  });
  if (attributes.length === 0) throw bad('it lists no value');
  const L = input.values.length;
  const valueAttribute = new Int32Array(L);
  attributes.forEach((a, i) => valueAttribute.fill(i, a.offset, a.offset + a.labels.length));
  const table: CategoricalTable = {
    nRows: n,
    attributes,
    nValues: L,
    valueAttribute,
    classColumn: null,
    sourceRows: new Int32Array(0),
    sourceLines: new Int32Array(0),
    rowless: true,
  };
  // The same limits as counting rows here (no row is visited: rows 0), before any allocation.
  checkCountable(table, 0);
  const c = allocateCooccurrence(table);
  input.values.forEach((v, i) => {
    if (!Number.isInteger(v.count) || v.count < 0 || v.count > n)
      throw bad(`the count of ${v.attribute} = ${v.label} is not a whole number from 0 to ${n}`);
    c.valueCounts[i] = v.count;
  });
  const D = attributes.length;
  const put = (i: number, j: number, count: number): void => {
    if (!(i >= 0 && i < L && j >= 0 && j < L && Number.isInteger(i) && Number.isInteger(j)))
      throw bad(`a co-occurrence names value ${i} or ${j}, outside 0..${L - 1}`);
    let a = valueAttribute[i] as number;
    let b = valueAttribute[j] as number;
    if (a === b) {
      if (i !== j && count !== 0)
        throw bad(`two values of “${attributes[a]?.name}” co-occur, which no row can hold`);
      if (i === j && count !== c.valueCounts[i])
        throw bad(`the co-occurrence of a value with itself is not its count (value ${i})`);
      return;
    }
    let k = i - (c.offsets[a] as number);
    let l = j - (c.offsets[b] as number);
    if (a > b) [a, b, k, l] = [b, a, l, k];
    if (!Number.isInteger(count) || count < 0) throw bad(`a co-occurrence count is ${count}`);
    c.data[(c.blockOffset[a * D + b] as number) + k * (c.sizes[b] as number) + l] = count;
  };
  if ('dense' in input.pairs) {
    const dense = input.pairs.dense;
    if (dense.length !== L * L) throw bad(`the co-occurrence matrix is not ${L} × ${L}`);
    for (let i = 0; i < L; i++)
      for (let j = 0; j < L; j++) {
        const x = dense[i * L + j] as number;
        if (x !== dense[j * L + i]) throw bad('the co-occurrence matrix is not symmetric');
        if (j >= i) put(i, j, x);
      }
  } else for (const [i, j, count] of input.pairs) put(i, j, count);
  checkMargins(table, c);
  const counts = countsOf(c, n);
  return { table, counts, summary: countsSummary(table, c.valueCounts, input) };
}

/**
 * Every row holds one value of each attribute, so each block's row sums are the value counts of
 * one attribute and its column sums those of the other; every attribute's counts sum to n.
 */
function checkMargins(table: CategoricalTable, c: ReturnType<typeof allocateCooccurrence>): void {
  const D = table.attributes.length;
  table.attributes.forEach((attr) => {
    let total = 0;
    for (let k = 0; k < attr.labels.length; k++) total += c.valueCounts[attr.offset + k] as number;
    if (total !== table.nRows)
      throw bad(`the counts of “${attr.name}” add up to ${total}, not the ${table.nRows} rows`);
  });
  for (let a = 0; a < D; a++)
    for (let b = a + 1; b < D; b++) {
      const na = c.sizes[a] as number;
      const nb = c.sizes[b] as number;
      const off = c.blockOffset[a * D + b] as number;
      const cols = new Float64Array(nb);
      for (let k = 0; k < na; k++) {
        let row = 0;
        for (let l = 0; l < nb; l++) {
          const x = c.data[off + k * nb + l] as number;
          row += x;
          cols[l] = (cols[l] as number) + x;
        }
        if (row !== c.valueCounts[(c.offsets[a] as number) + k]) throw margins(table, a, b);
      }
      for (let l = 0; l < nb; l++)
        if (cols[l] !== c.valueCounts[(c.offsets[b] as number) + l]) throw margins(table, a, b);
    }
}

function margins(table: CategoricalTable, a: number, b: number): DataError {
  return bad(
    `the co-occurrences of “${table.attributes[a]?.name}” and “${table.attributes[b]?.name}” do not add up to their value counts`,
  );
}

function countsSummary(
  table: CategoricalTable,
  valueCounts: Int32Array,
  input: CountsInput,
): TableSummary {
  const columns: ColumnSummary[] = table.attributes.map((a) => ({
    name: a.name,
    kind: 'categorical',
    inferredKind: 'categorical',
    role: 'feature',
    distinct: a.labels.length,
    values: a.labels.map((label, k) => ({ label, count: valueCounts[a.offset + k] as number })),
    missing: 0,
  }));
  const dropped = input.data?.droppedRows ?? 0;
  return {
    rows: table.nRows,
    totalRows: input.data?.totalRows ?? table.nRows + dropped,
    droppedRows: dropped,
    missingPolicy: input.data?.missing ?? 'drop',
    classDetected: null,
    delimiter: '',
    columns,
    warnings: [],
  };
}

function bad(why: string): DataError {
  return new DataError('bad-option', `The counts are not consistent: ${why}.`);
}

/**
 * The `counts` command's JSON ({rows, values: [{attribute, label, count}], cooccurrence: L × L,
 * data?}) as counts input; anything else is refused with what is missing.
 */
export function countsInputOfJson(json: unknown): CountsInput {
  const o = json as {
    rows?: unknown;
    values?: unknown;
    cooccurrence?: unknown;
    data?: CountsInput['data'];
  } | null;
  if (o === null || typeof o !== 'object' || !Array.isArray(o.values))
    throw bad('a counts file is the JSON the counts command writes, with “rows” and “values”');
  if (!Array.isArray(o.cooccurrence)) throw bad('it has no “cooccurrence” matrix');
  const L = o.values.length;
  if (L * L > 2 * COUNT_CELL_LIMIT)
    throw new DataError(
      'too-large',
      `This counts file's ${L.toLocaleString('en-US')} × ${L.toLocaleString('en-US')} co-occurrence matrix is too large to read as JSON: write the counts as Parquet (--out counts.parquet), which lists only the pairs that occur.`,
    );
  const dense = new Float64Array(L * L);
  o.cooccurrence.forEach((row: unknown, i: number) => {
    if (!Array.isArray(row) || row.length !== L || i >= L)
      throw bad(`the co-occurrence matrix is not ${L} × ${L}`);
    row.forEach((x: unknown, j: number) => (dense[i * L + j] = typeof x === 'number' ? x : NaN));
  });
  if (o.cooccurrence.length !== L) throw bad(`the co-occurrence matrix is not ${L} × ${L}`);
  return {
    rows: o.rows as number,
    values: o.values as CountsInput['values'],
    pairs: { dense },
    ...(o.data && typeof o.data === 'object' ? { data: o.data } : {}),
  };
}
