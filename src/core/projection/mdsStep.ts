import { mdsLayout } from './project.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import { MDS_PARAMETERS } from './mds.ts';
import {
  PROJECTION_INPUT,
  PROJECTION_PAPER,
  projectRepresentation,
  QUALITY_PARAMETER,
} from './projectionStep.ts';

/** Metric MDS of any representation: classical up to a size, landmark above (project/mds.ts). */
export const mdsStep = defineMethod({
  id: 'mds',
  title: 'MDS',
  role: 'step',
  order: 2,
  paper: PROJECTION_PAPER,
  where: 'Ienco et al. 2016 (DILCA/SAnDCat) Sec. IV-D (MDS of the DILCA distances)',
  description: 'Classical (Torgerson) or landmark MDS layout of any representation',
  parameters: [...MDS_PARAMETERS, QUALITY_PARAMETER],
  inputs: [PROJECTION_INPUT],
  produces: ['object-embedding', 'measures'],
  run(context, options, inputs) {
    const { quality, seed, ...mds } = options;
    return projectRepresentation(context, inputs.of as ResolvedCall, mdsLayout(mds), {
      seed,
      quality: quality ? {} : false,
    });
  },
});
