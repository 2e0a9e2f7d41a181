import { scaledSteps, type Steps } from '../base/jobs.ts';
import { internal } from '../base/errors.ts';
import { resolveOptions, type OptionsOf, type ParameterSpec } from '../base/parameters.ts';
import { countSteps, type Counts } from '../data/counts/counts.ts';
import { allRows } from '../data/table/rows.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { DetectorRole, DetectorTask, ExplainedScores } from './detection.ts';
import type { ObjectExplanations, ObjectScores, ResultKind, Results } from './results.ts';
import type { MethodContext, MethodSpec } from './spec.ts';
import { explainable } from './valueExplanations.ts';

/**
 * A detector declared once (issue 49): how it learns a model from some rows (`fit`), scores
 * rows with it (`score`, higher = more anomalous) and explains them (`explain`: one term per
 * attribute, related to the score as `explanation.relation` says). defineDetector generates
 * from that the method's `run` (a fit on every row: its object scores and explanations, and
 * any results of the model itself), its `detector` role (`score` and `explain` of a task's
 * rows, for the outlier experiments and the conformance suite) and its `produces`.
 */
export interface DetectorDeclaration<P extends readonly ParameterSpec[], M> extends Omit<
  MethodSpec<P>,
  'role' | 'run' | 'detector' | 'produces'
> {
  supervision: DetectorRole['supervision'];
  experimentOptions?: DetectorRole['experimentOptions'];
  explainsValuesWith?: DetectorRole['explainsValuesWith'];
  /** Its name in warnings and option errors when shorter than its title ('LOF'). */
  shortName?: string;
  /** The title of its object scores ('CBRW outlier score'). */
  scoreTitle: string;
  /** The kinds of `modelResults`, produced beside the object scores and explanations. */
  alsoProduces?: readonly ResultKind[];
  /** Shares of the work, for the progress bar (default: a third each). */
  work?: { fit: number; score: number; explain: number };
  /**
   * Learns the model from `data.rows`. An option named `seed` is the task's seed in the
   * outlier experiments (each split draws afresh) and the call's in a run.
   */
  fit(data: FitData<OptionsOf<P>>): Steps<M>;
  /** The scores of `rows` (indices into the table the model learnt from), aligned with them. */
  score(model: M, rows: Int32Array, table: CategoricalTable): Steps<Float64Array> | Float64Array;
  /** The terms of `rows`: rows.length × D, row-major. */
  explain?(model: M, rows: Int32Array, table: CategoricalTable): Steps<Float64Array> | Float64Array;
  /**
   * In place of `explain`, for a detector that finds the terms on its way to the scores
   * (SAnDCat's scan): both in one pass, never `score` and then the pass again.
   */
  scoreAndExplain?(
    model: M,
    rows: Int32Array,
    table: CategoricalTable,
  ): Steps<{ scores: Float64Array; terms: Float64Array }>;
  explanation: ExplanationDeclaration<M>;
  /** Results of the model itself, before the object scores (CBRW's value scores and weights). */
  modelResults?(model: M, context: MethodContext, options: OptionsOf<P>): Results;
  /**
   * A run of its own, for a detector whose method is a protocol rather than one fit on every
   * row (SAnDCat: it learns the normal class from cached DILCA calls); the role still comes
   * from the declaration.
   */
  run?: MethodSpec<P>['run'];
}

/** What a fit sees. */
export interface FitData<O> {
  table: CategoricalTable;
  /** The rows it learns from (empty on a table known by its counts alone: read `counts`). */
  rows: Int32Array;
  options: O;
  /** Counts over `rows`: in a run the session's shared counts, in a task counted on its rows. */
  counts(): Steps<Counts>;
}

/** The explanation's wording and its relation to the score. */
export interface ExplanationDeclaration<M> {
  title: Text<M>;
  /** The definition of a term, as one sentence. */
  definition: Text<M>;
  relation: ObjectExplanations['relation'];
  relationText: Text<M>;
  /** For 'sums-to-transform': the score of an object whose terms sum to `sum`, increasing. */
  toScore?(model: M, sum: number): number;
}

type Text<M> = string | ((model: M) => string);

/** The method spec of a detector declaration: its run, its role and its result kinds. */
export function defineDetector<const P extends readonly ParameterSpec[], M>(
  declaration: DetectorDeclaration<P, M>,
): MethodSpec<P> & { detector: DetectorRole } {
  const d = declaration;
  if (!d.explain === !d.scoreAndExplain)
    throw internal(`${d.id}: declare one of explain and scoreAndExplain`);
  if ((d.explanation.relation === 'sums-to-transform') !== (d.explanation.toScore !== undefined))
    throw internal(`${d.id}: a transform's explanation, and only it, declares toScore`);
  const { supervision, experimentOptions, explainsValuesWith, alsoProduces, run } = d;
  const name = d.shortName ?? d.title;
  const hasSeed = d.parameters.some((p) => p.name === 'seed');
  const detector: DetectorRole = {
    supervision,
    ...(experimentOptions && { experimentOptions }),
    ...(explainsValuesWith && { explainsValuesWith }),
    relation: d.explanation.relation,
    *score(task, options = {}) {
      const fitted = share(d, 'fit', 'score');
      const model = yield* scaledSteps(fitTask(d, task, options, name, hasSeed), 0, fitted);
      return yield* scaledSteps(asSteps(d.score(model, task.scoreRows, task.table)), fitted, 1);
    },
    *explain(task, options = {}) {
      const fitted = share(d, 'fit', 'score', 'explain');
      const model = yield* scaledSteps(fitTask(d, task, options, name, hasSeed), 0, fitted);
      return yield* scaledSteps(explained(d, model, task.table, task.scoreRows), fitted, 1);
    },
  };
  return {
    ...methodFields(d),
    role: 'method',
    produces: [...(alsoProduces ?? []), 'object-scores', 'object-explanations'],
    detector,
    run: run ?? ((context, options) => detectorRun(d, context, options, name)),
  };
}

