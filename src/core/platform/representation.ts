import type { Counts } from '../data/counts/counts.ts';
import { objectValues, type ObjectEmbedding } from './objectEmbedding.ts';
import { principalProjection, type PrincipalProjection } from './principal.ts';
import type { Steps } from '../base/jobs.ts';
import { localCodes, mismatchTables, type AdditiveDistance } from './additiveDistance.ts';
import { embeddingInput, type ProjectionInput } from './projectionInput.ts';
import type {
  ObjectDistance,
  ObjectEmbeddingResult,
  Result,
  ResultKind,
  ResultOfKind,
} from './results.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import { ResultCache } from './cache.ts';
import { resolveCall } from './calls.ts';
import { methodSpec } from './registry.ts';
import { runCall } from './run.ts';
import type { Call, MethodContext, MethodOutput, ResolvedCall } from './spec.ts';
import { badOption } from '../base/errors.ts';

/**
 * Representations of objects — an object embedding, or an object distance evaluated on demand —
 * as the generic steps use them (projections, k-means, evaluations). A method producing either
 * kind is a representation; nothing here knows which method it came from.
 */
export type Representation = ObjectEmbeddingResult | ObjectDistance;

export const REPRESENTATION_KINDS = ['object-embedding', 'object-distance'] as const;

/** The input's chosen result: the one it names, else the first of an accepted kind. */
export function pickResult<K extends ResultKind>(
  output: MethodOutput,
  ref: ResolvedCall,
  accepts: readonly K[],
): ResultOfKind<K> {
  const entries = Object.entries(output.results);
  const found =
    ref.result !== undefined
      ? entries.find(([name]) => name === ref.result)
      : entries.find(([, r]) => (accepts as readonly string[]).includes(r.kind));
  const title = methodSpec(ref.method).title;
  if (!found)
    throw badOption(
      ref.result !== undefined
        ? `${title} has no result “${ref.result}” (${entries.map(([n]) => n).join(', ')})`
        : `${title} produced no ${accepts.join(' or ')}`,
    );
  const result = found[1] as Result;
  if (!(accepts as readonly string[]).includes(result.kind))
    throw badOption(`${title}'s “${found[0]}” is a ${result.kind}, not ${accepts.join(' or ')}`);
  return result as ResultOfKind<K>;
}

/** Computes (or reuses) an input call and returns its representation result. */
export function* requireRepresentation(
  context: MethodContext,
  ref: ResolvedCall,
): Steps<Representation> {
  const output = yield* context.require(ref);
  return pickResult(output, ref, REPRESENTATION_KINDS);
}

/** The embedding with the objects' value codes from the table (a `values` result stores none). */
export function hydrateEmbedding(
  result: ObjectEmbeddingResult,
  table: CategoricalTable,
  objectValues: Int32Array,
): ObjectEmbedding {
  if (result.form === 'dense')
    return { kind: 'dense', nObjects: result.n, dims: result.dims, data: result.data };
  return {
    kind: 'values',
    nObjects: result.n,
    dims: result.dims,
    blockWidth: result.blockWidth,
    blockStart: result.blockStart,
    vectorStart: result.vectorStart,
    vectors: result.vectors,
    objectValues,
    valueAttribute: table.valueAttribute,
  };
}

/** An embedding as a result (a `values` embedding drops its per-object codes). */
export function embeddingResult(
  e: ObjectEmbedding,
  title: string,
  notes?: string[],
): ObjectEmbeddingResult {
  const base = {
    kind: 'object-embedding' as const,
    title,
    n: e.nObjects,
    dims: e.dims,
    ...(notes ? { notes } : {}),
  };
  if (e.kind === 'dense') return { ...base, form: 'dense', data: e.data };
  return {
    ...base,
    form: 'values',
    blockWidth: e.blockWidth,
    blockStart: e.blockStart,
    vectorStart: e.vectorStart,
    vectors: e.vectors,
  };
}

/**
 * Σ over attributes of a per-attribute m_a × m_a value table's entry for two objects' values:
 * a 'sum' object distance (CADO, OFD …) or an object similarity (CASO), on demand.
 */
export function valueTableSum(
  table: CategoricalTable,
  tables: Float64Array,
  tableStart: Int32Array,
): (i: number, j: number) => number {
  const codes = table.attributes.map((a) => a.codes);
  const width = Int32Array.from(table.attributes, (a) => a.labels.length);
  const D = codes.length;
  return (i, j) => {
    let s = 0;
    for (let a = 0; a < D; a++) {
      const c = codes[a] as Int32Array;
      s += tables[
        (tableStart[a] as number) + (c[i] as number) * (width[a] as number) + (c[j] as number)
      ] as number;
    }
    return s;
  };
}

