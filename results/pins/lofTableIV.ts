import { SAMPLES, tableIVColumn } from './tableIV.ts';
import type { Reproduction } from './kit.ts';

/**
 * Ienco et al. 2016 (DILCA/SAnDCat) Table IV's LOF column (OF distance, k = 40, Fig. 7's choice) on the data sets with a
 * public copy, under the protocol of sandcat-table-iv. uLSIF, OSVM and FRaC are not in the product.
 */
export async function lofTableIV(): Promise<Reproduction> {
  const { rows, notes } = await tableIVColumn(
    'LOF',
    { detectors: 'lof-of' },
    'AUC, LOF (OF distance) k = 40',
  );
  return {
    id: 'lof-table-iv',
    title:
      'LOF under the Ienco et al. 2016 (DILCA/SAnDCat) protocol: Table IV’s LOF column (Vote, Breast-cancer)',
    source:
      'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS), Sec. V, Table IV and Fig. 7 (LOF with the OF distance, k = 40)',
    protocol: `As sandcat-table-iv: normal = the majority class; abnormal = a seeded random 3 % of the normal count from the other classes; missing values replaced by the column mode; 5-fold cross-validation over the normal objects; ${SAMPLES} abnormal samples (seeds 1–${SAMPLES}); LOF (Breunig et al.) with the OF distance (Boriah et al.), k = 40, fitted on the training folds. AUC averaged over a sample’s folds, then mean ± sd over the samples.`,
    rows,
    notes: [
      ...notes,
      'The paper’s LOF is the authors’ own Java implementation; its handling of duplicate objects (many in Vote) is not stated. Ours uses LOF’s k-distinct-distance (src/core/methods/detectors/lofOf.ts).',
    ],
  };
}
