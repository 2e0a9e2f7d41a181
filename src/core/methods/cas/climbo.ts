import {
  climboValueClustering,
  limboPhiParameter,
  limboValueClustering,
} from '../../clustering/limbo.ts';
import type { ParameterSpec } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { ValuePartition, ValueTableDistance } from '../../platform/results.ts';
import { CAS_PAPER } from './cas.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';
import { COUPLING_VALUE_LIMIT } from '../cure/couplings.ts';

export const LIMBO_PARAMETERS = [
  {
    name: 'k',
    type: 'integer',
    default: 2,
    min: 1,
    max: COUPLING_VALUE_LIMIT,
    maxBecause: `LIMBO reads the coupling matrices (at most ${COUPLING_VALUE_LIMIT} values), and an attribute with fewer values than k keeps each alone, so a larger k changes nothing`,
    description: 'Clusters per attribute (an attribute with fewer values keeps each alone)',
  },
  limboPhiParameter(COUPLING_VALUE_LIMIT),
] as const satisfies readonly ParameterSpec[];

/**
 * Clustering the values of each attribute (coupled attribute similarity, Wang et al. 2015, Sec. VIII-C): LIMBO (Andritsos et al. 2004:
 * agglomerative information bottleneck on each value's context distribution over the other
 * attributes' values) and CLIMBO, the same agglomeration with CADO between clusters (frequency-
 * weighted average linkage). Both partitions of all the values, k clusters per attribute.
 */
export const limboMethod = defineMethod({
  id: 'limbo',
  title: 'LIMBO / CLIMBO',
  role: 'method',
  order: 6.8,
  paper: `Andritsos, Tsaparas, Miller, Sevcik, EDBT 2004; CLIMBO: ${CAS_PAPER}`,
  where: 'Wang et al. 2015 (coupled attribute similarity) Sec. VIII-C',
  description: 'Each attribute’s values clustered by their contexts (LIMBO) or by CADO (CLIMBO)',
  parameters: LIMBO_PARAMETERS,
  produces: ['value-partitions'],
  reads: 'counts',
  check: (table) => checkCouplingSize(table, 'LIMBO'),
  *run(context, options) {
    const { table, counts } = context;
    // CLIMBO's CADO tables from the cas method's results (computed once, shared with its views).
    const cas = yield* context.require({ method: 'cas' });
    const model = cas.results.cado as ValueTableDistance;
    const L = table.nValues;
    const partition = (
      name: string,
      cluster: (j: number, k: number) => Int32Array,
    ): ValuePartition => {
      const labels = new Int32Array(L);
      let next = 0;
      table.attributes.forEach((attr, j) => {
        const m = attr.labels.length;
        const k = Math.min(options.k, m);
        const local = cluster(j, k);
        for (let v = 0; v < m; v++) labels[attr.offset + v] = next + (local[v] as number);
        next += k;
      });
      return { name, k: next, labels, kept: new Uint8Array(next).fill(1) };
    };
    const c = counts.cooccurrence;
    const limbo = partition(`LIMBO k=${options.k}`, (j, k) =>
      table.attributes.length > 1
        ? limboValueClustering(counts, j, k, { phi: options.phi }).labels
        : Int32Array.from({ length: c.sizes[j] as number }, (_, v) => Math.min(v, k - 1)),
    );
    const climbo = partition(`CLIMBO k=${options.k}`, (j, k) => {
      const m = c.sizes[j] as number;
      const s = model.tableStart[j] as number;
      const offset = c.offsets[j] as number;
      return climboValueClustering(
        model.tables.subarray(s, s + m * m),
        m,
        c.valueCounts.subarray(offset, offset + m),
        k,
      ).labels;
    });
    return {
      partitions: {
        kind: 'value-partitions',
        title: 'Value clusters per attribute: LIMBO and CLIMBO',
        partitions: [limbo, climbo],
        notes: [
          'LIMBO: agglomerative information bottleneck on each value’s context; CLIMBO: the same with CADO (Eq. 16) between clusters',
        ],
      },
    };
  },
});
