import { cbrwDetector } from './cbrwMethod.ts';
import { isolationForestDetector } from './isolationForestMethod.ts';
import { lofOfDetector } from './lofOfMethod.ts';
import { zeroDetector } from './zeroPlusPlusMethod.ts';
import type { Detector } from './detector.ts';

/**
 * The unsupervised detectors of the outlier experiments (DILCA/SAnDCat, Ienco et al. 2016, Sec. V): each is shown every
 * object of the experiment without labels. COSH and SAnDCat are added where the experiments
 * are assembled.
 */
export const UNSUPERVISED_DETECTORS: Detector[] = [
  cbrwDetector,
  zeroDetector,
  lofOfDetector,
  isolationForestDetector,
];
