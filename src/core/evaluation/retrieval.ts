import { checkClasses } from './classPreconditions.ts';
import { precisionAtK } from './epsGamma.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import {
  fitCell,
  measuredQuality,
  qualityResults,
  QUALITY_INPUTS,
  QUALITY_SAMPLE_PARAMETERS,
} from './qualityInputs.ts';

function parseKs(text: string | null): number[] {
  const ks = (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map(Number);
  if (ks.length === 0 || ks.some((k) => !Number.isInteger(k) || k < 1))
    throw new RangeError(`ks: give whole numbers ≥ 1, “1,5,10”, got “${text}”`);
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
    const { rows, series, sampleNote, failures } = yield* measuredQuality(
      context,
      inputs.methods as ResolvedCall[],
      options,
      (fits, classes) => {
        const precision = fits.map((item) => precisionAtK(item.d, classes, ks));
        return {
          cells: Object.fromEntries(
            ks.map((k, i) => [`p${k}`, fitCell(precision.map((p) => p[i] as number))]),
          ),
          series: {
            name: fits[0]?.title ?? '',
            x: Float64Array.from(ks),
            y: precision[0] as Float64Array,
          },
        };
      },
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
        rows,
      },
      failures,
      options.fits,
    );
  },
});
