import type { ColumnProfile, RawColumn, RawTable } from '../csv/rawTable.ts';
import { DataError, badOption } from '../../base/errors.ts';
import { discretise } from './discretise.ts';
import { checkParameter } from '../../base/parameters.ts';
import { prepareParameter } from './preparation.ts';
import { inferKind, MAX_CATEGORICAL_VALUES, parseNumber } from './infer.ts';
import type {
  Attribute,
  CategoricalTable,
  ColumnKind,
  ColumnRole,
  ColumnSummary,
  Discretisation,
  MissingPolicy,
  TableSummary,
} from './types.ts';

export interface PrepareOptions {
  /** The class/label column: colours views and drives evaluation, never a feature. */
  classColumn?: string | null;
  /** Columns the user excludes. */
  drop?: readonly string[];
  /** Columns the user includes although excluded by default (identifier, constant, too many values). */
  include?: readonly string[];
  /** Kind overrides by column name. */
  kinds?: Readonly<Record<string, ColumnKind>>;
  /**
   * Default 'drop': rows with a missing cell in a used column are dropped (the papers'
   * convention). 'auto' (the explorer's default) drops them unless that would remove more than
   * AUTO_DROP_LIMIT of the rows, and then reads missing as its own value.
   */
  missing?: MissingPolicy | 'auto';
  /**
   * With no class column given, take a column named class, label, target or y (any case) as the
   * class (the explorer does this for a dropped file; the summary says so).
   */
  detectClass?: boolean;
  /** How numeric columns become categorical; default equal-frequency. */
  discretisation?: Discretisation;
  /** Number of bins for numeric columns; default 10 (DILCA/SAnDCat, Ienco et al. 2016). */
  bins?: number;
}

export const MISSING_LABEL = '(missing)';
/** Under missing 'auto', rows are dropped only when that removes at most this share of them. */
export const AUTO_DROP_LIMIT = 0.05;
/** Column names taken as the class under detectClass (compared trimmed, in lower case). */
export const CLASS_NAMES = ['class', 'label', 'target', 'y'];
const SUMMARY_VALUES_OF_EXCLUDED = 50;

export const DEFAULT_PREPARE: Required<Omit<PrepareOptions, 'classColumn' | 'kinds'>> = {
  drop: [],
  include: [],
  missing: 'drop',
  detectClass: false,
  discretisation: 'equal-frequency',
  bins: 10,
};

interface Encoded extends ValueMapping {
  codes: Int32Array;
}

/** How one column of the file is used: its kind, its role, and why it is excluded. */
export interface Plan<C extends ColumnProfile = ColumnProfile> {
  raw: C;
  inferredKind: ColumnKind;
  kind: ColumnKind;
  role: ColumnRole;
  reason?: string;
}

/** Every column's plan under the options, from the columns' dictionaries alone. */
export interface TablePlan<C extends ColumnProfile = ColumnProfile> {
  opts: ValidOptions;
  plans: Plan<C>[];
  /** Columns in use: the features and the class. */
  used: Plan<C>[];
  features: Plan<C>[];
  /** Why columns were excluded by default. */
  warnings: string[];
}

/**
 * Plans the columns (kinds, roles, exclusions) from their dictionaries: shared by the parsed
 * file's path (prepareTable) and the out-of-core one (SQL counts), so both model alike.
 */
export function planTable<C extends ColumnProfile>(
  columns: readonly C[],
  options: PrepareOptions = {},
): TablePlan<C> {
  const opts = validate(columns, options);
  const excluded = new ExclusionNotes();
  const plans = columns.map((column) => planColumn(column, opts, excluded));
  const features = plans.filter((p) => p.role === 'feature');
  if (features.length === 0) {
    const why = plans.map((p) => `${p.raw.name}: ${p.role === 'class' ? 'class' : p.reason}`);
    throw new DataError(
      'no-features',
      `No usable categorical column remains (${firstFew(why, '; ')}).`,
    );
  }
  return {
    opts,
    plans,
    used: plans.filter((p) => p.role !== 'excluded'),
    features,
    warnings: excluded.warnings(),
  };
}

