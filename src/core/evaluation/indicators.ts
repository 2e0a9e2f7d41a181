import { notApplicable, badOption } from '../base/errors.ts';
import type { Steps } from '../base/jobs.ts';
import type { ExplorerSession } from '../platform/session.ts';
import { cooccurrenceAt } from '../data/counts/cooccurrence.ts';
import type { Counts } from '../data/counts/counts.ts';
import type { CategoricalTable } from '../data/table/types.ts';

import { interHeterogeneity, intraHeterogeneity } from './heterogeneity.ts';
/**
 * Data indicators of Jian et al. 2019 (CURE): FCI (Eq. 16) and VCI (Eq. 17) for clustering, VSI (Eq. 18) and
 * OCI (Eq. 19) for outlier detection.
 */

/** Eq. (16): mean symmetric uncertainty over the D(D−1)/2 feature pairs. */
export function featureCorrelationIndex(counts: Counts): number {
  const D = counts.nAttributes;
  if (D < 2) return 0;
  let s = 0;
  for (let i = 0; i < D; i++)
    for (let j = i + 1; j < D; j++) s += counts.symmetricUncertainty[i * D + j] as number;
  return (2 * s) / (D * (D - 1));
}

/**
 * Eq. (17): per feature, the largest Jaccard distance between the value sets two different
 * classes use; averaged over features. 0 with fewer than two classes.
 */
export function valueClusterIndex(table: CategoricalTable): number {
  const cls = requireClass(table);
  const C = cls.labels.length;
  if (C < 2) return 0;
  let total = 0;
  for (const attr of table.attributes) {
    const m = attr.labels.length;
    const present = new Uint8Array(C * m);
    for (let r = 0; r < table.nRows; r++)
      present[(cls.codes[r] as number) * m + (attr.codes[r] as number)] = 1;
    let best = 0;
    for (let i = 0; i < C; i++)
      for (let j = i + 1; j < C; j++) {
        let inter = 0;
        let union = 0;
        for (let v = 0; v < m; v++) {
          const a = present[i * m + v] as number;
          const b = present[j * m + v] as number;
          inter += a & b;
          union += a | b;
        }
        if (union > 0) best = Math.max(best, 1 - inter / union);
      }
    total += best;
  }
  return total / table.attributes.length;
}

/** Rows whose class is the outlier label. */
export function outlierMask(table: CategoricalTable, outlierClass: string): Uint8Array {
  const cls = requireClass(table);
  const code = cls.labels.indexOf(outlierClass);
  if (code < 0)
    throw badOption(
      `outlier class “${outlierClass}” is not a value of ${cls.name} (${cls.labels.join(', ')})`,
    );
  return Uint8Array.from(cls.codes, (c) => (c === code ? 1 : 0));
}

/**
 * Eq. (18): for each feature, the share of normal objects whose value also occurs among the
 * outliers; VSI is the minimum over features (larger = values separate outliers less).
 */
export function valueSeparabilityIndex(table: CategoricalTable, outliers: Uint8Array): number {
  const normal = outliers.length - outliers.reduce((s, x) => s + x, 0);
  if (normal === 0) throw badOption('VSI needs normal objects');
  let min = Infinity;
  for (const attr of table.attributes) {
    const inOutliers = new Uint8Array(attr.labels.length);
    for (let r = 0; r < table.nRows; r++) if (outliers[r]) inOutliers[attr.codes[r] as number] = 1;
    let shared = 0;
    for (let r = 0; r < table.nRows; r++)
      if (!outliers[r] && inOutliers[attr.codes[r] as number]) shared++;
    min = Math.min(min, shared / normal);
  }
  return min;
}

/**
 * Eq. (19): OCI = pmi(o, o′) / (pmi(o, o′) + pmi(o, n)), where pmi(·,·) averages
 * p(u, w)/(p(u)p(w)) (the ratio as the paper prints it, no logarithm) over pairs of values from
 * different features: both values occurring among the outliers, or one among the outliers and
 * one among the normal objects. Probabilities are over all rows.
 */
export function outlierCouplingIndex(
  table: CategoricalTable,
  counts: Counts,
  outliers: Uint8Array,
): number {
  const L = table.nValues;
  const inOutliers = new Uint8Array(L);
  const inNormal = new Uint8Array(L);
  for (const attr of table.attributes)
    for (let r = 0; r < table.nRows; r++)
      (outliers[r] ? inOutliers : inNormal)[attr.offset + (attr.codes[r] as number)] = 1;
  const c = counts.cooccurrence;
  const n = counts.nRows;
  const ratio = (u: number, w: number): number => {
    const cu = c.valueCounts[u] as number;
    const cw = c.valueCounts[w] as number;
    return cu > 0 && cw > 0 ? (cooccurrenceAt(c, u, w) * n) / (cu * cw) : 0;
  };
  let within = 0;
  let withinPairs = 0;
  let across = 0;
  let acrossPairs = 0;
  for (let u = 0; u < L; u++) {
    if (!inOutliers[u]) continue;
    for (let w = 0; w < L; w++) {
      if (w === u || c.valueAttribute[u] === c.valueAttribute[w]) continue;
      if (inOutliers[w] && w > u) {
        within += ratio(u, w);
        withinPairs++;
      }
      if (inNormal[w]) {
        across += ratio(u, w);
        acrossPairs++;
      }
    }
  }
  const a = withinPairs > 0 ? within / withinPairs : 0;
  const b = acrossPairs > 0 ? across / acrossPairs : 0;
  return a + b > 0 ? a / (a + b) : 0;
}

function requireClass(table: CategoricalTable): NonNullable<CategoricalTable['classColumn']> {
  if (!table.classColumn) throw notApplicable('this indicator needs a class column');
  return table.classColumn;
}

export interface IndicatorsReport {
  fci: number;
  vci: number | null;
  /** Zhu et al. 2022's I_intra (Eqs. 23-24), with a class column. */
  iIntra: number | null;
  /** Zhu et al. 2022's I_inter (Eq. 25) of UNTIE's intra and inter coupling spaces. */
  iInter: number;
  vsi: number | null;
  oci: number | null;
}

/** FCI and I_inter always; VCI and I_intra with a class column; VSI and OCI for an outlier class. */
export function indicatorsReport(
  table: CategoricalTable,
  counts: Counts,
  outlierClass: string | null = null,
): IndicatorsReport {
  const mask = outlierClass === null ? null : outlierMask(table, outlierClass);
  return {
    fci: featureCorrelationIndex(counts),
    vci: table.classColumn ? valueClusterIndex(table) : null,
    iIntra: table.classColumn ? intraHeterogeneity(table) : null,
    iInter: interHeterogeneity(table, counts),
    vsi: mask ? valueSeparabilityIndex(table, mask) : null,
    oci: mask ? outlierCouplingIndex(table, counts, mask) : null,
  };
}

/** The indicators of a session's table, from its shared counts (computed once). */
export function* indicatorSteps(
  session: ExplorerSession,
  outlierClass: string | null = null,
): Steps<IndicatorsReport> {
  const table = session.table;
  const counts = yield* session.fitCountSteps(table);
  return indicatorsReport(table, counts, outlierClass);
}
