import { addTables, ofdTables } from './baselineTables.ts';
import { casModelSteps } from './casModel.ts';
import { summedDistance } from '../../platform/valueTables.ts';
import { defineMethod } from '../../platform/spec.ts';
import { CAS_PAPER } from './cas.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';

/** OFD, the occurrence-frequency dissimilarity (coupled attribute similarity, Wang et al. 2015, Sec. VIII-A's second baseline). */
export const ofdMethod = defineMethod({
  id: 'ofd',
  title: 'OFD',
  role: 'method',
  order: 6.6,
  paper: `Boriah, Chandola, Kumar, SDM 2008, as a baseline of ${CAS_PAPER}`,
  where: 'Sec. VIII-A',
  description: 'Occurrence-frequency dissimilarity: mismatches on rare values cost less',
  parameters: [],
  produces: ['object-distance'],
  reads: 'counts',
  *run(context) {
    const { table, counts } = context;
    const tableStart = new Int32Array(table.attributes.length);
    let cells = 0;
    table.attributes.forEach((a, j) => {
      tableStart[j] = cells;
      cells += a.labels.length ** 2;
    });
    yield { fraction: 0.5, message: 'OFD value dissimilarities…' };
    return {
      distance: summedDistance(table, ofdTables(counts, { tableStart }), tableStart, 'OFD', [
        'Σ_j (0 if equal, else 1 − 1/(1 + log(N/|G(x)|)·log(N/|G(y)|)))',
      ]),
    };
  },
});

/** ADD, Ahmad and Dey's dissimilarity (coupled attribute similarity, Wang et al. 2015, Sec. VIII-A's third baseline). */
export const addMethod = defineMethod({
  id: 'add',
  title: 'ADD',
  role: 'method',
  order: 6.7,
  paper: `Ahmad, Dey, DKE 2007, as a baseline of ${CAS_PAPER}`,
  where: 'Secs. VI, VIII-A, IX',
  description:
    'Ahmad–Dey dissimilarity: how differently two values co-occur with the other attributes',
  parameters: [],
  produces: ['object-distance'],
  reads: 'counts',
  check: (table) => checkCouplingSize(table, 'ADD'),
  *run(context) {
    const { table, counts } = context;
    const model = yield* casModelSteps(table, counts, { irs: 'I' });
    return {
      distance: summedDistance(
        table,
        addTables(model, counts.cooccurrence.sizes),
        model.tableStart,
        'ADD',
        ['Σ_j mean over k ≠ j of max_W P(W|x) − P(W|y) = Σ_j (1 − IeASV_j), equal values 0'],
      ),
    };
  },
});
