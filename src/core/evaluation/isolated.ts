import {
  CancelledError,
  REPORT_DEFECT,
  badOption,
  internal,
  isDefect,
  toErrorInfo,
} from '../base/errors.ts';
import type { Steps } from '../base/jobs.ts';
import { describeCall } from '../platform/calls.ts';
import { preconditionOf } from '../platform/run.ts';
import type { ResolvedCall } from '../platform/spec.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { Cell, MethodFailure } from '../platform/results.ts';

/**
 * Steps that compare several methods (evaluations, quality curves, indices) run each method's
 * part on its own: a method that fails — a precondition it does not meet on this table, a limit,
 * a defect — becomes a failure of that method, with its reason, and the others complete. Only a
 * cancel stops the whole step, and the step fails only when every method failed.
 */
export type Isolated<T> = { ok: true; value: T } | { ok: false; failure: MethodFailure };

export function* isolated<T>(
  table: CategoricalTable,
  ref: ResolvedCall,
  steps: Steps<T>,
): Steps<Isolated<T>> {
  try {
    return { ok: true, value: yield* steps };
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    return { ok: false, failure: failureOf(table, ref, error) };
  }
}

/**
 * A method's failure; `notApplicable` when the method's own preconditions refuse this table,
 * `internal` when it is a defect of the explorer (told with the call that hit it).
 */
export function failureOf(
  table: CategoricalTable,
  ref: ResolvedCall,
  error: unknown,
): MethodFailure {
  const precondition = preconditionOf(table, ref);
  const info = toErrorInfo(error);
  const defect = precondition === null && isDefect(info);
  const reason = defect
    ? `Internal error (call ${info.call ?? ref.key}): ${info.message} — ${REPORT_DEFECT}.`
    : (precondition ?? (error instanceof Error ? error.message : String(error)));
  return {
    method: ref.method,
    title: describeCall(ref),
    reason,
    ...(precondition !== null && { notApplicable: true }),
    ...(defect && { internal: true }),
  };
}

/** A failed method's row in a step's table: its name, the reason, no numbers. */
export function failureRow(failure: MethodFailure): Record<string, Cell> {
  return {
    method: failure.method,
    title: failure.title,
    [failure.notApplicable ? 'notApplicable' : 'failed']: failure.reason,
  };
}

/** When every compared method failed there is nothing to show: the step fails with every reason. */
export function unlessAllFailed(compared: number, failures: readonly MethodFailure[]): void {
  if (compared === 0 || failures.length < compared) return;
  // Every one a defect: a defect too, never told as a bad option.
  throw (failures.every((f) => f.internal) ? internal : badOption)(
    `every method failed: ${failures.map((f) => `${f.title}: ${firstLine(f.reason)}`).join('; ')}`,
  );
}

/** The first line of a reason, for a cell or a legend entry (the full text goes on hover). */
export function firstLine(reason: string): string {
  const line = reason.split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}
