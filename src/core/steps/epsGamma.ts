import { epsGammaCurve, margins } from '../evaluate/epsGamma.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import type { Cell } from '../results.ts';
import {
  QUALITY_INPUTS,
  QUALITY_SAMPLE_PARAMETERS,
  sampledRepresentations,
  sampleNote,
} from './qualityInputs.ts';

const GRID = Float64Array.from({ length: 101 }, (_, i) => i / 100);

/**
 * The (ε,γ)-curve of every chosen representation (seed 004 Sec. 6.3): how large a margin between
 * an object's similarity to its class and to the others holds for all but a share ε of the
 * objects. Higher curves mean similarities that separate the classes better.
 */
export const epsGammaStep = defineMethod({
  id: 'eps-gamma',
  title: '(ε,γ)-curves',
  role: 'step',
  order: 27,
  paper: 'Zhu, Cao, Yin, UNTIE (seed 004); Balcan, Blum, Srebro 2008',
  where: 'seed 004 Sec. 6.3, Fig. 6',
  description: 'How well each similarity separates the classes: margin γ kept by all but a share ε',
  parameters: QUALITY_SAMPLE_PARAMETERS,
  inputs: QUALITY_INPUTS,
  produces: ['curves', 'table'],
  check(table) {
    if (!table.classColumn) throw new RangeError('the (ε,γ)-curves need a class column');
  },
  *run(context, options, inputs) {
    const methods = inputs.methods as ResolvedCall[];
    const { sample, classes, items } = yield* sampledRepresentations(
      context,
      methods,
      options.sample,
      options.seed,
    );
    const rows: Record<string, Cell>[] = [];
    const series = items.map((item) => {
      const curve = epsGammaCurve(margins(item.d, item.max, classes), GRID);
      const at = (e: number): number | null => {
        const i = curve.eps.findIndex((x) => Math.abs(x - e) < 1e-9);
        return i < 0 ? null : (curve.gamma[i] as number);
      };
      rows.push({ method: item.method, title: item.title, g0: at(0), g10: at(0.1), g50: at(0.5) });
      return { name: item.title, x: curve.eps, y: curve.gamma };
    });
    const note = `similarity s = 1 − d / (largest d over the sample's pairs), per method; ${sampleNote(sample.length, context.table.nRows, options.seed)}; γ < 0 not drawn`;
    return {
      curves: {
        kind: 'curves',
        title: '(ε,γ)-curves',
        xLabel: 'ε',
        yLabel: 'γ',
        series,
        notes: [note],
      },
      table: {
        kind: 'table',
        title: 'Margins kept',
        columns: [
          { key: 'title', title: 'representation' },
          { key: 'g0', title: 'γ at ε = 0' },
          { key: 'g10', title: 'γ at ε = 0.1' },
          { key: 'g50', title: 'γ at ε = 0.5' },
        ],
        rows,
      },
    };
  },
});
