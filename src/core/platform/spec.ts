import type { Counts } from '../data/counts/counts.ts';
import type { Steps } from '../base/jobs.ts';
import type { ResultKind, Results } from './results.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { DetectorRole } from './detection.ts';
import type { OptionsOf, OptionValue, ParameterSpec, RawOptions } from '../base/parameters.ts';

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
  /**
   * false: a step a view calls for itself (the neighbours of the selected object), kept out of
   * the add-panel menu's comparisons.
   */
  listed?: false;
  /** Position in menus and listings (lower first; ties by id). */
  order?: number;
  /**
   * Which of its steps split their work across a team of threads (src/core/parallel/team.ts),
   * for people (“its NN-descent neighbours and its Barnes-Hut gradient”). The CLI starts helper
   * threads only for a call of such a method, or with one among its inputs.
   */
  team?: string;
  /**
   * An evaluation step whose table feeds the results board ("Run all"): the columns of its
   * table the board shows, one per method it compares. Run all calls it over every method its
   * input accepts, with its `fitsOption` at the board's fits and a required class label (an
   * outlier class) at the smallest class.
   */
  board?: readonly BoardColumn[];
  /**
   * How a step's tables read: 'walkthrough', one worked example step by step (each table in
   * turn); otherwise as a comparison of the methods it takes (tables and curves side by side).
   */
  reading?: 'walkthrough';
  /** The published protocol's settings of this step, offered as one click ("Paper protocol"). */
  paperProtocol?: Readonly<Record<string, OptionValue>>;
  /**
   * The most objects it takes (it keeps an n × n matrix): its `check` refuses a larger table,
   * and menus (colour by) do not offer it there.
   */
  maxObjects?: number;
  /**
   * The options a view of its training (UNTIE's loss and kernel weights) calls it with, where its
   * defaults learn nothing (UNTIE: iterations 0 by default, the paper's 1,000 there).
   */
  trainingOptions?: Readonly<Record<string, OptionValue>>;
  /** Settings worth one click each, by name (colour by: “ROCK (Jaccard, θ = 0.5)”). */
  presets?: readonly { label: string; options: RawOptions }[];
  /**
   * The method its paper's figures set beside it (UNTIE, Zhu et al. 2022, Fig. 7: the t-SNE of
   * CDE's vectors beside UNTIE's), for a view to offer the same pair.
   */
  shownBeside?: string;
  /**
   * Settings under which a paper reports this method under a column of its own, for the paper's
   * number beside ours (Zhu et al. 2022's “UNTIE”: untie with the paper's 1,000 iterations).
   */
  paperNames?: readonly { name: string; options: Readonly<Record<string, OptionValue>> }[];
  /**
   * Settings compared beside the defaults wherever every method is compared (the results board
   * of Run all): UNTIE with its learning and without. A setting equal to the defaults is the
   * default call itself.
   */
  compared?: readonly Readonly<Record<string, OptionValue>>[];
  /**
   * What the method is called under some settings, when that is not its title (UNTIE with no
   * iterations learns nothing: “UNTIE kernels, ω = 1”). describeCall names a call by the first
   * whose options all hold, then lists the options that differ from those settings.
   */
  settingTitles?: readonly { title: string; options: Readonly<Record<string, OptionValue>> }[];
  /**
   * The step to use instead for an input this one does not accept (PCA of a distance, which has
   * no principal components: MDS).
   */
  otherwise?: string;
  /** Takes part in the detector experiments (Ienco et al. 2016, Sec. V) as this detector. */
  detector?: DetectorRole;
  /** Data-dependent checks, apart from the parameter table: throw a message naming the problem. */
  check?(table: CategoricalTable, options: OptionsOf<P>): void;
  run(context: MethodContext, options: OptionsOf<P>, inputs: CallInputs): Steps<Results>;
}

/** A column of the results board: which column of the step's table, its title and its help. */
export interface BoardColumn {
  /** The column of the step's table; it is also the board column's key, unique on the board. */
  column: string;
  title: string;
  help: string;
  /** The column of the step's table holding the paper's value of this number, shown beside it. */
  paperColumn?: string;
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
  /**
   * The number each option left 'auto' ran with (UMAP's epochs: 500), for the settings to say
   * "auto (500)"; absent when none was reported.
   */
  automatic?: Record<string, number>;
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
  /** The number an option left 'auto' ran with, kept with this call's output. */
  automatic(option: string, value: number): void;
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
