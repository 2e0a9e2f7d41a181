import type { Counts } from '../data/counts/counts.ts';
import type { Steps } from '../base/jobs.ts';
import type { ResultKind, Results } from './results.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { OptionsOf, OptionValue, ParameterSpec, RawOptions } from './parameters.ts';

/**
 * The method contract. A method (or a generic step such as "t-SNE of" or "k-means of") is one
 * executable spec: what it is, where it comes from, its parameter table, the calls it takes as
 * inputs, the result kinds it produces, and a steppable `run`. The worker API, the CLI, the
 * app's controls, the projection's representations and the evaluations all derive from specs.
 */
export interface MethodSpec<P extends readonly ParameterSpec[] = readonly ParameterSpec[]> {
  id: string;
  title: string;
  /** 'method': a representation or detector from a paper; 'step': a generic operation on results. */
  role: 'method' | 'step';
  /** Authors, venue, year (and the seed number of our paper set). */
  paper: string;
  /** Where in the paper: sections, algorithms, equations. */
  where: string;
  /** One line for menus and `methods`. */
  description: string;
  parameters: P;
  /** Other calls this one consumes (a step's representation, an evaluation's methods). */
  inputs?: readonly InputSpec[];
  produces: readonly ResultKind[];
  /**
   * What the method reads. 'counts': the shared counts and the table's values (names, labels,
   * offsets) only, so it runs on a table known by its counts alone (`table.rowless`: an imported
   * counts file, counts taken out of core by SQL). There its results that are per-row arrays
   * (object scores) are left out, and those described by values (a value-concatenation
   * embedding, value-table distances) keep n = the rows counted. 'rows' (the default): it reads
   * each object's values and is refused on such a table, with `needsRowsBecause`.
   */
  reads?: 'counts' | 'rows';
  /** Why a 'rows' method needs the rows, for that refusal (“it learns from batches of objects”). */
  needsRowsBecause?: string;
  /** Position in menus and listings (lower first; ties by id). */
  order?: number;
  /**
   * Which of its steps split their work across a team of threads (src/core/parallel/team.ts),
   * for people (“its NN-descent neighbours and its Barnes-Hut gradient”). The CLI starts helper
   * threads only for a call of such a method, or with one among its inputs.
   */
  team?: string;
  /** Data-dependent checks, apart from the parameter table: throw a message naming the problem. */
  check?(table: CategoricalTable, options: OptionsOf<P>): void;
  run(context: MethodContext, options: OptionsOf<P>, inputs: CallInputs): Steps<Results>;
}

export interface InputSpec {
  name: string;
  /** The input call must produce one of these kinds. */
  accepts: readonly ResultKind[];
  description: string;
  /** A list of calls (e.g. every method an evaluation compares). */
  many?: boolean;
  /**
   * The option of the step that says how many times it re-fits each listed method with a seed of
   * its own (its seed, +1, …; calls.ts seededFits): 'fits', or 'runs' for the clustering
   * evaluation. The worker pool then computes those fits as jobs of their own, once for every
   * evaluation and spread over its workers, and hands them over.
   */
  fitsOption?: string;
}

/** A request for one method's results: serialisable, and the key of its cached results. */
export interface Call {
  method: string;
  options?: RawOptions;
  inputs?: Record<string, InputRef | readonly InputRef[]>;
}

/** An input: a call, and optionally which of its results (default: the first accepted kind). */
export interface InputRef extends Call {
  result?: string;
}

/** A call with every option resolved (defaults filled in) and its cache key. */
export interface ResolvedCall {
  method: string;
  options: Record<string, OptionValue>;
  inputs: CallInputs;
  result?: string;
  key: string;
}

export type CallInputs = Record<string, ResolvedCall | ResolvedCall[]>;

/** One finished call: its results and what happened while computing them. */
export interface MethodOutput {
  key: string;
  call: ResolvedCall;
  results: Results;
  warnings: string[];
  seconds: number;
}

/** What a running method can reach: the table, the shared counts, and other calls' results. */
export interface MethodContext {
  readonly table: CategoricalTable;
  /** Counts over every row of the table, computed once and shared. */
  readonly counts: Counts;
  /** Another call's output: from the cache, or computed now (its progress is yielded). */
  require(call: Call | ResolvedCall): Steps<MethodOutput>;
  /** A remark for the user, kept with this call's output. */
  warn(message: string): void;
  /**
   * Global value of every object in every attribute (n × D), computed once per table; refused
   * on a table without rows (`table.rowless`).
   */
  objectValues(): Int32Array;
}

/** Type-checks a spec against its own parameter table (options typed from the table). */
export function defineMethod<const P extends readonly ParameterSpec[]>(
  spec: MethodSpec<P>,
): MethodSpec<P> {
  return spec;
}

/** True for a value shaped like a spec (how method modules are discovered). */
export function isMethodSpec(value: unknown): value is MethodSpec {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<MethodSpec>;
  return (
    typeof v.id === 'string' &&
    typeof v.run === 'function' &&
    Array.isArray(v.parameters) &&
    Array.isArray(v.produces) &&
    (v.role === 'method' || v.role === 'step')
  );
}
