/**
 * Ienco et al. 2016's Table III (data set characteristics) and Table IV (AUC of SAnDCat, MaxDTK k = 40,
 * and the competitors) for the data sets we ship, so results can be printed beside the paper's.
 * A table is recognised by its protocol shape: normal count, abnormal count, attributes.
 */
export interface PaperOutlierRow {
  dataset: string;
  normal: number;
  abnormal: number;
  attributes: number;
  /** Distinct attribute values in the paper's (Weka) version: declared domains included. */
  values: number;
  auc: { SAnDCat: number; LOF: number; uLSIF: number; OSVM: number; FRaC: number };
}

export const SEED_002_TABLE_IV: readonly PaperOutlierRow[] = [
  {
    dataset: 'Vote',
    normal: 267,
    abnormal: 8,
    attributes: 16,
    values: 32,
    auc: { SAnDCat: 0.9762, LOF: 0.8979, uLSIF: 0.5, OSVM: 0.9375, FRaC: 0.9942 },
  },
  {
    dataset: 'Breast-cancer',
    normal: 201,
    abnormal: 6,
    attributes: 9,
    values: 51,
    auc: { SAnDCat: 0.607, LOF: 0.5091, uLSIF: 0.3624, OSVM: 0.5268, FRaC: 0.5258 },
  },
];

export function paperOutlierRow(shape: {
  normal: number;
  abnormal: number;
  attributes: number;
}): PaperOutlierRow | null {
  return (
    SEED_002_TABLE_IV.find(
      (r) =>
        r.normal === shape.normal &&
        r.abnormal === shape.abnormal &&
        r.attributes === shape.attributes,
    ) ?? null
  );
}
