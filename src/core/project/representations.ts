import type { Counts } from '../counts/counts.ts';
import { principalProjection } from '../embedding/principal.ts';
import { objectValues, type ObjectEmbedding } from '../embedding/objectEmbedding.ts';
import { scaledSteps, type Steps } from '../jobs.ts';
import { cdeSteps, type CdeOptions } from '../methods/cde.ts';
import { idfEncoding, oneHot, oneHotPca } from '../methods/encodings.ts';
import type { CategoricalTable } from '../table/types.ts';
import { embeddingInput, type ProjectionInput } from './input.ts';

/**
 * What can be projected: every object embedding in the product, and distances between objects
 * for methods that only define a (dis)similarity. Method issues add theirs here (UNTIE, CASO,
 * DILCA …).
 */
export const REPRESENTATIONS = [
  { id: 'cde', title: 'CDE embedding', kind: 'embedding' },
  { id: 'onehot', title: '0-1 (one-hot)', kind: 'embedding' },
  { id: 'onehot-pca', title: '0-1P (one-hot + PCA)', kind: 'embedding' },
  { id: 'idf', title: 'IDF', kind: 'embedding' },
  { id: 'hamming', title: 'Hamming distance', kind: 'distance' },
] as const;

export type RepresentationId = (typeof REPRESENTATIONS)[number]['id'];

export interface RepresentationOptions {
  /** CDE's options (its seed defaults to `seed`). */
  cde?: CdeOptions;
  /** 0-1P's range filter. */
  beta?: number;
  seed?: number;
}

export interface Representation {
  id: RepresentationId;
  title: string;
  input: ProjectionInput;
  /** Vector dimensions, or null for a distance-only representation. */
  dims: number | null;
  /** The objects on their first two principal components (embeddings only). */
  principal: (() => Float64Array) | null;
}

export function isRepresentation(id: unknown): id is RepresentationId {
  return REPRESENTATIONS.some((r) => r.id === id);
}

export function* representationSteps(
  table: CategoricalTable,
  counts: Counts,
  id: RepresentationId,
  options: RepresentationOptions = {},
): Steps<Representation> {
  const spec = REPRESENTATIONS.find((r) => r.id === id);
  if (!spec)
    throw new RangeError(
      `unknown representation “${String(id)}” (${REPRESENTATIONS.map((r) => r.id).join(', ')})`,
    );
  if (id === 'hamming')
    return { id, title: spec.title, input: hammingInput(table), dims: null, principal: null };
  let embedding: ObjectEmbedding;
  if (id === 'cde') {
    const cde = yield* scaledSteps(
      cdeSteps(table, counts, { seed: options.seed ?? 0, ...options.cde }),
      0,
      1,
      'CDE: ',
    );
    embedding = cde.objectEmbedding;
  } else if (id === 'onehot') embedding = oneHot(table);
  else if (id === 'onehot-pca') embedding = oneHotPca(table, counts, options.beta).embedding;
  else embedding = idfEncoding(table, counts);
  return {
    id,
    title: spec.title,
    input: embeddingInput(embedding),
    dims: embedding.dims,
    principal: () => principalProjection(embedding, counts, 2).coordinates,
  };
}

/** The number of attributes on which two objects differ (the simple matching distance). */
export function hammingInput(table: CategoricalTable): ProjectionInput {
  const D = table.attributes.length;
  const codes = objectValues(table);
  return {
    kind: 'distance',
    n: table.nRows,
    distance(i, j) {
      let d = 0;
      for (let a = 0; a < D; a++) if (codes[i * D + a] !== codes[j * D + a]) d++;
      return d;
    },
  };
}
