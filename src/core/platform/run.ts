import { now } from '../base/clock.ts';
import type { Counts } from '../data/counts/counts.ts';
import { objectValues } from './objectEmbedding.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { resultProblems, type Results, type TableShape } from './results.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { ResultCache } from './cache.ts';
import { resolveCall } from './calls.ts';
import { methodSpec } from './registry.ts';
import {
  CancelledError,
  DataError,
  KnownFailure,
  internal,
  noteCall,
  toErrorInfo,
} from '../base/errors.ts';
import type { Call, MethodContext, MethodOutput, MethodSpec, ResolvedCall } from './spec.ts';

/** What calls run against: one table, its shared counts and its result cache. */
export interface RunEnvironment {
  table: CategoricalTable;
  counts: Counts;
  cache: ResultCache;
}

/**
 * Runs a call, or serves it from the cache: options resolved and checked, data-dependent checks,
 * the method's steps (its requests for other calls go through this same function, so every
 * intermediate result is cached once), results checked against the declared kinds and the
 * table's shape.
 */
export function* runCall(env: RunEnvironment, call: Call | ResolvedCall): Steps<MethodOutput> {
  const resolved = resolveCall(call);
  const hit = env.cache.get(resolved.key);
  if (hit) return hit;
  const failure = env.cache.failure(resolved.key);
  if (failure !== undefined) throw new KnownFailure(failure);
  const spec = methodSpec(resolved.method);
  refuseWithoutRows(env.table, spec);
  spec.check?.(env.table, resolved.options);
  const warnings: string[] = [];
  const automatic: Record<string, number> = {};
  let codes: Int32Array | null = null;
  const context: MethodContext = {
    table: env.table,
    counts: env.counts,
    require: (c) => scaledSteps(runCall(env, c), 0, 1, `${methodSpec(c.method).title}: `),
    warn: (message) => {
      if (!warnings.includes(message)) warnings.push(message);
    },
    automatic: (option, value) => {
      automatic[option] = value;
    },
    objectValues: () => (codes ??= objectValues(env.table)), // refused when rowless
  };
  const start = now();
  let results: Results;
  try {
    results = yield* spec.run(context, resolved.options, resolved.inputs);
    checkResults(spec.id, spec.produces, results, shapeOf(env.table));
  } catch (error) {
    // A defect is told with the innermost call that hit it (a call it required notes its own).
    noteCall(error, resolved.key);
    if (!(error instanceof CancelledError)) env.cache.setFailure(resolved.key, toErrorInfo(error));
    throw error;
  }
  env.cache.noteComputed(spec.id);
  const output: MethodOutput = {
    key: resolved.key,
    call: resolved,
    results,
    warnings,
    ...(Object.keys(automatic).length > 0 ? { automatic } : {}),
    seconds: (now() - start) / 1000,
  };
  env.cache.set(output);
  return output;
}

/**
 * The data-dependent checks of a call and of every call it needs, run before anything is counted
 * or computed, so a table a method cannot take is refused at once. A list input (the methods an
 * evaluation compares) is not checked here: each of those runs on its own inside the step
 * (steps/isolated.ts), and one that does not apply becomes its row's reason.
 */
export function checkCall(table: CategoricalTable, call: ResolvedCall): void {
  for (const c of [...requiredCalls(call), call]) {
    const spec = methodSpec(c.method);
    refuseWithoutRows(table, spec);
    spec.check?.(table, c.options);
  }
}

/**
 * Why a call does not apply to this table — a precondition declared by its spec (its `check`:
 * a class is needed, the table is too large for the method …) or by a call it needs — or null
 * when it applies. Nothing is computed.
 */
export function preconditionOf(table: CategoricalTable, call: ResolvedCall): string | null {
  try {
    checkCall(table, call);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The calls a call cannot run without: its single inputs and theirs (not list inputs). */
function requiredCalls(call: ResolvedCall): ResolvedCall[] {
  const out: ResolvedCall[] = [];
  for (const [name, value] of Object.entries(call.inputs)) {
    const many = methodSpec(call.method).inputs?.find((i) => i.name === name)?.many;
    if (many || Array.isArray(value)) continue;
    out.push(...requiredCalls(value), value);
  }
  return out;
}

/**
 * The first method a call needs that reads each object's values — the call's own method, else
 * one of the calls it cannot run without — or null when every one reads the counts alone: what a
 * table known by its counts alone refuses (refuseWithoutRows), known before anything runs.
 */
export function rowReaderOf(call: ResolvedCall): MethodSpec | null {
  for (const c of [call, ...requiredCalls(call)]) {
    const spec = methodSpec(c.method);
    if (spec.reads !== 'counts') return spec;
  }
  return null;
}

/**
 * The split between value-level and object-level methods: on a table known by its counts alone
 * only methods that read counts run; any other is refused, naming why it needs the rows.
 */
export function refuseWithoutRows(table: CategoricalTable, spec: MethodSpec): void {
  if (!table.rowless || spec.reads === 'counts') return;
  const why =
    spec.needsRowsBecause ??
    (spec.role === 'step'
      ? 'it works on objects (their vectors, distances or classes)'
      : 'it reads every object’s values');
  throw new DataError(
    'needs-rows',
    `${spec.title} needs the table's rows: ${why}. This table is known by its counts alone (value counts and co-occurrences); run it on the data file with the in-memory engine.`,
  );
}

export function shapeOf(table: CategoricalTable): TableShape {
  return {
    nRows: table.nRows,
    nValues: table.nValues,
    valueCounts: table.attributes.map((a) => a.labels.length),
  };
}

/** A method's results must be of its declared kinds and fit the table; else it is a bug. */
export function checkResults(
  method: string,
  produces: readonly string[],
  results: Results,
  shape: TableShape,
): void {
  const problems: string[] = [];
  for (const [name, result] of Object.entries(results)) {
    if (!produces.includes(result.kind))
      problems.push(`${name} is a ${result.kind}, which ${method} does not declare`);
    problems.push(...resultProblems(result, shape));
  }
  if (problems.length > 0)
    throw internal(`${method} returned malformed results: ${problems.join('; ')}`);
}
