import { addTables, ofdTables } from './baselineTables.ts';
import { blockMatrix, summedDistance } from '../../platform/valueTables.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { casModelSteps, checkIrsp } from './casModel.ts';
import { parseWeights } from './weights.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';
import { CAS_PARAMETERS } from './casParameters.ts';
import { defineMethod } from '../../platform/spec.ts';

export const CAS_PAPER =
  'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)';

/**
 * Coupled attribute similarity (Wang et al. 2015): IaASV (Eq. 5) × IeASV (Eq. 13) = CASV (Eq. 14) for
 * every pair of values of each attribute, computed once from the shared counts; CADO (Eq. 16)
 * as an object distance evaluated on demand (a sum of table look-ups, no n × n matrix).
 */
export const casMethod = defineMethod({
  id: 'cas',
  title: 'Coupled attribute similarity',
  role: 'method',
  order: 6.5,
  paper: CAS_PAPER,
  where: 'Secs. IV-VII, Eqs. (5), (8)-(16)',
  description:
    'Value similarity within (IaASV) and across attributes (IeASV); CADO between objects',
  parameters: CAS_PARAMETERS,
  produces: ['value-matrix', 'object-distance', 'object-similarity'],
  reads: 'counts',
  check(table, options) {
    checkCouplingSize(table, 'CAS');
    if (options.irs === 'P') checkIrsp(table);
    parseWeights(table, options.weights);
  },
  *run(context, options) {
    const { table } = context;
    const model = yield* casModelSteps(table, context.counts, {
      irs: options.irs,
      weights: parseWeights(table, options.weights),
    });
    if (model.selfCoupled)
      context.warn(
        'one attribute: no other attribute couples with it, so IeASV is its self-coupling [x = y] (Sec. IX)',
      );
    const irs = `IRS${options.irs}`;
    const counts = Float64Array.from(context.counts.cooccurrence.valueCounts);
    const terms = (part: 'intra' | 'inter' | 'casv') => ({
      kind: 'cas-tables' as const,
      part,
      counts,
    });
    const matrices = {
      intra: blockMatrix(table, model.intra, model.tableStart, {
        title: 'IaASV — intra-coupled similarity',
        meaning: 'similarity',
        formula: '|G(x)|·|G(y)| / (|G(x)| + |G(y)| + |G(x)|·|G(y)|)',
        notes: [
          'Eq. (5), Wang et al. 2015 (coupled attribute similarity): from the two values’ frequencies',
        ],
        terms: terms('intra'),
      }),
      inter: blockMatrix(table, model.inter, model.tableStart, {
        title: `IeASV — inter-coupled similarity (${irs})`,
        meaning: 'similarity',
        formula: 'Σ_{k≠j} α_k δ_{j|k}(x, y)',
        notes: [
          'Eq. (13), Wang et al. 2015 (coupled attribute similarity): how alike the two values’ co-occurrences with the other attributes are',
        ],
        terms: terms('inter'),
      }),
      casv: blockMatrix(table, model.casv, model.tableStart, {
        title: 'CASV — coupled similarity',
        meaning: 'similarity',
        formula: 'IaASV · IeASV',
        notes: ['Eq. (14), Wang et al. 2015 (coupled attribute similarity)'],
        terms: terms('casv'),
      }),
      // The value dissimilarities Wang et al. 2015 (coupled attribute similarity) compares (Sec. VIII-A), beside CADO's.
      cadoValues: blockMatrix(table, model.cado, model.tableStart, {
        title: 'CADO — value dissimilarity',
        meaning: 'dissimilarity',
        formula: '(1/IaASV − 1)·(1 − IeASV)',
        notes: ['Eq. (16), Wang et al. 2015 (coupled attribute similarity)'],
      }),
      smd: blockMatrix(table, mismatchTables(table, model.tableStart), model.tableStart, {
        title: 'SMD — simple matching',
        meaning: 'dissimilarity',
        formula: '[x ≠ y]',
      }),
      ofd: blockMatrix(table, ofdTables(context.counts, model), model.tableStart, {
        title: 'OFD — occurrence frequency',
        meaning: 'dissimilarity',
        formula: '1 − 1/(1 + log(N/|G(x)|)·log(N/|G(y)|))',
      }),
      add: blockMatrix(
        table,
        addTables(model, context.counts.cooccurrence.sizes),
        model.tableStart,
        {
          title: 'ADD — Ahmad & Dey',
          meaning: 'dissimilarity',
          formula: '1 − IeASV',
        },
      ),
    };
    return {
      ...Object.fromEntries(Object.entries(matrices).filter(([, m]) => m !== null)),
      caso: {
        kind: 'object-similarity',
        title: `CASO (${irs})`,
        n: table.nRows,
        tables: model.casv,
        tableStart: model.tableStart,
        notes: ['Σ_j CASV_j(x_j, y_j) (Eq. (15), Wang et al. 2015 (coupled attribute similarity))'],
      },
      cado: summedDistance(table, model.cado, model.tableStart, `CADO (${irs})`, [
        'Σ_j h1(IaASV)·h2(IeASV), h1(t) = 1/t − 1, h2(t) = 1 − t (Eq. (16), Wang et al. 2015 (coupled attribute similarity))',
      ]),
    };
  },
});

/** The simple matching dissimilarity as value tables: 1 between different values. */
function mismatchTables(table: CategoricalTable, tableStart: Int32Array): Float64Array {
  const last = table.attributes.length - 1;
  const out = new Float64Array(
    last >= 0
      ? (tableStart[last] as number) + (table.attributes[last]?.labels.length ?? 0) ** 2
      : 0,
  );
  table.attributes.forEach((attr, j) => {
    const m = attr.labels.length;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++) if (x !== y) out[(tableStart[j] as number) + x * m + y] = 1;
  });
  return out;
}

export { CAS_PARAMETERS };
