/**
 * The shared result kinds. Every method returns a record of named results of these kinds, and
 * every view, evaluation and export consumes them by kind — as Observable Plot's marks consume
 * any transform's named channels. A result is plain data (typed arrays, numbers, strings): it
 * can be cached, structured-cloned to another worker or the UI, and printed as JSON. Anything
 * computed on demand (an object distance) is described by data from which the function is built
 * (`platform/representation.ts`), so no n × n matrix is ever stored.
 */

export const RESULT_KINDS = [
  'value-matrix',
  'value-partitions',
  'value-scores',
  'value-embedding',
  'object-embedding',
  'object-distance',
  'object-similarity',
  'object-partition',
  'object-scores',
  'attribute-impacts',
  'object-impacts',
  'object-explanations',
  'curves',
  'kernel-weights',
  'coupling-spaces',
  'measures',
  'table',
] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

interface Described {
  /** For people: "Mo (occurrence influence)". */
  title: string;
  /** Short remarks shown with the result (how it was computed, what was lowered…). */
  notes?: string[];
}

/** An L × L matrix over the table's global values (row-major). */
export interface ValueMatrix extends Described {
  kind: 'value-matrix';
  size: number;
  data: Float64Array;
  /**
   * The smallest and largest finite entries ([NaN, NaN] when none), found where the matrix is
   * made, so a view colouring a million cells does not scan them on the page's main thread.
   */
  range: [number, number];
  /** What a larger entry means. */
  meaning: 'influence' | 'similarity' | 'dissimilarity';
  /** Preferred colour scale. */
  scale: 'linear' | 'symlog';
  /** The formula of a cell, as printed (e.g. "ψ(fᵢ, fⱼ)·p(vⱼ)/p(vᵢ)"). */
  formula?: string;
  /** The terms of the formula, so a tooltip can spell a cell out with its numbers. */
  terms?: CureMoTerms | CureMcTerms | CasTerms;
}

/**
 * Wang et al. 2015's value tables: the values' frequencies |G(v)|, and which table this is (CASV's two
 * factors are its sibling results `intra` and `inter`).
 */
export interface CasTerms {
  kind: 'cas-tables';
  part: 'intra' | 'inter' | 'casv';
  counts: Float64Array;
}

/** Mo of CURE (CURE, Jian et al. 2019 Def. 5): p(v) for every value, ψ (D × D), and which orientation. */
export interface CureMoTerms {
  kind: 'cure-mo';
  p: Float64Array;
  psi: Float64Array;
  orientation: 'paper' | 'code';
}

/** Mc of CURE (Def. 6): p(v) for every value. */
export interface CureMcTerms {
  kind: 'cure-mc';
  p: Float64Array;
}

/** One clustering of the values at one granularity. */
export interface ValuePartition {
  /** "Mc k=3". */
  name: string;
  k: number;
  /** Cluster of each global value (0..k−1). */
  labels: Int32Array;
  /** 1 when cluster c is used by the method (e.g. kept as an indicator column), else 0. */
  kept: Uint8Array;
}

export interface ValuePartitions extends Described {
  kind: 'value-partitions';
  partitions: ValuePartition[];
}

export type ScoreDirection = 'higher-is-more-anomalous' | 'higher-is-more-typical';

export interface ValueScores extends Described {
  kind: 'value-scores';
  scores: Float64Array;
  direction: ScoreDirection;
  /** Which of `sourceNames` gave each value its score (−1: none). */
  source?: Int32Array;
  sourceNames?: string[];
  /**
   * How an object's score follows from its values' scores, when it does: Σ_a weights[a]·score(x_a)
   * is the method's object-scores result named `result`. Object scores are then a per-row
   * look-up, computed row by row where the rows are not in memory (the CLI's duckdb engine).
   */
  objectScore?: { result: string; weights: Float64Array };
}

/** L × dims: one vector per global value. */
export interface ValueEmbedding extends Described {
  kind: 'value-embedding';
  dims: number;
  vectors: Float64Array;
  /** Variance of each dimension, when the dimensions are principal components. */
  variances?: Float64Array;
}

/**
 * Objects as vectors. `values`: an object is the concatenation of its D values' vectors (one
 * block per attribute; the object's codes come from the table, so nothing per object is stored).
 * `dense`: an n × dims matrix.
 */
export type ObjectEmbeddingResult = ValuesEmbeddingResult | DenseEmbeddingResult;

