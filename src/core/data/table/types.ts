/** How a column is read. */
export type ColumnKind = 'categorical' | 'numeric' | 'identifier' | 'constant';
export type ColumnRole = 'feature' | 'class' | 'excluded';
export type MissingPolicy = 'drop' | 'own' | 'mode';
export type Discretisation = 'equal-frequency' | 'equal-width' | 'raw';

/** One categorical feature of the modelled table. */
export interface Attribute {
  name: string;
  /** Value labels; local code k ↔ labels[k]. */
  labels: string[];
  /** Local code per row, 0..labels.length−1 (no missing codes after preparation). */
  codes: Int32Array;
  /** Global index of this attribute's first value: value k has global index offset + k. */
  offset: number;
}

/**
 * The categorical table every method consumes: D feature attributes over N rows, L values in all
 * with one global index, and an optional class column that is never a feature.
 */
export interface CategoricalTable {
  nRows: number;
  attributes: Attribute[];
  /** L, the number of values over all attributes. */
  nValues: number;
  /** valueAttribute[v] = index of the attribute owning global value v. */
  valueAttribute: Int32Array;
  classColumn: { name: string; labels: string[]; codes: Int32Array } | null;
  /** Index of each modelled row in the raw file's rows (after dropping rows). */
  sourceRows: Int32Array;
  /**
   * The 1-based line of the user's file where each modelled row starts (the header is line 1):
   * how rows are named to people, in every view, tooltip and export.
   */
  sourceLines: Int32Array;
  /**
   * True for a table known by its counts alone (an imported counts file, or counts taken out of
   * core by SQL): `nRows` is the number of rows counted, but every attribute's `codes` (and
   * `sourceRows`, `sourceLines`, the class codes) are empty. Only methods that read counts
   * (`reads: 'counts'`) run on it; a per-row look-up is refused.
   */
  rowless?: true;
}

export interface ValueCount {
  label: string;
  count: number;
}

export interface ColumnSummary {
  name: string;
  kind: ColumnKind;
  inferredKind: ColumnKind;
  role: ColumnRole;
  /** Why an excluded column is excluded. */
  reason?: string;
  /** Distinct non-missing values in the raw column. */
  distinct: number;
  /** Values after preparation (bins for discretised columns) with counts over the rows used. */
  values: ValueCount[];
  /** True when values lists only the most frequent raw values of an excluded column. */
  valuesTruncated?: boolean;
  missing: number;
}

export interface TableSummary {
  rows: number;
  totalRows: number;
  droppedRows: number;
  /** The policy applied (under 'auto': the one it chose). */
  missingPolicy: MissingPolicy;
  /** Under missing 'auto': how many rows have no missing cell, and the share of rows 'auto' drops at most. */
  missingAuto?: { completeRows: number; limit: number };
  /** The class column found by its name (detectClass), or null. */
  classDetected: string | null;
  delimiter: string;
  columns: ColumnSummary[];
  warnings: string[];
}
