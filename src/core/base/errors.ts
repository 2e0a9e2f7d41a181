/** Problems with the user's data: the message is written for the person who dropped the file. */
export type DataErrorCode =
  | 'empty'
  | 'header-only'
  | 'single-column'
  | 'ragged'
  | 'binary'
  | 'too-large'
  | 'no-features'
  | 'no-rows'
  | 'unknown-column'
  | 'bad-option'
  /** A method that reads each object's values, asked of a table known by its counts alone. */
  | 'needs-rows'
  /** A saved workspace (file, link or the browser's copy) that cannot be opened. */
  | 'bad-workspace'
  /** A database server that was to count the data refused, or could not be reached. */
  | 'engine'
  /**
   * A method whose declared precondition this table does not meet (a class column, a size): it
   * does not apply here, which running it again cannot change (Run all says the same).
   */
  | 'not-applicable';

export class DataError extends Error {
  override readonly name = 'DataError';
  constructor(
    readonly code: DataErrorCode,
    message: string,
    /** Extra facts for the UI, e.g. the first ragged line numbers. */
    readonly details: { lines?: number[]; count?: number } = {},
    /** The error behind it (a database driver's), for whoever debugs it. */
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A number a method produced outside the range it must lie in by more than round-off (a distance
 * below 0, a similarity above 1, NaN): a defect of the method, not of the data. The message names
 * the method, the rows by their line in the file (or the values), and the number.
 */
export class OutOfRangeError extends Error {
  override readonly name = 'OutOfRangeError';
}

/**
 * A call that failed before on this table, failing again at once with the same error (a result
 * cache keeps failures, so a failed method asked for by several evaluations runs once).
 */
export class KnownFailure extends Error {
  override readonly name = 'KnownFailure';
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor(message = 'The job was cancelled.') {
    super(message);
  }
}

/**
 * A user error about an option or an input: its message names the option (or the input) and
 * what to do. It stays a RangeError (what the option checks always threw), but a RangeError not
 * made by badOption — an engine's, or one of our own invariants — is a defect, never told as a
 * bad option (toErrorInfo).
 */
export class OptionError extends RangeError {
  override readonly name = 'OptionError';
}

/** A user error: an option's value (or an input) the explorer cannot take, and what to do. */
export function badOption(message: string, options?: ErrorOptions): OptionError {
  return new OptionError(message, options);
}

/**
 * A defect of the explorer: an internal invariant that does not hold (two arrays of our own that
 * differ in length, a label our own code made negative). Nothing the user chose can cause it, so
 * it is told as an internal error with the call that hit it and a request to report it — never
 * as a bad option.
 */
export class Defect extends Error {
  override readonly name = 'Defect';
}

/** The defect kind: an internal invariant that does not hold. */
export function internal(message: string, options?: ErrorOptions): Defect {
  return new Defect(message, options);
}

/** The line a defect is told with, after the call that hit it. */
export const REPORT_DEFECT =
  'this is a defect of the explorer; please report it with the call above';

/** Plain, cloneable form of an error for the worker boundary. */
export interface ErrorInfo {
  code: DataErrorCode | 'cancelled' | 'out-of-range' | 'internal';
  message: string;
  lines?: number[];
  count?: number;
  /** An internal error's call (canonical JSON), the innermost running when it was hit. */
  call?: string;
}

/** The call each defect was hit in, noted by runCall (core/platform/run.ts) as it passes. */
const callsOf = new WeakMap<object, string>();

/** Notes the call an error was hit in, unless a call inside it noted its own first. */
export function noteCall(error: unknown, call: string): void {
  if (typeof error === 'object' && error !== null && !callsOf.has(error)) callsOf.set(error, call);
}

/**
 * The kind of an error, told across the worker boundary: the user's (a DataError's code, or
 * 'bad-option' for a badOption), a cancel, or 'internal' — a Defect and everything unclassified
 * (a TypeError, a plain Error, a RangeError not made by badOption), with the call that hit it.
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof DataError)
    return { code: error.code, message: error.message, ...error.details };
  if (error instanceof KnownFailure) return error.info;
  if (error instanceof CancelledError) return { code: 'cancelled', message: error.message };
  if (error instanceof OutOfRangeError) return withCall(error, 'out-of-range', error.message);
  if (error instanceof OptionError) return { code: 'bad-option', message: error.message };
  if (error instanceof Defect) return withCall(error, 'internal', error.message);
  const message = error instanceof Error ? error.message : String(error);
  return withCall(error, 'internal', `Unexpected error: ${message}`);
}

function withCall(error: unknown, code: 'internal' | 'out-of-range', message: string): ErrorInfo {
  const call = typeof error === 'object' && error !== null ? callsOf.get(error) : undefined;
  return { code, message, ...(call !== undefined && { call }) };
}

/** Whether an error is a defect of the explorer rather than the user's (toErrorInfo's rule). */
export function isDefect(info: ErrorInfo): boolean {
  return info.code === 'internal' || info.code === 'out-of-range';
}

/**
 * A method's precondition this table does not meet (a class column, two classes present): the
 * method does not apply here, which running it again cannot change.
 */
export function notApplicable(message: string): DataError {
  return new DataError('not-applicable', message);
}