export interface ValuesEmbeddingResult extends Described {
  kind: 'object-embedding';
  form: 'values';
  n: number;
  dims: number;
  /** Width of each attribute's block and its start within an object vector. */
  blockWidth: Int32Array;
  blockStart: Int32Array;
  /** Start of value v's vector in `vectors`. */
  vectorStart: Int32Array;
  vectors: Float64Array;
}

export interface DenseEmbeddingResult extends Described {
  kind: 'object-embedding';
  form: 'dense';
  n: number;
  dims: number;
  data: Float64Array;
}

/**
 * A dissimilarity between objects, evaluated on demand from per-attribute pieces:
 * - `mismatch`: Σ_a w_a·[x_a ≠ y_a] (the simple matching distance when every w_a = 1);
 * - `value-tables`: combine over attributes of table_a[x_a, y_a], with per-attribute m_a × m_a
 *   tables stored one after another (`tableStart[a]`, m_a = the attribute's value count);
 *   `combine` is 'sum' (CADO-like) or 'euclidean' (√Σ t², DILCA Eq. 2).
 */
export type ObjectDistance = MismatchDistance | ValueTableDistance;

export interface MismatchDistance extends Described {
  kind: 'object-distance';
  form: 'mismatch';
  n: number;
  weights: Float64Array;
}

export interface ValueTableDistance extends Described {
  kind: 'object-distance';
  form: 'value-tables';
  n: number;
  tables: Float64Array;
  tableStart: Int32Array;
  combine: 'sum' | 'euclidean';
}

/**
 * A similarity between objects (larger = more alike), evaluated on demand as the sum over
 * attributes of per-attribute m_a × m_a value tables (Wang et al. 2015's CASO, Eq. (15)). Not a distance:
 * s(u, u) need not be the largest value, so views and steps that need a distance take the
 * method's dissimilarity (CADO) instead.
 */
export interface ObjectSimilarity extends Described {
  kind: 'object-similarity';
  n: number;
  tables: Float64Array;
  tableStart: Int32Array;
}

export interface ObjectPartition extends Described {
  kind: 'object-partition';
  n: number;
  k: number;
  labels: Int32Array;
}

export interface ObjectScores extends Described {
  kind: 'object-scores';
  n: number;
  scores: Float64Array;
  direction: ScoreDirection;
}

/** Scores with larger = more anomalous, whatever the detector's direction. */
export function anomalousScores(s: Pick<ObjectScores, 'scores' | 'direction'>): Float64Array {
  return s.direction === 'higher-is-more-anomalous' ? s.scores : s.scores.map((x) => -x);
}

export interface AttributeImpacts extends Described {
  kind: 'attribute-impacts';
  /** One number per feature attribute. */
  values: Float64Array;
}

/**
 * n × dims, row-major: each object's impact per feature attribute (SAnDCat's attribute distance
 * impact, Ienco et al. 2016 (DILCA/SAnDCat) Sec. IV-C-2). A view averages the rows of any selection of objects.
 */
export interface ObjectImpacts extends Described {
  kind: 'object-impacts';
  n: number;
  /** The number of feature attributes. */
  dims: number;
  values: Float64Array;
}

/**
 * Why each object scores as it does, by the detector's own definition: n × dims, row-major, the
 * signed contribution of the object's value in each feature attribute to its score (larger =
 * pushes the object towards anomalous). `relation` says how a row's terms relate to the score:
 * - 'sums-to-score': Σ_a term = the object's score;
 * - 'sums-to-transform': Σ_a term = a quantity of which the score is a stated increasing
 *   function (`relationText`, e.g. the isolation forest's c(ψ) − E[h(x)]);
 * - 'indicative': the terms rank the attributes but do not add up to the score (`relationText`).
 */
export interface ObjectExplanations extends Described {
  kind: 'object-explanations';
  n: number;
  /** The number of feature attributes. */
  dims: number;
  values: Float64Array;
  relation: 'sums-to-score' | 'sums-to-transform' | 'indicative';
  /** How the terms relate to the score, for people ("the score is 2^(Σ/c(ψ) − 1)"). */
  relationText: string;
  /** The method's definition of a term, as one sentence. */
  definition: string;
}

/** Object i's terms (a view of `values`). */
export function explanationRow(e: ObjectExplanations, i: number): Float64Array {
  return e.values.subarray(i * e.dims, (i + 1) * e.dims);
}

