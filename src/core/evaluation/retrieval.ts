import type { CategoricalTable } from '../data/table/types.ts';
import { checkClasses } from './classPreconditions.ts';
import { precisionByObject } from './epsGamma.ts';
import { weightedMean } from './bootstrap.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import {
  fitCell,
  measuredQuality,
  qualityResults,
  QUALITY_INPUTS,
  QUALITY_SAMPLE_PARAMETERS,
} from './qualityInputs.ts';
import { badOption } from '../base/errors.ts';

function parseKs(text: string | null): number[] {
  const ks = (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map(Number);
  if (ks.length === 0 || ks.some((k) => !Number.isInteger(k) || k < 1))
    throw badOption(`ks: give whole numbers ≥ 1, “1,5,10”, got “${text}”`);
  return ks;
}

/** Precision@k retrieval (UNTIE, Zhu et al. 2022, Sec. 6.3.2): the share of each object's k nearest neighbours of its class. */
export const retrievalStep = defineMethod({
  id: 'retrieval',
  board: [
    {
      column: 'p10',
      title: 'precision@10',
      help: 'share of the 10 nearest neighbours of an object’s class (UNTIE, Zhu et al. 2022)',
    },
  ],
  title: 'Precision@k',
  role: 'step',
  order: 28,
  paper:
    'Zhu et al. 2022, Unsupervised heterogeneous coupling learning for categorical representation (IEEE TPAMI)',
  where: 'Sec. 6.3.2',
  description: 'The share of each object’s k nearest neighbours that are of its class',
  parameters: [
    { name: 'ks', type: 'string', default: '1,5,10,20,50', description: 'Neighbourhood sizes k' },
    ...QUALITY_SAMPLE_PARAMETERS,
  ],
  inputs: QUALITY_INPUTS,
  produces: ['curves', 'table'],
  check(table, options) {
    checkClasses(table, 'precision@k');
    parseKs(options.ks);
  },
  *run(context, options, inputs) {
    const ks = parseKs(options.ks);
    // Judged at k = 10 (the paper's), else the largest k asked for.
    const judged = ks.includes(10) ? 10 : (ks[ks.length - 1] as number);
    const q = ks.indexOf(judged);
    const { rows, series, sampleNote, failures, noise } = yield* measuredQuality(
      context,
      inputs.methods as ResolvedCall[],
      options,
      (fits, classes) => {
        // Each fit's precision of every object at every k (object by object, k by k).
        const each = fits.map((item) => precisionByObject(item.d, classes, ks));
        const m = classes.length;
        // Each fit's precisions k by k (a column of objects each), taken apart once.
        const columns = each.map((p) =>
          ks.map((_, i) =>
            Float64Array.from({ length: m }, (_, a) => p[a * ks.length + i] as number),
          ),
        );
        const ones = new Int32Array(m).fill(1);
        const at = (weights: Int32Array) =>
          columns.map((fit) => Float64Array.from(fit, (column) => weightedMean(column, weights)));
        const precision = at(ones);
        return {
          cells: Object.fromEntries(
            ks.map((k, i) => [`p${k}`, fitCell(precision.map((p) => p[i] as number))]),
          ),
          series: {
            name: fits[0]?.title ?? '',
            x: Float64Array.from(ks),
            y: precision[0] as Float64Array,
          },
          resampled(weights) {
            const runs = at(weights);
            return {
              value: runs.reduce((s, p) => s + (p[q] as number), 0) / runs.length,
              y: runs[0] as Float64Array,
            };
          },
        };
      },
      { key: `p${judged}` },
    );
    const note = `neighbours among ${sampleNote}; ties by row order`;
    return qualityResults(
      { title: 'Precision@k', xLabel: 'k', yLabel: 'precision', series, notes: [note] },
      {
        title: 'Precision@k',
        columns: [
          { key: 'title', title: 'representation' },
          ...ks.map((k) => ({ key: `p${k}`, title: `k = ${k}` })),
        ],
        verdict: {
          key: `p${judged}`,
          measure: `precision@${judged}`,
          chance: sameClassChance(context.table),
        },
        rows,
      },
      failures,
      options.fits,
      noise,
    );
  },
});

/**
 * Precision@k of a representation without skill: the chance that another object drawn at random
 * is of an object's class, Σ_c n_c (n_c − 1) / (n (n − 1)) over the table's classes.
 */
export function sameClassChance(table: CategoricalTable): number | null {
  const cls = table.classColumn;
  const n = table.nRows;
  if (!cls || n < 2) return null;
  const counts = new Float64Array(cls.labels.length);
  for (const c of cls.codes) counts[c] = (counts[c] as number) + 1;
  let pairs = 0;
  for (const m of counts) pairs += m * (m - 1);
  return pairs / (n * (n - 1));
}
