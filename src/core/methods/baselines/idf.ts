import type { Counts } from '../../data/counts/counts.ts';
import {
  uniformValueEmbedding,
  type ValueConcatEmbedding,
} from '../../platform/objectEmbedding.ts';
import { embeddingResult } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { CURE_PAPER } from '../cure/cureShared.ts';

/** IDF: one column per attribute holding log(n / count(v)) of the object's value. */
export function idfEncoding(table: CategoricalTable, counts: Counts): ValueConcatEmbedding {
  const n = counts.nRows;
  const idf = Float64Array.from(counts.cooccurrence.valueCounts, (c) =>
    c > 0 ? Math.log(n / c) : 0,
  );
  return uniformValueEmbedding(table, idf, 1);
}

export const idfMethod = defineMethod({
  id: 'idf',
  title: 'IDF',
  role: 'method',
  order: 5,
  paper: CURE_PAPER,
  where: 'Sec. 6.1.1 (baseline: each value ↦ log(n / count))',
  description: 'Inverse document frequency: each value ↦ log(n / count(v))',
  parameters: [],
  produces: ['object-embedding'],
  reads: 'counts',
  // eslint-disable-next-line require-yield
  *run(context) {
    return { embedding: embeddingResult(idfEncoding(context.table, context.counts), 'IDF') };
  },
});