/** Turns a parsed file into the categorical table methods consume, and a summary for people. */
export function prepareTable(
  raw: RawTable,
  options: PrepareOptions = {},
): { table: CategoricalTable; summary: TableSummary } {
  const { opts, plans, used, features, warnings: exclusions } = planTable(raw.columns, options);
  const warnings = [...raw.warnings, ...exclusions];

  const completeRows = opts.missing === 'auto' ? rowsToKeep(raw, used, 'drop') : null;
  const policy: MissingPolicy =
    completeRows === null
      ? (opts.missing as MissingPolicy)
      : raw.nRows - completeRows.length > AUTO_DROP_LIMIT * raw.nRows
        ? 'own'
        : 'drop';
  const keep = completeRows && policy === 'drop' ? completeRows : rowsToKeep(raw, used, policy);
  if (keep.length === 0)
    throw new DataError(
      'no-rows',
      `Every row has a missing cell in a used column, so none is left (missing: drop).`,
    );
  const dropped = raw.nRows - keep.length;
  if (dropped > 0)
    warnings.push(
      `Dropped ${dropped.toLocaleString('en-US')} of ${raw.nRows.toLocaleString('en-US')} rows with a missing value (missing: drop).`,
    );

  const encoded = new Map<Plan, Encoded>();
  for (const p of used) encoded.set(p, encodeColumn(p, keep, opts));

  const attributes: Attribute[] = [];
  let offset = 0;
  for (const p of features) {
    const e = encoded.get(p) as Encoded;
    attributes.push({ name: p.raw.name, labels: e.labels, codes: e.codes, offset });
    offset += e.labels.length;
  }
  const valueAttribute = new Int32Array(offset);
  attributes.forEach((a, i) => valueAttribute.fill(i, a.offset, a.offset + a.labels.length));
  const classPlan = plans.find((p) => p.role === 'class');
  const classEncoded = classPlan ? encoded.get(classPlan) : undefined;

  const table: CategoricalTable = {
    nRows: keep.length,
    attributes,
    nValues: offset,
    valueAttribute,
    classColumn:
      classPlan && classEncoded
        ? { name: classPlan.raw.name, labels: classEncoded.labels, codes: classEncoded.codes }
        : null,
    sourceRows: keep,
    sourceLines: Int32Array.from(keep, (r) => raw.lines[r] ?? r + 2),
  };

  return {
    table,
    summary: {
      rows: keep.length,
      totalRows: raw.nRows,
      droppedRows: dropped,
      missingPolicy: policy,
      ...(completeRows
        ? { missingAuto: { completeRows: completeRows.length, limit: AUTO_DROP_LIMIT } }
        : {}),
      classDetected: opts.classDetected,
      delimiter: raw.delimiter,
      columns: columnSummaries(plans, encoded),
      warnings,
    },
  };
}

/** The summary's columns: used ones with their final values and counts, excluded ones raw. */
export function columnSummaries(
  plans: readonly Plan[],
  mappings: ReadonlyMap<Plan, Pick<ValueMapping, 'labels' | 'counts'>>,
): ColumnSummary[] {
  return plans.map((p) => {
    const e = mappings.get(p);
    const base = {
      name: p.raw.name,
      kind: p.kind,
      inferredKind: p.inferredKind,
      role: p.role,
      distinct: p.raw.labels.length,
      missing: p.raw.missing,
    };
    if (e)
      return {
        ...base,
        values: e.labels.map((label, k) => ({ label, count: e.counts[k] as number })),
      };
    const values = p.raw.labels
      .map((label, k) => ({ label, count: p.raw.counts[k] as number }))
      .sort((a, b) => b.count - a.count);
    const truncated = values.length > SUMMARY_VALUES_OF_EXCLUDED;
    return {
      ...base,
      reason: p.reason,
      values: values.slice(0, SUMMARY_VALUES_OF_EXCLUDED),
      ...(truncated ? { valuesTruncated: true } : {}),
    };
  });
}