/** The spec's own fields of a declaration: the detector's parts left out. */
function methodFields<P extends readonly ParameterSpec[], M>(
  d: DetectorDeclaration<P, M>,
): Omit<MethodSpec<P>, 'role' | 'run' | 'detector' | 'produces'> {
  const {
    supervision: _supervision,
    experimentOptions: _experimentOptions,
    explainsValuesWith: _explainsValuesWith,
    shortName: _shortName,
    scoreTitle: _scoreTitle,
    alsoProduces: _alsoProduces,
    work: _work,
    fit: _fit,
    score: _score,
    explain: _explain,
    scoreAndExplain: _scoreAndExplain,
    explanation: _explanation,
    modelResults: _modelResults,
    run: _run,
    ...fields
  } = d;
  return fields;
}

/** The share of the work of the first of `parts` among them, for the progress bar. */
function share<P extends readonly ParameterSpec[], M>(
  d: DetectorDeclaration<P, M>,
  ...parts: ('fit' | 'score' | 'explain')[]
): number {
  const work = d.work ?? { fit: 1, score: 1, explain: 1 };
  const total = parts.reduce((sum, part) => sum + work[part], 0);
  return total > 0 ? work[parts[0] as 'fit'] / total : 0;
}

/** A fit on the task's rows, its options resolved and its seed the task's. */
function* fitTask<P extends readonly ParameterSpec[], M>(
  d: DetectorDeclaration<P, M>,
  task: DetectorTask,
  given: Record<string, unknown>,
  name: string,
  hasSeed: boolean,
): Steps<M> {
  const resolved = resolveOptions(d.parameters, given, name);
  const options = hasSeed ? { ...resolved, seed: task.seed } : resolved;
  return yield* d.fit({
    table: task.table,
    rows: task.fitRows,
    options,
    counts: () => countSteps(task.table, { rows: task.fitRows }),
  });
}

/** The method's run: a fit on every row, then the scores and (where it fits) the terms. */
function* detectorRun<P extends readonly ParameterSpec[], M>(
  d: DetectorDeclaration<P, M>,
  context: MethodContext,
  options: OptionsOf<P>,
  name: string,
): Steps<Results> {
  const { table } = context;
  const rows = table.rowless ? new Int32Array(0) : allRows(table.nRows);
  const counts = context.counts;
  const data = { table, rows, options, counts: () => done(counts) };
  const fitted = share(d, 'fit', 'score', 'explain');
  const model = yield* scaledSteps(d.fit(data), 0, fitted);
  const ofModel = d.modelResults?.(model, context, options) ?? {};
  // On a table without rows, the per-row results are left out (the model's stand in).
  if (table.rowless) return ofModel;
  const scored: Partial<ExplainedScores> = explainable(table, name, context.warn)
    ? yield* scaledSteps(explained(d, model, table, rows), fitted, 1)
    : { scores: yield* scaledSteps(asSteps(d.score(model, rows, table)), fitted, 1) };
  const scores: ObjectScores = {
    kind: 'object-scores',
    title: d.scoreTitle,
    n: table.nRows,
    scores: scored.scores as Float64Array,
    direction: 'higher-is-more-anomalous',
  };
  return { ...ofModel, scores, ...(scored.explanation && { explanations: scored.explanation }) };
}

/** The scores of `rows` and their explanation, from the fitted model. */
function* explained<P extends readonly ParameterSpec[], M>(
  d: DetectorDeclaration<P, M>,
  model: M,
  table: CategoricalTable,
  rows: Int32Array,
): Steps<ExplainedScores> {
  let scores: Float64Array;
  let terms: Float64Array;
  if (d.scoreAndExplain) ({ scores, terms } = yield* d.scoreAndExplain(model, rows, table));
  else {
    const scored = share(d, 'score', 'explain');
    scores = yield* scaledSteps(asSteps(d.score(model, rows, table)), 0, scored);
    const explain = d.explain as NonNullable<typeof d.explain>;
    terms = yield* scaledSteps(asSteps(explain(model, rows, table)), scored, 1);
  }
  const e = d.explanation;
  const text = (t: Text<M>): string => (typeof t === 'string' ? t : t(model));
  const toScore = e.toScore;
  return {
    scores,
    explanation: {
      kind: 'object-explanations',
      title: text(e.title),
      n: rows.length,
      dims: table.attributes.length,
      values: terms,
      relation: e.relation,
      relationText: text(e.relationText),
      definition: text(e.definition),
    },
    ...(toScore && { toScore: (sum: number) => toScore(model, sum) }),
  };
}

/** A part's answer as steps, whether it was computed at once or steps. */
function asSteps<T>(answer: Steps<T> | T): Steps<T> {
  return isSteps(answer) ? answer : done(answer);
}

function isSteps<T>(answer: Steps<T> | T): answer is Steps<T> {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    !ArrayBuffer.isView(answer) &&
    typeof (answer as { next?: unknown }).next === 'function'
  );
}

// eslint-disable-next-line require-yield
function* done<T>(value: T): Steps<T> {
  return value;
}
