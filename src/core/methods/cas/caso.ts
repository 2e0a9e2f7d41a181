import { summedDistance } from '../../platform/valueTables.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { ObjectSimilarity } from '../../platform/results.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { CAS_PAPER, CAS_PARAMETERS } from './cas.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';

/**
 * CASO (coupled attribute similarity, Wang et al. 2015, Eq. (15)) as a distance, so projections, k-modes and the evaluations can take
 * it: per attribute d(x, y) = (CASV(x, x) + CASV(y, y))/2 − CASV(x, y), summed over attributes.
 * CASV(x, x) is not 1 (IaASV of a value with itself is g/(g + 2)), so 1 − CASV would not give
 * d(u, u) = 0; this form does, and is never negative: IeASV(x, y) ≤ 1 = IeASV(x, x), and
 * IaASV(x, y) = 1/(1/g_x + 1/g_y + 1) is at most the mean of the two self-similarities because
 * t ↦ 1/(t + 1) is convex. The similarity itself stays available from the cas method.
 */
export const casoMethod = defineMethod({
  id: 'caso',
  title: 'CASO (as a distance)',
  role: 'method',
  order: 6.55,
  paper: CAS_PAPER,
  where: 'Eq. (15), turned into a distance',
  description: 'The coupled object similarity as a distance: self-similarities minus CASV',
  parameters: CAS_PARAMETERS,
  produces: ['object-distance'],
  reads: 'counts',
  check: (table) => checkCouplingSize(table, 'CASO'),
  *run(context, options) {
    const cas = yield* context.require({ method: 'cas', options });
    const caso = cas.results.caso as ObjectSimilarity;
    return {
      distance: summedDistance(
        context.table,
        distanceTables(context.table, caso),
        caso.tableStart,
        `CASO distance (IRS${options.irs})`,
        ['Σ_j (CASV(x, x) + CASV(y, y))/2 − CASV(x, y): 0 for identical objects, never negative'],
      ),
    };
  },
});

function distanceTables(table: CategoricalTable, s: ObjectSimilarity): Float64Array {
  const out = new Float64Array(s.tables.length);
  table.attributes.forEach((attr, j) => {
    const m = attr.labels.length;
    const start = s.tableStart[j] as number;
    const at = (x: number, y: number): number => s.tables[start + x * m + y] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++)
        out[start + x * m + y] = x === y ? 0 : Math.max(0, (at(x, x) + at(y, y)) / 2 - at(x, y));
  });
  return out;
}