export interface CurveSeries {
  name: string;
  x: Float64Array;
  y: Float64Array;
  /** A 95 % band around y at each x (resamples of the objects measured), when measured. */
  low?: Float64Array;
  high?: Float64Array;
}

export interface Curves extends Described {
  kind: 'curves';
  xLabel: string;
  yLabel: string;
  series: CurveSeries[];
  /** The series that leads on the comparison's judged measure (marked ★). */
  leader?: string;
  /** What a method without skill scores on the y axis (a dashed line). */
  chance?: number;
  /** Compared methods that failed on their own (no series), with why; the others are drawn. */
  failures?: MethodFailure[];
}

/**
 * A method that failed inside a step comparing several (an evaluation, a board column): the step
 * runs each method on its own, so one failure becomes that method's row, legend entry or cell.
 */
export interface MethodFailure {
  method: string;
  /** The call as people know it: “UNTIE (iterations 10)”. */
  title: string;
  /** The full message; views show its first line and the rest on hover. */
  reason: string;
  /** The method does not apply to this table (a precondition of its spec), rather than failing. */
  notApplicable?: true;
  /** A defect of the explorer (an internal error): the reason names the call and asks a report. */
  internal?: true;
}

/**
 * Learned weights of kernel spaces (Zhu et al. 2022's ω, Eq. (13)): which coupling space of which
 * attribute, under which kernel, the representation leans on.
 */
export interface KernelWeights extends Described {
  kind: 'kernel-weights';
  /** One entry per kernel space. */
  spaces: { attribute: string; space: 'intra' | 'inter'; kernel: string }[];
  /** Weight of each space (the mean of its value weights). */
  weights: Float64Array;
  /** The kernels in order, for grouping. */
  kernels: string[];
}

/**
 * Zhu et al. 2022 (UNTIE)'s coupling spaces (Sec. 4.2), one entry per attribute: each value's
 * intra-attribute coupling vector m_Ia(v) = [|g(v)| / n_o] (Eq. 1) and inter-attribute one
 * m_Ie(v) = [p(v | v*) for every value v* of the other attributes] (Eqs. 3-4), p(v | v*) =
 * |g(v) ∩ g(v*)| / |g(v*)|. What UNTIE's kernels map, and what Table 4's Couplings concatenates.
 */
export interface CouplingSpacesResult extends Described {
  kind: 'coupling-spaces';
  attributes: {
    /** The attribute's index in the table. */
    attribute: number;
    /** m_Ia of each of its m values (Eq. 1). */
    intra: Float64Array;
    /** m × columns.length, row-major: m_Ie of each of its values (Eq. 4). */
    inter: Float64Array;
    /** The global value v* each column of m_Ie stands for, in table order. */
    columns: Int32Array;
  }[];
}

export interface Measure {
  name: string;
  title: string;
  value: number | null;
}

/** Named numbers (KL, stress, trustworthiness, AUC …). */
export interface Measures extends Described {
  kind: 'measures';
  values: Measure[];
}

export type Cell = number | string | null | { mean: number; sd: number };

/** A cell's number: itself, or the mean of a mean ± sd; NaN when it holds none. */
export function cellMean(cell: Cell | undefined): number {
  if (typeof cell === 'number') return cell;
  if (cell && typeof cell === 'object') return cell.mean;
  return Number.NaN;
}

/** Rows of named cells under titled columns (evaluation tables). */
export interface ResultTable extends Described {
  kind: 'table';
  /**
   * `missing`: why a cell of the column may hold no number (“γ < 0 at ε = 0 is not drawn”); such
   * a column is always shown, its empty cells explained. A column without it is hidden when no
   * row has a value.
   */
  columns: { key: string; title: string; missing?: string }[];
  rows: Record<string, Cell>[];
  /**
   * The measure a comparison is judged on (its column `key`), for the sentence that says which
   * method leads and which are within noise of it (app/model/verdict.ts): `measure` names it in
   * that sentence, `chance` is what a representation or detector without skill scores.
   */
  verdict?: {
    key: string;
    measure: string;
    higherIsBetter?: boolean;
    chance?: number | null;
    noise?: VerdictNoise;
  };
  /**
   * Compared methods that failed on their own: each also has a row holding its `method`, `title`
   * and `failed` (or `notApplicable`: the reason), its numbers null.
   */
  failures?: MethodFailure[];
}