export type ValidOptions = Required<Omit<PrepareOptions, 'classColumn' | 'kinds'>> & {
  classColumn: string | null;
  /** The class column found by its name (detectClass), or null. */
  classDetected: string | null;
  kinds: Readonly<Record<string, ColumnKind>>;
};

const KINDS: readonly ColumnKind[] = ['categorical', 'numeric', 'identifier', 'constant'];

function validate(columns: readonly ColumnProfile[], options: PrepareOptions): ValidOptions {
  const names = new Set(columns.map((c) => c.name));
  const known = (name: string, what: string): void => {
    if (!names.has(name))
      throw new DataError(
        'unknown-column',
        `${what} “${name}” is not a column of this file (columns: ${firstFew([...names], ', ')}).`,
      );
  };
  const opts: ValidOptions = {
    ...DEFAULT_PREPARE,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    classColumn: options.classColumn ?? null,
    classDetected: null,
    kinds: options.kinds ?? Object.create(null),
  };
  if (options.classColumn === undefined && opts.detectClass) {
    const found = columns.find((c) => CLASS_NAMES.includes(c.name.trim().toLowerCase()));
    if (found && !opts.drop.includes(found.name)) {
      opts.classColumn = found.name;
      opts.classDetected = found.name;
    }
  }
  if (opts.classColumn !== null) known(opts.classColumn, 'Class column');
  for (const n of opts.drop) known(n, 'Dropped column');
  for (const n of opts.include) known(n, 'Included column');
  for (const [n, kind] of Object.entries(opts.kinds)) {
    known(n, 'Column');
    if (!KINDS.includes(kind))
      throw badOption(`kind of “${n}” must be one of ${KINDS.join(', ')}, got “${kind}”`);
  }
  // The preparation parameter table's own checks (preparation.ts), the CLI's and the app's.
  checkParameter(prepareParameter('missing'), opts.missing);
  checkParameter(prepareParameter('discretise'), opts.discretisation);
  checkParameter(prepareParameter('bins'), opts.bins);
  return opts;
}

function planColumn<C extends ColumnProfile>(
  raw: C,
  opts: ValidOptions,
  excluded: ExclusionNotes,
): Plan<C> {
  const inferredKind = inferKind(raw);
  // Own entries only: a column named “toString” must not find Object.prototype.toString.
  const kind = Object.hasOwn(opts.kinds, raw.name)
    ? (opts.kinds[raw.name] as ColumnKind)
    : inferredKind;
  const plan = (role: ColumnRole, reason?: string): Plan<C> => ({
    raw,
    inferredKind,
    kind,
    role,
    reason,
  });
  if (raw.name === opts.classColumn) return plan('class');
  if (opts.drop.includes(raw.name)) return plan('excluded', 'dropped by the user');
  const included = opts.include.includes(raw.name);
  if (kind === 'identifier' && !included) {
    excluded.add('identifier', raw.name);
    return plan('excluded', 'identifier: every value distinct');
  }
  if (kind === 'constant' && !included) {
    excluded.add(raw.labels.length === 0 ? 'missing' : 'constant', raw.name);
    return plan(
      'excluded',
      raw.labels.length === 0 ? 'constant: every cell missing' : 'constant: a single value',
    );
  }
  const distinct = raw.labels.length;
  if (kind !== 'numeric' && distinct > MAX_CATEGORICAL_VALUES && !included) {
    excluded.add(
      'many',
      raw.name,
      `Column “${raw.name}” has ${distinct.toLocaleString('en-US')} distinct values (more than ${MAX_CATEGORICAL_VALUES}) and is excluded; include it to use it.`,
    );
    return plan('excluded', `more than ${MAX_CATEGORICAL_VALUES} distinct values`);
  }
  return plan('feature');
}

