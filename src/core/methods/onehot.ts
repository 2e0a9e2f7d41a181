import { objectValues, type ValueConcatEmbedding } from '../embedding/objectEmbedding.ts';
import { embeddingResult } from '../platform/representation.ts';
import { defineMethod } from '../platform/spec.ts';
import type { CategoricalTable } from '../table/types.ts';
import { CURE_PAPER } from './cureShared.ts';

/** 0-1: attribute f becomes |V_f| indicator columns. */
export function oneHot(table: CategoricalTable): ValueConcatEmbedding {
  const D = table.attributes.length;
  const L = table.nValues;
  const blockWidth = Int32Array.from(table.attributes, (a) => a.labels.length);
  const blockStart = new Int32Array(D);
  const vectorStart = new Int32Array(L);
  let start = 0;
  let cells = 0;
  table.attributes.forEach((attr, a) => {
    blockStart[a] = start;
    start += attr.labels.length;
    for (let k = 0; k < attr.labels.length; k++) {
      vectorStart[attr.offset + k] = cells;
      cells += attr.labels.length;
    }
  });
  const vectors = new Float64Array(cells);
  table.attributes.forEach((attr) => {
    for (let k = 0; k < attr.labels.length; k++)
      vectors[(vectorStart[attr.offset + k] as number) + k] = 1;
  });
  return {
    kind: 'values',
    nObjects: table.nRows,
    dims: L,
    blockWidth,
    blockStart,
    vectorStart,
    vectors,
    objectValues: objectValues(table),
    valueAttribute: table.valueAttribute,
  };
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
  // eslint-disable-next-line require-yield
  *run(context) {
    return { embedding: embeddingResult(oneHot(context.table), '0-1 (one-hot)') };
  },
});
