export const HEURISTICS = ['maxdtk', 'mindtk', 'randk', 'centralk'] as const;
export type Heuristic = (typeof HEURISTICS)[number];

/**
 * Ienco et al. 2016 (DILCA/SAnDCat) Sec. IV-A: how the k representatives of the normal data are chosen. MaxDTK / MinDTK:
 * the k training objects farthest from / closest to each tested object; RandK: k random training
 * objects, the same for all; CentralK: the k most central (least Σ squared distance to the others).
 */
export const HEURISTIC_TITLES: Readonly<Record<Heuristic, string>> = {
  maxdtk: 'MaxDTK (k farthest)',
  mindtk: 'MinDTK (k nearest)',
  randk: 'RandK (k random)',
  centralk: 'CentralK (k most central)',
};

/** True when the representatives depend on the tested object (re-chosen for each). */
export function perObject(h: Heuristic): boolean {
  return h === 'maxdtk' || h === 'mindtk';
}
