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

/** Plain, cloneable form of an error for the worker boundary. */
export interface ErrorInfo {
  code: DataErrorCode | 'cancelled' | 'out-of-range' | 'internal';
  message: string;
  lines?: number[];
  count?: number;
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof DataError)
    return { code: error.code, message: error.message, ...error.details };
  if (error instanceof KnownFailure) return error.info;
  if (error instanceof CancelledError) return { code: 'cancelled', message: error.message };
  if (error instanceof OutOfRangeError) return { code: 'out-of-range', message: error.message };
  if (error instanceof RangeError || error instanceof TypeError)
    return { code: 'bad-option', message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Unexpected error: ${message}` };
}

/**
 * A method's precondition this table does not meet (a class column, two classes present): the
 * method does not apply here, which running it again cannot change.
 */
export function notApplicable(message: string): DataError {
  return new DataError('not-applicable', message);
}