/** Items of a long list shown in a message before “and N more”. */
const SHOWN = 5;

/** The first few items and how many more: a message stays one short line for 10,000 columns. */
function firstFew(items: readonly string[], separator: string): string {
  // A short list is shown whole rather than as “… and 1 more”.
  if (items.length <= SHOWN + 3) return items.join(separator);
  const more = (items.length - SHOWN).toLocaleString('en-US');
  return `${items.slice(0, SHOWN).join(separator)}${separator}… and ${more} more`;
}

type Exclusion = 'identifier' | 'constant' | 'missing' | 'many';

const EXCLUDED: Record<Exclusion, { one: (name: string) => string; many: string }> = {
  identifier: {
    one: (n) => `Column “${n}” looks like an identifier (every value distinct) and is excluded.`,
    many: 'look like identifiers (every value distinct) and are excluded',
  },
  constant: {
    one: (n) => `Column “${n}” is constant and is excluded.`,
    many: 'are constant and are excluded',
  },
  missing: {
    one: (n) => `Column “${n}” is constant (all missing) and is excluded.`,
    many: 'are all missing and are excluded',
  },
  many: {
    one: (n) =>
      `Column “${n}” has more than ${MAX_CATEGORICAL_VALUES} distinct values and is excluded.`,
    many: `have more than ${MAX_CATEGORICAL_VALUES} distinct values and are excluded; include them to use them`,
  },
};

/** Columns excluded by default, told per column when few and in one line per reason when many. */
class ExclusionNotes {
  private readonly byReason = new Map<Exclusion, { name: string; text: string }[]>();

  add(reason: Exclusion, name: string, text = EXCLUDED[reason].one(name)): void {
    const list = this.byReason.get(reason) ?? [];
    list.push({ name, text });
    this.byReason.set(reason, list);
  }

  warnings(): string[] {
    return [...this.byReason].flatMap(([reason, list]) =>
      list.length <= 3
        ? list.map((e) => e.text)
        : [
            `${list.length.toLocaleString('en-US')} columns ${EXCLUDED[reason].many}: ${firstFew(
              list.map((e) => e.name),
              ', ',
            )}.`,
          ],
    );
  }
}

function rowsToKeep(raw: RawTable, used: Plan<RawColumn>[], policy: MissingPolicy): Int32Array {
  if (policy !== 'drop') return Int32Array.from({ length: raw.nRows }, (_, i) => i);
  const keep = new Int32Array(raw.nRows);
  let n = 0;
  for (let r = 0; r < raw.nRows; r++) {
    if (used.every((p) => (p.raw.codes[r] as number) >= 0)) keep[n++] = r;
  }
  return keep.slice(0, n);
}

/**
 * A used column's final values: labels, their counts over the kept rows, and the final code of
 * each raw label and of a missing cell. Numeric columns are binned; missing cells become the
 * column's mode or their own value; values that no kept row holds are removed.
 */
export interface ValueMapping {
  labels: string[];
  counts: number[];
  /** Final code of each raw label (−1: no kept row holds it). */
  ofRaw: Int32Array;
  /** Final code of a missing cell (−1 when no kept row has one). */
  ofMissing: number;
  /**
   * A numeric column: its number → bin rule (`discretise`), with the final code of each interval
   * (−1 when unused) — or, for 'raw', of each number — so SQL can bin without the labels.
   */
  numeric: { cuts: number[] | null; ofInterval: Int32Array; ofNumber: Map<number, number> } | null;
}

/**
 * The final values of a used column from its raw labels' counts over the kept rows (`kept[k]`
 * rows hold raw label k) and the kept rows with a missing cell: what prepareTable and the
 * out-of-core counts both apply, so both give the same labels in the same order.
 */