/** d(i, j) of an object distance, on demand. */
export function distanceFunction(
  result: ObjectDistance,
  table: CategoricalTable,
  objectValues: Int32Array,
): (i: number, j: number) => number {
  const D = table.attributes.length;
  const codes = objectValues;
  if (result.form === 'mismatch') {
    const w = result.weights;
    return (i, j) => {
      let d = 0;
      for (let a = 0; a < D; a++) if (codes[i * D + a] !== codes[j * D + a]) d += w[a] as number;
      return d;
    };
  }
  const { tables, tableStart, combine } = result;
  const offset = Int32Array.from(table.attributes, (a) => a.offset);
  const width = Int32Array.from(table.attributes, (a) => a.labels.length);
  const cell = (a: number, u: number, v: number): number =>
    tables[
      (tableStart[a] as number) +
        (u - (offset[a] as number)) * (width[a] as number) +
        (v - (offset[a] as number))
    ] as number;
  if (combine === 'sum') return valueTableSum(table, tables, tableStart);
  return (i, j) => {
    let s = 0;
    for (let a = 0; a < D; a++) {
      const t = cell(a, codes[i * D + a] as number, codes[j * D + a] as number);
      s += t * t;
    }
    return Math.sqrt(s);
  };
}

/**
 * An object distance as per-attribute tables (project/additive.ts): Hamming's weights on the
 * off-diagonal, summed tables as they are, DILCA's √Σ t² as squared tables under a root.
 */
export function additiveDistance(
  result: ObjectDistance,
  table: CategoricalTable,
  objectValues: Int32Array,
): AdditiveDistance {
  const D = table.attributes.length;
  const codes = localCodes(
    objectValues,
    D,
    Int32Array.from(table.attributes, (a) => a.offset),
  );
  const width = Int32Array.from(table.attributes, (a) => a.labels.length);
  if (result.form === 'mismatch') return mismatchTables(codes, width, result.weights);
  const { tables, tableStart, combine } = result;
  if (combine === 'sum') return { D, codes, tables, tableStart, width, root: false };
  return { D, codes, tables: tables.map((t) => t * t), tableStart, width, root: true };
}

/** What a projection is computed from, and the objects' principal layout when they are vectors. */
export interface ProjectionSourceOf {
  input: ProjectionInput;
  /** The objects on their first two principal components (n × 2), or null for a distance. */
  principal: (() => Float64Array) | null;
  /** Share of the embedding's variance on those two components. */
  explained: (() => [number, number]) | null;
  /** Dimensions of the embedding, null for a distance. */
  dims: number | null;
}

const inputs = new WeakMap<Representation, ProjectionInput>();

/**
 * The representation's objects as a projection input, one per result: every step reading the
 * same cached result gets the same input, so what one step learnt of it (the NN-descent graph of
 * a t-SNE, neighbours/graphMemo.ts) is there for the next (the neighbours of an object).
 */
export function inputOf(
  representation: Representation,
  table: CategoricalTable,
  objectValues: Int32Array,
): ProjectionInput {
  let input = inputs.get(representation);
  if (!input) {
    input =
      representation.kind === 'object-distance'
        ? {
            kind: 'distance',
            n: representation.n,
            distance: distanceFunction(representation, table, objectValues),
            additive: additiveDistance(representation, table, objectValues),
            // The distance reads nothing but the value codes: equal rows are identical objects.
            rows: { codes: objectValues, width: table.attributes.length },
          }
        : embeddingInput(hydrateEmbedding(representation, table, objectValues));
    inputs.set(representation, input);
  }
  return input;
}

export function projectionSource(
  representation: Representation,
  table: CategoricalTable,
  counts: Counts,
  objectValues: Int32Array,
): ProjectionSourceOf {
  if (representation.kind === 'object-distance')
    return {
      input: inputOf(representation, table, objectValues),
      principal: null,
      explained: null,
      dims: null,
    };
  const embedding = hydrateEmbedding(representation, table, objectValues);
  let pca: PrincipalProjection | null = null;
  const principal = (): PrincipalProjection => (pca ??= principalProjection(embedding, counts, 2));
  return {
    input: inputOf(representation, table, objectValues),
    principal: () => twoColumns(principal(), embedding.nObjects),
    explained: () => {
      const p = principal();
      const share = (j: number): number =>
        p.totalVariance > 0 ? (p.variances[j] ?? 0) / p.totalVariance : 0;
      return [share(0), share(1)];
    },
    dims: embedding.dims,
  };
}

/**
 * The layout as n × 2: a one-dimensional embedding gets a zero second axis, and one with no
 * dimensions (every object the same, e.g. CDE of identical rows) is every object at the origin.
 */
function twoColumns(p: PrincipalProjection, n: number): Float64Array {
  if (p.components === 2) return p.coordinates;
  const out = new Float64Array(n * 2);
  if (p.components === 1) for (let i = 0; i < n; i++) out[i * 2] = p.coordinates[i] as number;
  return out;
}

/**
 * A method's representation of a table, computed outside any session (benchmarks, tests): the
 * call runs against a cache of its own and comes back as a projection source.
 */
export function* standaloneRepresentation(
  table: CategoricalTable,
  counts: Counts,
  call: Call,
): Steps<ProjectionSourceOf & { representation: Representation }> {
  const resolved = resolveCall(call);
  const output = yield* runCall({ table, counts, cache: new ResultCache() }, resolved);
  const representation = pickResult(output, resolved, REPRESENTATION_KINDS);
  return {
    ...projectionSource(representation, table, counts, objectValues(table)),
    representation,
  };
}
