import { IRS_VARIANTS } from './irs.ts';
import { casModelSteps, checkIrsp, type CasModel } from './casModel.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { Cell } from '../../platform/results.ts';

/**
 * Wang et al. 2015 (coupled attribute similarity) Sec. VI and Table X, measured: the four inter-coupled relative similarities computed
 * side by side on the loaded table — the conditional probabilities each reads and its time — and
 * the largest difference of its IeASV from IRSI's (Theorem 6.1 says 0).
 */
export const compareIrsStep = defineMethod({
  id: 'compare-irs',
  title: 'IRS variants compared',
  role: 'step',
  order: 26,
  paper: 'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)',
  where: 'Sec. VI, Theorem 6.1, Table X',
  description: 'IRSP, IRSU, IRSJ and IRSI side by side: operations, time, agreement',
  parameters: [],
  produces: ['table'],
  reads: 'counts',
  check: (table) => checkCouplingSize(table, 'the IRS comparison'),
  *run(context) {
    const { table } = context;
    let powerSet = true;
    try {
      checkIrsp(table);
    } catch {
      powerSet = false;
    }
    const variants = IRS_VARIANTS.filter((v) => powerSet || v !== 'P');
    const models = new Map<string, CasModel>();
    // IRSI first: the others are compared with it.
    for (const [i, v] of ['I' as const, ...variants.filter((x) => x !== 'I')].entries())
      models.set(
        v,
        yield* scaledSteps(
          casModelSteps(table, context.counts, { irs: v }),
          i / variants.length,
          (i + 1) / variants.length,
        ),
      );
    const reference = models.get('I') as CasModel;
    const rows: Record<string, Cell>[] = IRS_VARIANTS.map((v) => {
      const m = models.get(v);
      if (!m)
        return {
          variant: `IRS${v}`,
          icp: null,
          ratio: null,
          seconds: null,
          difference: null,
          note: 'refused: an attribute has more than 16 values (2^|V_k| subsets)',
        };
      let difference = 0;
      for (let q = 0; q < m.inter.length; q++)
        difference = Math.max(
          difference,
          Math.abs((m.inter[q] as number) - (reference.inter[q] as number)),
        );
      return {
        variant: `IRS${v}`,
        icp: m.icp,
        ratio: m.icp / Math.max(1, reference.icp),
        seconds: m.seconds,
        difference: difference.toExponential(1),
        note: null,
      };
    });
    return {
      table: {
        kind: 'table',
        title: 'The four inter-coupled relative similarities (Theorem 6.1, Table X)',
        columns: [
          { key: 'variant', title: 'variant' },
          { key: 'icp', title: 'conditional probabilities read' },
          { key: 'ratio', title: '× IRSI' },
          { key: 'seconds', title: 'seconds' },
          { key: 'difference', title: 'largest |IeASV − IeASV(IRSI)|' },
          { key: 'note', title: 'note' },
        ],
        rows,
        notes: [
          'all four give the same IeASV (Theorem 6.1); they differ in how many probabilities they read: 2^|V_k| subsets (P), every value (U), the union (J) or the intersection (I) of the two values’ co-occurring values',
        ],
      },
    };
  },
});