/**
 * The noise of a comparison's judged measure, from resampling the objects measured (the same
 * resamples for every method; core/evaluation/bootstrap.ts): each method's 95 % interval, and the
 * 95 % interval of how far it lies behind the leader (≥ 0 behind; an interval holding 0 is
 * within noise).
 */
export interface VerdictNoise {
  leader: string;
  resamples: number;
  objects: number;
  rows: { title: string; low: number; high: number; behindLow: number; behindHigh: number }[];
}

export type Result =
  | ValueMatrix
  | ValuePartitions
  | ValueScores
  | ValueEmbedding
  | ObjectEmbeddingResult
  | ObjectDistance
  | ObjectSimilarity
  | ObjectPartition
  | ObjectScores
  | AttributeImpacts
  | ObjectImpacts
  | ObjectExplanations
  | Curves
  | KernelWeights
  | CouplingSpacesResult
  | Measures
  | ResultTable;

/** A method's results by name (e.g. { mo, mc, granularities, valueEmbedding, embedding }). */
export type Results = Record<string, Result>;

export type ResultOfKind<K extends ResultKind> = Extract<Result, { kind: K }>;

/** The first result of a kind, with its name, or null. */
export function findResult<K extends ResultKind>(
  results: Results,
  kind: K,
  name?: string,
): { name: string; result: ResultOfKind<K> } | null {
  for (const [n, r] of Object.entries(results))
    if (r.kind === kind && (name === undefined || n === name))
      return { name: n, result: r as ResultOfKind<K> };
  return null;
}

/** Every result of one kind, by name. */
export function resultsOfKind<K extends ResultKind>(
  results: Results,
  kind: K,
): { name: string; result: ResultOfKind<K> }[] {
  return Object.entries(results)
    .filter(([, r]) => r.kind === kind)
    .map(([name, r]) => ({ name, result: r as ResultOfKind<K> }));
}

/** What a result is checked against: the table's shape. */
export interface TableShape {
  nRows: number;
  nValues: number;
  /** Values per feature attribute. */
  valueCounts: number[];
}

/** The smallest and largest finite values of an array ([NaN, NaN] when it has none). */
export function finiteRange(data: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < data.length; i++) {
    const x = data[i] as number;
    if (x < lo && x > -Infinity) lo = x;
    if (x > hi && x < Infinity) hi = x;
  }
  return lo <= hi ? [lo, hi] : [Number.NaN, Number.NaN];
}

/**
 * Checks a result's arrays against the table (lengths, label ranges, finiteness of scores);
 * returns the problems found, empty when the result is well formed.
 */
