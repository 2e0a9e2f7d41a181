import { notApplicable } from '../base/errors.ts';
import type { ParameterSpec } from '../base/parameters.ts';
import { defineMethod } from '../platform/spec.ts';
import { impactAblationSteps } from './ablation.ts';
import { protocolSplits } from '../methods/sandcat/protocol.ts';
import { DETECTOR_EXPERIMENT_PARAMETERS } from './evaluateDetectors.ts';

/** The protocol's parameters apart from the list of detectors (only SAnDCat runs here). */
const PARAMETERS = DETECTOR_EXPERIMENT_PARAMETERS.filter(
  (p) => p.name !== 'detectors',
) as unknown as readonly ParameterSpec[];

/**
 * Ienco et al. 2016 (DILCA/SAnDCat) Fig. 13 as a step: SAnDCat's AUC when only the n attributes of highest model impact
 * are kept, n = 1 … D, on the protocol's splits.
 */
export const impactAblationStep = defineMethod({
  id: 'impact-ablation',
  title: 'Attribute ablation',
  role: 'step',
  order: 23,
  team: 'SAnDCat’s scan of the training objects for each tested object (sandcat/scanTeam.ts)',
  paper:
    'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS)',
  where: 'Sec. V-C, Fig. 13: AUC with the top-n attributes by impact',
  description: 'SAnDCat’s AUC keeping only the n attributes of highest model impact',
  parameters: PARAMETERS as typeof DETECTOR_EXPERIMENT_PARAMETERS,
  produces: ['curves', 'table'],
  check(table, options) {
    if (!table.classColumn) throw notApplicable('the ablation needs a class column');
    protocolSplits(table, { ...options, samples: 1 });
  },
  *run(context, options) {
    const points = yield* impactAblationSteps(context.table, options, {
      heuristic: options.heuristic,
      k: options.k,
    });
    const note = `MaxDTK/MinDTK/… as chosen (${options.heuristic}, k = ${options.k}); ${options.samples} samples × ${options.folds} folds; with one attribute DILCA has no context, so every distance is 0 (AUC ½)`;
    return {
      curve: {
        kind: 'curves',
        title: 'AUC with the top-n attributes by model impact (Fig. 13)',
        xLabel: 'attributes kept',
        yLabel: 'AUC',
        series: [
          {
            name: 'SAnDCat',
            x: Float64Array.from(points, (p) => p.n),
            y: Float64Array.from(points, (p) => p.auc.mean),
          },
        ],
        notes: [note],
      },
      table: {
        kind: 'table',
        title: 'AUC per number of attributes kept',
        columns: [
          { key: 'n', title: 'attributes kept' },
          { key: 'auc', title: 'AUC' },
        ],
        rows: points.map((p) => ({ n: p.n, auc: p.auc })),
        notes: [
          'attributes ranked by the model impact of DILCA learned on each split’s training rows',
        ],
      },
    };
  },
});
