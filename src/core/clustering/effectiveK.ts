import type { ObjectEmbedding } from '../platform/objectEmbedding.ts';

/** How k was settled: the k asked for, the k used, and why they differ. */
export interface EffectiveK {
  /** The k used: min(requestedK, distinctObjects). */
  k: number;
  requestedK: number;
  /** Distinct object vectors, counted up to requestedK (exact when below it). */
  distinctObjects: number;
  /** Non-empty when k was lowered. */
  warnings: string[];
}

/** k = min(requested, distinct objects), with a warning when lowered. */
export function effectiveK(
  embedding: ObjectEmbedding,
  requestedK: number,
  embeddingName?: string,
): EffectiveK {
  const what = embeddingName ? `the ${embeddingName} embedding` : 'the embedding';
  return lowerK(requestedK, countDistinctObjects(embedding, requestedK), what);
}

/**
 * k lowered to the number of distinct objects of `what` (k-means or k-modes cannot find more
 * clusters), with the reason for the user.
 */
export function lowerK(requestedK: number, distinct: number, what: string): EffectiveK {
  if (distinct >= requestedK || distinct === 0)
    return { k: requestedK, requestedK, distinctObjects: distinct, warnings: [] };
  return {
    k: distinct,
    requestedK,
    distinctObjects: distinct,
    warnings: [
      `k = ${requestedK} lowered to ${distinct}: ${what} has only ${distinct} distinct object${distinct === 1 ? '' : 's'}`,
    ],
  };
}

/**
 * Distinct object vectors of an embedding, counted up to `limit` (the count stops there). For a
 * value concatenation, values of one attribute with identical vectors count as one, and objects are
 * compared by those classes (no object vector is built); dense rows are compared whole. Equality is
 * exact, the same test under which k-means++ finds no further object to seed a centre at.
 */
export function countDistinctObjects(embedding: ObjectEmbedding, limit = Infinity): number {
  const n = embedding.nObjects;
  const seen = new Set<string>();
  if (embedding.kind === 'dense') {
    const { data, dims } = embedding;
    for (let i = 0; i < n && seen.size < limit; i++)
      seen.add(data.subarray(i * dims, (i + 1) * dims).join(','));
    return seen.size;
  }
  const { blockWidth, vectorStart, vectors, valueAttribute, objectValues } = embedding;
  const D = blockWidth.length;
  const L = vectorStart.length;
  // Class of each value: the first value of its attribute with the same vector.
  const classOf = new Int32Array(L);
  const firstWith = new Map<string, number>();
  for (let v = 0; v < L; v++) {
    const a = valueAttribute[v] as number;
    const start = vectorStart[v] as number;
    const key = `${a}:${vectors.subarray(start, start + (blockWidth[a] as number)).join(',')}`;
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, v);
    classOf[v] = first ?? v;
  }
  const row = new Int32Array(D);
  for (let i = 0; i < n && seen.size < limit; i++) {
    for (let a = 0; a < D; a++) row[a] = classOf[objectValues[i * D + a] as number] as number;
    seen.add(row.join(','));
  }
  return seen.size;
}
