import type { MethodOutput } from '../core/platform/spec.ts';
import type { MethodFailure } from '../core/platform/results.ts';

/**
 * The methods that failed on their own inside a step comparing several (steps/isolated.ts), as
 * the JSON `errors` list: one entry per method, with its reason; the step's other results stand
 * and the command exits 0 (it fails only when every method failed).
 */
export interface ErrorJson {
  method: string;
  title: string;
  error: string;
  /** The method does not apply to this table (a precondition), rather than failing. */
  notApplicable?: true;
  /** A defect of the explorer (an internal error, to report), rather than the table's or options'. */
  internal?: true;
}

export function errorsJson(output: MethodOutput): ErrorJson[] {
  const seen = new Set<string>();
  const out: ErrorJson[] = [];
  for (const result of Object.values(output.results))
    for (const f of ('failures' in result ? result.failures : undefined) ?? [])
      if (!seen.has(f.title)) {
        seen.add(f.title);
        out.push(errorJson(f));
      }
  return out;
}

function errorJson(f: MethodFailure): ErrorJson {
  return {
    method: f.method,
    title: f.title,
    error: f.reason,
    ...(f.notApplicable && { notApplicable: true }),
    ...(f.internal && { internal: true }),
  };
}
