import { SEED_002_TABLE_IV } from '../../src/core/methods/sandcat/paperTable.ts';
import { meanSd } from '../../src/core/evaluation/partitions.ts';
import type { ExplorerSession } from '../../src/core/platform/session.ts';
import {
  indistinctInPaper,
  mean,
  pinned,
  run,
  session,
  type ReproducedRow,
  type Reproduction,
} from './kit.ts';

/** Abnormal samples, each cross-validated, as sandcat-table-iv (the paper's number is one sample). */
const SAMPLES = 20;

/** Each sample's mean AUC of LOF (OF distance, k = 40) over its 5 folds: seeds 1 … SAMPLES. */
function sampleMeans(s: ExplorerSession): number[] {
  return Array.from({ length: SAMPLES }, (_, j) => {
    const out = run(s, {
      method: 'evaluate-detectors',
      options: { detectors: 'lof-of', samples: 1, seed: j + 1 },
    });
    const table = out.results.table;
    if (table?.kind !== 'table') throw new Error('no detector table');
    return mean(table.rows[0]?.auc).mean;
  });
}

/**
 * Ienco et al. 2016 (DILCA/SAnDCat) Table IV's LOF column (OF distance, k = 40, Fig. 7's choice) on the data sets with a
 * public copy, under the protocol of sandcat-table-iv. uLSIF, OSVM and FRaC are not in the product.
 */
export async function lofTableIV(): Promise<Reproduction> {
  const rows: ReproducedRow[] = [];
  const notes: string[] = [];
  for (const [file, label] of [
    ['vote.csv', 'Vote'],
    ['breast-cancer.csv', 'Breast-cancer'],
  ] as const) {
    const s = await session(file, { classColumn: 'Class', missing: 'mode' });
    const perSample = sampleMeans(s);
    const { mean: ours, sd } = meanSd(perSample);
    const paper = SEED_002_TABLE_IV.find((r) => r.dataset === label)?.auc.LOF;
    if (paper === undefined) throw new Error(`Table IV has no ${label}`);
    const indistinct = indistinctInPaper(paper, { name: 'chance', value: 0.5 }, sd, 1);
    rows.push(
      pinned({
        data: label,
        quantity: 'AUC, LOF (OF distance) k = 40',
        paper,
        ours,
        sd,
        basis: { kind: 'runs', runs: SAMPLES, sd, paperRuns: 1, decimals: 4 },
        baseline: { name: 'chance (a scorer that learns nothing: AUC ½)', ours: 0.5 },
        ...(indistinct === undefined ? {} : { indistinct }),
      }),
    );
    notes.push(
      `${label}: ${SAMPLES} abnormal samples, mean AUC per sample from ${Math.min(...perSample).toFixed(3)} to ${Math.max(...perSample).toFixed(3)}.`,
    );
  }
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
