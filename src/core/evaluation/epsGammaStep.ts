import { checkClasses } from './classPreconditions.ts';
import {
  areaOnGrid,
  descendingMargins,
  epsGammaArea,
  epsGammaCurve,
  margins,
  resampledGamma,
} from './epsGamma.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import type { Cell } from '../platform/results.ts';
import {
  fitCell,
  measuredQuality,
  qualityResults,
  QUALITY_INPUTS,
  QUALITY_SAMPLE_PARAMETERS,
} from './qualityInputs.ts';

const GRID = Float64Array.from({ length: 101 }, (_, i) => i / 100);

/**
 * The (ε,γ)-curve of every chosen representation (UNTIE, Zhu et al. 2022, Sec. 6.3): how large a margin between
 * an object's similarity to its class and to the others holds for all but a share ε of the
 * objects. Higher curves mean similarities that separate the classes better.
 */
/** Why a γ cell is empty: the curve is not drawn where γ < 0 (in some fit). */
const GAMMA_MISSING = 'γ < 0 at this ε (in at least one fit): the curve is not drawn below 0';

export const epsGammaStep = defineMethod({
  id: 'eps-gamma',
  board: [
    {
      column: 'area',
      title: '(ε,γ) area',
      help: 'area under the (ε,γ)-curve: how well similarities separate the classes (UNTIE, Zhu et al. 2022)',
    },
  ],
  title: '(ε,γ)-curves',
  role: 'step',
  order: 27,
  paper:
    'Zhu et al. 2022, Unsupervised heterogeneous coupling learning for categorical representation (IEEE TPAMI); Balcan, Blum, Srebro 2008',
  where: 'Zhu et al. 2022 (UNTIE) Sec. 6.3, Fig. 6',
  description: 'How well each similarity separates the classes: margin γ kept by all but a share ε',
  parameters: QUALITY_SAMPLE_PARAMETERS,
  inputs: QUALITY_INPUTS,
  produces: ['curves', 'table'],
  check(table) {
    checkClasses(table, 'the (ε,γ)-curves');
  },
  *run(context, options, inputs) {
    // Representations that put every pair of the sample at one distance: their margins are all 0.
    const flat: string[] = [];
    const { rows, series, sampleNote, failures, noise } = yield* measuredQuality(
      context,
      inputs.methods as ResolvedCall[],
      options,
      (fits, classes) => {
        if (fits.length > 0 && fits.every((item) => onePairDistance(item.d, classes.length)))
          flat.push(fits[0]?.title ?? '');
        const measured = fits.map((item) => {
          const margin = margins(item.d, item.max, classes);
          const curve = epsGammaCurve(margin, GRID);
          const at = (e: number): number => {
            const i = curve.eps.findIndex((x) => Math.abs(x - e) < 1e-9);
            return i < 0 ? Number.NaN : (curve.gamma[i] as number);
          };
          const sorted = descendingMargins(margin);
          return {
            curve,
            sorted,
            g0: at(0),
            g10: at(0.1),
            g50: at(0.5),
            area: epsGammaArea(margin, GRID),
          };
        });
        const cell = (key: 'g0' | 'g10' | 'g50' | 'area'): Cell => {
          const values = measured.map((x) => x[key]);
          // γ < 0 is not drawn: a point missing in any fit is reported missing.
          return values.some(Number.isNaN) ? null : fitCell(values);
        };
        const first = measured[0] as (typeof measured)[number];
        // The grid points the first fit's curve is drawn at (γ ≥ 0), for its band.
        const drawn = Int32Array.from(first.curve.eps, (e) => Math.round(e * (GRID.length - 1)));
        return {
          cells: { g0: cell('g0'), g10: cell('g10'), g50: cell('g50'), area: cell('area') },
          series: { name: fits[0]?.title ?? '', x: first.curve.eps, y: first.curve.gamma },
          resampled(weights) {
            const gammas = measured.map((x) => resampledGamma(x.sorted, weights, GRID));
            const areas = gammas.map((g) => areaOnGrid(g, GRID));
            const g = gammas[0] as Float64Array;
            return {
              value: areas.reduce((a, b) => a + b, 0) / areas.length,
              // γ < 0 is not drawn, nor is a band below 0.
              y: Float64Array.from(drawn, (k) => Math.max(0, g.length > 0 ? (g[k] as number) : 0)),
            };
          },
        };
      },
      { key: 'area' },
    );
    const note = `similarity s = 1 − d / (largest d over the sample's pairs), per method; measured on ${sampleNote}; γ < 0 not drawn; area = ∫ max(γ, 0) dε over ε ∈ [0, 1]`;
    return qualityResults(
      {
        title: '(ε,γ)-curves',
        xLabel: 'ε',
        yLabel: 'γ',
        series,
        notes: flat.length > 0 ? [note, flatNote(flat)] : [note],
      },
      {
        title: 'Margins kept',
        columns: [
          { key: 'title', title: 'representation' },
          { key: 'g0', title: 'γ at ε = 0', missing: GAMMA_MISSING },
          { key: 'g10', title: 'γ at ε = 0.1', missing: GAMMA_MISSING },
          { key: 'g50', title: 'γ at ε = 0.5', missing: GAMMA_MISSING },
          { key: 'area', title: 'area' },
        ],
        verdict: { key: 'area', measure: 'the area under the (ε,γ)-curve' },
        rows,
      },
      failures,
      options.fits,
      noise,
    );
  },
});

/** Whether every pair of the m sampled objects is at the same distance (m × m, symmetric). */
function onePairDistance(d: Float64Array, m: number): boolean {
  if (m < 3) return false;
  const first = d[1] as number;
  for (let a = 0; a < m; a++)
    for (let b = a + 1; b < m; b++) if (d[a * m + b] !== first) return false;
  return true;
}

function flatNote(titles: string[]): string {
  const list = titles.join(', ');
  return `${list}: every pair of objects is at one distance here, so ${titles.length === 1 ? 'its' : 'their'} margins are all 0 and ${titles.length === 1 ? 'its curve lies' : 'their curves lie'} on γ = 0 — ${titles.length === 1 ? 'it tells' : 'they tell'} no two objects apart on this table (e.g. values equally frequent and attributes independent, as in a full factorial design)`;
}