export function valueMapping(
  plan: Plan,
  kept: readonly number[],
  keptMissing: number,
  opts: Pick<ValidOptions, 'missing' | 'discretisation' | 'bins'>,
): ValueMapping {
  const raw = plan.raw;
  let labels = raw.labels;
  let map: Int32Array = Int32Array.from(labels, (_, k) => k); // raw code → provisional code
  let numeric: { cuts: number[] | null; ofInterval: Int32Array; numbers: number[] } | null = null;
  if (plan.kind === 'numeric') {
    const numbers = raw.labels.map(parseNumber);
    if (numbers.some((x) => x === null)) {
      const bad = raw.labels[numbers.findIndex((x) => x === null)];
      throw new DataError(
        'bad-option',
        `Column “${raw.name}” cannot be numeric: “${bad}” is not a number.`,
      );
    }
    const present = kept.map((c, k) => (c > 0 ? k : -1)).filter((k) => k >= 0);
    if (present.length > 0) {
      const d = discretise(
        present.map((k) => numbers[k] as number),
        present.map((k) => kept[k] as number),
        opts.discretisation,
        opts.bins,
      );
      map = new Int32Array(labels.length).fill(-1);
      present.forEach((k, i) => (map[k] = d.binOf[i] as number));
      labels = d.labels;
      numeric = { cuts: d.cuts, ofInterval: d.ofInterval, numbers: numbers as number[] };
    }
  }
  const missingCode = labels.length;
  const counts = new Array<number>(labels.length + 1).fill(0);
  kept.forEach((c, k) => {
    const code = map[k] as number;
    if (c > 0 && code >= 0) counts[code] = (counts[code] as number) + c;
  });
  counts[missingCode] = keptMissing;
  const allLabels = [...labels, MISSING_LABEL];
  let missingTo = missingCode;
  // A column with no value at all (included on purpose) has no mode: its cells stay '(missing)'.
  if (keptMissing > 0 && opts.missing === 'mode' && missingCode > 0) {
    let mode = 0;
    for (let k = 1; k < missingCode; k++)
      if ((counts[k] as number) > (counts[mode] as number)) mode = k;
    missingTo = mode;
    counts[mode] = (counts[mode] as number) + keptMissing;
    counts[missingCode] = 0;
  }
  // Compact: keep only values that occur in the kept rows.
  const compact = new Int32Array(allLabels.length).fill(-1);
  const finalLabels: string[] = [];
  const finalCounts: number[] = [];
  counts.forEach((c, k) => {
    if (c > 0) {
      compact[k] = finalLabels.length;
      finalLabels.push(allLabels[k] as string);
      finalCounts.push(c);
    }
  });
  const ofRaw = Int32Array.from(map, (p, k) =>
    p >= 0 && (kept[k] as number) > 0 ? (compact[p] as number) : -1,
  );
  const ofNumber = new Map<number, number>();
  if (numeric) numeric.numbers.forEach((x, k) => ofNumber.set(x, ofRaw[k] as number));
  return {
    labels: finalLabels,
    counts: finalCounts,
    ofRaw,
    ofMissing: keptMissing > 0 ? (compact[missingTo] as number) : -1,
    numeric: numeric && {
      cuts: numeric.cuts,
      ofInterval: Int32Array.from(numeric.ofInterval, (p) =>
        p >= 0 ? (compact[p] as number) : -1,
      ),
      ofNumber,
    },
  };
}

/** Final labels and codes of a used column over the kept rows. */
function encodeColumn(plan: Plan<RawColumn>, keep: Int32Array, opts: ValidOptions): Encoded {
  const raw = plan.raw;
  const kept = new Array<number>(raw.labels.length).fill(0);
  let keptMissing = 0;
  for (const r of keep) {
    const c = raw.codes[r] as number;
    if (c >= 0) kept[c] = (kept[c] as number) + 1;
    else keptMissing++;
  }
  const mapping = valueMapping(plan, kept, keptMissing, opts);
  const codes = new Int32Array(keep.length);
  keep.forEach((r, i) => {
    const c = raw.codes[r] as number;
    codes[i] = c < 0 ? mapping.ofMissing : (mapping.ofRaw[c] as number);
  });
  return { ...mapping, codes };
}
