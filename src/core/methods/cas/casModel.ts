import type { CasParameters } from './casParameters.ts';
import type { Counts } from '../../data/counts/counts.ts';
import type { Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { snapUnit } from '../../base/roundOff.ts';
import { coOccurring, conditionalTable } from './conditional.ts';
import { intraTable } from './intra.ts';
import { IRS_FUNCTIONS, IRSP_MAX_VALUES, irsInput, type IrsOps, type IrsVariant } from './irs.ts';
import { badOption } from '../../base/errors.ts';

/**
 * The coupled attribute similarity of Wang et al. 2015 (coupled attribute similarity) for every attribute, as value-level tables
 * computed once from the shared counts (the paper's Table X complexity): per attribute j, the
 * m_j × m_j tables of IaASV (Eq. (5)), IeASV (Eq. (13)), CASV = IaASV·IeASV (Eq. (14)) and the
 * CADO value dissimilarity h1(IaASV)·h2(IeASV) with h1(t) = 1/t − 1, h2(t) = 1 − t (Eq. (16)).
 * Object similarity and dissimilarity are then sums of table look-ups (objects.ts).
 */
export interface CasModel {
  variant: IrsVariant;
  /** α_k per (j, k): D × D, row j sums to 1 over k ≠ j (default 1/(D−1)). */
  weights: Float64Array;
  /** Start of attribute j's m_j × m_j block in every table. */
  tableStart: Int32Array;
  intra: Float64Array;
  inter: Float64Array;
  casv: Float64Array;
  cado: Float64Array;
  /** ICP values read by the chosen variant, in all (Table X's flops, counted). */
  icp: number;
  seconds: number;
  /** With one attribute IeASV falls back to the self-coupling [x = y] (Sec. IX). */
  selfCoupled: boolean;
}

/**
 * The model's options: CAS's `irs` from its table, and its `weights` parsed (parseWeights) into
 * α_k per (j, k), D × D; default 1/(D − 1).
 */
export type CasOptions = Pick<CasParameters, 'irs'> & { weights?: Float64Array };

/** The default α: every other attribute weighs 1/(D − 1) (Sec. VIII). */
export function uniformWeights(D: number): Float64Array {
  const w = new Float64Array(D * D);
  for (let j = 0; j < D; j++) for (let k = 0; k < D; k++) if (k !== j) w[j * D + k] = 1 / (D - 1);
  return w;
}

/** Refuses IRSP when a conditioning attribute has too many values for its power set. */
export function checkIrsp(table: CategoricalTable): void {
  const wide = table.attributes.filter((a) => a.labels.length > IRSP_MAX_VALUES);
  if (wide.length > 0)
    throw badOption(
      `IRSP enumerates every subset of an attribute's values (2^|V_k|) and is refused above ${IRSP_MAX_VALUES} values: ${wide
        .slice(0, 3)
        .map((a) => `${a.name} has ${a.labels.length}`)
        .join(
          ', ',
        )}${wide.length > 3 ? ` and ${wide.length - 3} more` : ''}; use IRSU, IRSJ or IRSI (equal by Theorem 6.1)`,
    );
}

export function* casModelSteps(
  table: CategoricalTable,
  counts: Counts,
  options: CasOptions,
  now: () => number = () => performance.now(),
): Steps<CasModel> {
  if (options.irs === 'P') checkIrsp(table);
  const started = now();
  const c = counts.cooccurrence;
  const D = table.attributes.length;
  const weights = options.weights ?? uniformWeights(D);
  const tableStart = new Int32Array(D);
  let cells = 0;
  for (let j = 0; j < D; j++) {
    tableStart[j] = cells;
    cells += (c.sizes[j] as number) ** 2;
  }
  const intra = new Float64Array(cells);
  const inter = new Float64Array(cells);
  const ops: IrsOps = { icp: 0 };
  const irs = IRS_FUNCTIONS[options.irs];
  for (let j = 0; j < D; j++) {
    const mj = c.sizes[j] as number;
    const start = tableStart[j] as number;
    const offset = c.offsets[j] as number;
    intra.set(intraTable(c.valueCounts.subarray(offset, offset + mj)), start);
    if (D === 1) {
      // No other attribute: the inter-coupling degenerates to the attribute's own, δ_{j|j}(x, y)
      // = [x = y] (coupled attribute similarity, Wang et al. 2015, Sec. IX, "inter-attribute-independence").
      for (let x = 0; x < mj; x++) inter[start + x * mj + x] = 1;
      continue;
    }
    for (let k = 0; k < D; k++) {
      if (k === j) continue;
      const alpha = weights[j * D + k] as number;
      const mk = c.sizes[k] as number;
      const cond = conditionalTable(c, j, k);
      const phi = coOccurring(cond, mj, mk);
      for (let x = 0; x < mj; x++)
        for (let y = x; y < mj; y++) {
          const delta = irs(irsInput(cond, phi, x, y, mk), ops);
          inter[start + x * mj + y] = (inter[start + x * mj + y] as number) + alpha * delta;
          if (y !== x) inter[start + y * mj + x] = inter[start + x * mj + y] as number;
        }
    }
    yield { fraction: (j + 1) / D, message: 'Coupled attribute similarity…' };
  }
  const casv = new Float64Array(cells);
  const cado = new Float64Array(cells);
  for (let q = 0; q < cells; q++) {
    const ia = intra[q] as number;
    // IeASV is a weighted mean of δ ∈ [0, 1] with weights summing to 1 (Eq. 13): a sum over the
    // other attributes can end a few ulps above 1 (1 + 2.2e-16), so ADD = 1 − IeASV and CADO's
    // h2 would be −2.2e-16. Snapped here, at the source (numerics/roundOff.ts).
    const ie = snapUnit(inter[q] as number);
    inter[q] = ie;
    casv[q] = ia * ie; // Eq. (14)
    // Eq. (16): h1(IaASV)·h2(IeASV). The model is learned on every row, so every value occurs
    // and IaASV ≥ 1/3 (h1 ≤ 2, Theorem 1(a)); a value in no row would take that bound, 2.
    cado[q] = (ia > 0 ? 1 / ia - 1 : 2) * (1 - ie);
  }
  // A value is at distance 0 from itself. Eq. (16) gives that wherever the value occurs
  // (IeASV(x, x) = 1); for a value in no row (a label whose rows were all dropped) it gives
  // 2·(1 − 0) = 2, a self-distance no object can hold, set to 0 here.
  for (let j = 0; j < D; j++) {
    const mj = c.sizes[j] as number;
    for (let x = 0; x < mj; x++) cado[(tableStart[j] as number) + x * mj + x] = 0;
  }
  return {
    variant: options.irs,
    weights,
    tableStart,
    intra,
    inter,
    casv,
    cado,
    icp: ops.icp,
    seconds: (now() - started) / 1000,
    selfCoupled: D === 1,
  };
}