export function resultProblems(result: Result, shape: TableShape): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, message: string): void => {
    if (!ok) problems.push(`${result.kind} “${result.title}”: ${message}`);
  };
  const L = shape.nValues;
  const n = shape.nRows;
  const D = shape.valueCounts.length;
  const labelsIn = (labels: Int32Array, k: number): boolean => labels.every((c) => c >= 0 && c < k);
  switch (result.kind) {
    case 'value-matrix':
      need(result.size === L && result.data.length === L * L, `expected ${L} × ${L}`);
      need(
        result.range.length === 2 && !(result.range[0] > result.range[1]),
        `range [${result.range.join(', ')}] is not low to high`,
      );
      break;
    case 'value-partitions':
      for (const p of result.partitions) {
        need(p.labels.length === L, `${p.name} has ${p.labels.length} labels, not ${L}`);
        need(labelsIn(p.labels, p.k), `${p.name} has labels outside 0..${p.k - 1}`);
        need(p.kept.length === p.k, `${p.name} has ${p.kept.length} kept flags, not ${p.k}`);
      }
      break;
    case 'value-scores':
      need(result.scores.length === L, `${result.scores.length} scores, not ${L}`);
      need(result.scores.every(Number.isFinite), 'a score is not finite');
      break;
    case 'value-embedding':
      need(result.vectors.length === L * result.dims, `expected ${L} × ${result.dims}`);
      break;
    case 'object-embedding':
      need(result.n === n, `n = ${result.n}, not ${n}`);
      if (result.form === 'dense') need(result.data.length === n * result.dims, 'bad dense size');
      else {
        need(result.blockWidth.length === D, `${result.blockWidth.length} blocks, not ${D}`);
        need(result.vectorStart.length === L, `${result.vectorStart.length} value vectors`);
        let width = 0;
        for (const w of result.blockWidth) width += w;
        need(width === result.dims, `blocks sum to ${width}, not dims ${result.dims}`);
      }
      break;
    case 'object-distance':
      need(result.n === n, `n = ${result.n}, not ${n}`);
      if (result.form === 'mismatch') need(result.weights.length === D, 'one weight per attribute');
      else {
        const cells = shape.valueCounts.reduce((s, m) => s + m * m, 0);
        need(result.tables.length === cells, `${result.tables.length} table cells, not ${cells}`);
        need(result.tableStart.length === D, 'one table per attribute');
      }
      break;
    case 'object-similarity': {
      need(result.n === n, `n = ${result.n}, not ${n}`);
      const cells = shape.valueCounts.reduce((s, m) => s + m * m, 0);
      need(result.tables.length === cells, `${result.tables.length} table cells, not ${cells}`);
      need(result.tableStart.length === D, 'one table per attribute');
      break;
    }
    case 'object-partition':
      need(result.labels.length === n, `${result.labels.length} labels, not ${n}`);
      need(labelsIn(result.labels, result.k), `labels outside 0..${result.k - 1}`);
      break;
    case 'object-scores':
      need(result.scores.length === n, `${result.scores.length} scores, not ${n}`);
      need(result.scores.every(Number.isFinite), 'a score is not finite');
      break;
    case 'attribute-impacts':
      need(result.values.length === D, `${result.values.length} values, not ${D} attributes`);
      break;
    case 'object-impacts':
      need(
        result.n === n && result.dims === D,
        `expected ${n} × ${D}, got ${result.n} × ${result.dims}`,
      );
      need(result.values.length === n * D, `${result.values.length} values, not ${n} × ${D}`);
      need(result.values.every(Number.isFinite), 'an impact is not finite');
      break;
    case 'object-explanations':
      need(
        result.n === n && result.dims === D,
        `expected ${n} × ${D}, got ${result.n} × ${result.dims}`,
      );
      need(result.values.length === n * D, `${result.values.length} terms, not ${n} × ${D}`);
      need(result.values.every(Number.isFinite), 'a term is not finite');
      break;
    case 'curves':
      for (const s of result.series) need(s.x.length === s.y.length, `${s.name}: x and y differ`);
      break;
    case 'kernel-weights':
      need(result.weights.length === result.spaces.length, 'one weight per kernel space');
      need(
        result.weights.every((w) => Number.isFinite(w) && w >= 0),
        'a weight is negative or not finite',
      );
      break;
    case 'coupling-spaces':
      need(result.attributes.length === D, `${result.attributes.length} attributes, not ${D}`);
      result.attributes.forEach((a, j) => {
        const m = shape.valueCounts[j] ?? 0;
        need(a.intra.length === m, `attribute ${j}: ${a.intra.length} intra vectors, not ${m}`);
        need(
          a.inter.length === m * a.columns.length,
          `attribute ${j}: ${a.inter.length} inter cells, not ${m} × ${a.columns.length}`,
        );
        need(
          a.intra.every((x) => x >= 0 && x <= 1) && a.inter.every((x) => x >= 0 && x <= 1),
          `attribute ${j}: a probability outside [0, 1]`,
        );
      });
      break;
    case 'measures':
    case 'table':
      break;
  }
  return problems;
}

type Cloneable = Result | Results | unknown;

/**
 * A deep copy of a result record whose typed arrays are all fresh, with the list of their
 * buffers: exactly what may be transferred to another thread without detaching a cached array.
 */
export function copyForTransfer<T extends Cloneable>(
  value: T,
): { copy: T; buffers: ArrayBuffer[] } {
  const buffers: ArrayBuffer[] = [];
  const copy = (x: unknown): unknown => {
    if (ArrayBuffer.isView(x)) {
      const fresh = (x as unknown as { slice(): ArrayBufferView }).slice();
      buffers.push(fresh.buffer as ArrayBuffer);
      return fresh;
    }
    if (Array.isArray(x)) return x.map(copy);
    if (x !== null && typeof x === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) out[k] = copy(v);
      return out;
    }
    return x;
  };
  return { copy: copy(value) as T, buffers };
}

/** Bytes held by typed arrays under a value (for cache budgets). */
export function bytesOf(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((s: number, x) => s + bytesOf(x), 0);
  if (value !== null && typeof value === 'object')
    return Object.values(value).reduce((s: number, x) => s + bytesOf(x), 0);
  return 0;
}
