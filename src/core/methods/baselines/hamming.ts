import { defineMethod } from '../../platform/spec.ts';

/**
 * Hamming distance — the simple matching dissimilarity (SMD of Wang et al. 2015 (coupled attribute similarity), Sec. VIII-A): the
 * number of attributes on which two objects differ. A distance only, evaluated on demand.
 */
export const hammingMethod = defineMethod({
  id: 'hamming',
  title: 'Hamming',
  role: 'method',
  order: 6,
  paper: 'Simple matching dissimilarity (SMD), the baseline of Wang et al. 2015',
  where: 'Sec. VIII-A',
  description: 'The number of attributes on which two objects differ',
  parameters: [],
  produces: ['object-distance'],
  reads: 'counts',
  // eslint-disable-next-line require-yield
  *run(context) {
    return {
      distance: {
        kind: 'object-distance',
        title: 'Hamming distance',
        form: 'mismatch',
        n: context.table.nRows,
        weights: new Float64Array(context.table.attributes.length).fill(1),
      },
    };
  },
});
