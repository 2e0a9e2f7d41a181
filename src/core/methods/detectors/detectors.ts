import { sandcatDetector } from './sandcatDetector.ts';
import { coshDetector } from './coshDetector.ts';
import type { Detector } from './detector.ts';
import { UNSUPERVISED_DETECTORS } from './unsupervised.ts';

/** The detectors the outlier experiments compare (DILCA/SAnDCat, Ienco et al. 2016, Sec. V and the baselines). */
export const DETECTORS: readonly Detector[] = [
  sandcatDetector,
  coshDetector,
  ...UNSUPERVISED_DETECTORS,
];

export const DETECTOR_IDS = DETECTORS.map((d) => d.id);

/** Detectors named in a comma-separated list, in its order; unknown names are refused. */
export function detectorsNamed(list: string): Detector[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0)
    throw new RangeError(`name at least one detector (${DETECTOR_IDS.join(', ')})`);
  return names.map((name) => {
    const found = DETECTORS.find((d) => d.id === name);
    if (!found) throw new RangeError(`unknown detector “${name}” (${DETECTOR_IDS.join(', ')})`);
    return found;
  });
}
