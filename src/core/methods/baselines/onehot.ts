import { blockEmbedding, type ValueConcatEmbedding } from '../../platform/objectEmbedding.ts';
import { embeddingResult } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { CURE_PAPER } from '../cure/cureShared.ts';

/** 0-1: attribute f becomes |V_f| indicator columns. */
export function oneHot(table: CategoricalTable): ValueConcatEmbedding {
  return blockEmbedding(
    table,
    Int32Array.from(table.attributes, (a) => a.labels.length),
    (_, u, out) => {
      out[u] = 1;
    },
  );
}

export const oneHotMethod = defineMethod({
  id: 'onehot',
  title: '0-1',
  role: 'method',
  order: 3,
  paper: CURE_PAPER,
  where: 'Sec. 6.1.1 (baseline: one indicator column per value)',
  description: 'One-hot encoding: one indicator column per value',
  parameters: [],
  produces: ['object-embedding'],
  reads: 'counts',
  // eslint-disable-next-line require-yield
  *run(context) {
    return { embedding: embeddingResult(oneHot(context.table), '0-1 (one-hot)') };
  },
});
