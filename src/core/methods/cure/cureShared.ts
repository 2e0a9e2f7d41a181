import { widestColumns } from '../../data/counts/limits.ts';
import { DataError } from '../../base/errors.ts';
import { SEED_BOUND, type ParameterSpec } from '../../base/parameters.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { ITERATIONS_PARAMETER } from '../../clustering/startParameters.ts';
import type { MethodContext } from '../../platform/spec.ts';
import {
  finiteRange,
  type ValueMatrix,
  type ValuePartition,
  type ValuePartitions,
} from '../../platform/results.ts';
import { COUPLING_VALUE_LIMIT, type CouplingMatrices } from './couplings.ts';
import type { ValueClustering } from './valueClustering.ts';

/** What CURE's methods share: the paper, β, and their results in the shared kinds. */

/** Above this many values Mo and Mc are kept out of the results (views could not draw them). */
export const MATRIX_RESULT_LIMIT = 2048;

/**
 * What CDE and COSH both produce: Mo and Mc (kept up to MATRIX_RESULT_LIMIT values, with a
 * warning above) and their value clusterings, `kept` marking the clusters the method uses.
 */
export function cureValueResults(
  context: Pick<MethodContext, 'warn'>,
  method: string,
  couplings: CouplingMatrices,
  clusterings: readonly Pick<ValueClustering, 'matrix' | 'k' | 'labels'>[],
  isKept: (clustering: number, cluster: number) => boolean,
): Partial<Record<'mo' | 'mc', ValueMatrix>> & { granularities: ValuePartitions } {
  const matrices = couplingResults(couplings);
  if (!matrices) context.warn(`${couplings.nValues} values: Mo and Mc are not kept`);
  return {
    ...matrices,
    granularities: {
      kind: 'value-partitions',
      title: `${method} value clusters`,
      partitions: clusterings.map((g, q) => valuePartition(g, (c) => isKept(q, c))),
    },
  };
}

/** Mo (Def. 5) and Mc (Def. 6) as value matrices, with the terms their tooltips spell out. */
function couplingResults(c: CouplingMatrices): { mo: ValueMatrix; mc: ValueMatrix } | null {
  if (c.nValues > MATRIX_RESULT_LIMIT) return null;
  return {
    mo: {
      kind: 'value-matrix',
      title: 'Mo — occurrence influence',
      size: c.nValues,
      data: c.mo,
      range: finiteRange(c.mo),
      meaning: 'influence',
      scale: 'symlog',
      formula:
        c.orientation === 'paper'
          ? 'ψ(fᵢ, fⱼ)·p(vⱼ)/p(vᵢ) (Def. 5)'
          : "ψ′·p(vᵢ)/p(vⱼ) (authors' code; ψ′ = 1 where the values never co-occur)",
      terms: { kind: 'cure-mo', p: c.p, psi: c.psi, orientation: c.orientation },
    },
    mc: {
      kind: 'value-matrix',
      title: 'Mc — co-occurrence influence',
      size: c.nValues,
      data: c.mc,
      range: finiteRange(c.mc),
      meaning: 'influence',
      scale: 'linear',
      formula: 'p(vᵢ, vⱼ)/p(vᵢ) (Def. 6)',
      terms: { kind: 'cure-mc', p: c.p },
    },
  };
}

/** One value clustering as a partition; `kept` marks the clusters the method uses. */
function valuePartition(
  g: Pick<ValueClustering, 'matrix' | 'k' | 'labels'>,
  isKept: (cluster: number) => boolean,
): ValuePartition {
  return {
    name: `${g.matrix} k=${g.k}`,
    k: g.k,
    labels: g.labels,
    kept: Uint8Array.from({ length: g.k }, (_, c) => (isKept(c) ? 1 : 0)),
  };
}

export const CURE_PAPER =
  'Jian, Pang, Cao et al., CURE, IEEE TKDE 31(5), 2019 (CURE, Jian et al. 2019)';

/**
 * The bound of CURE's α (CDE and COSH): k never exceeds the values, at most COUPLING_VALUE_LIMIT
 * (checkCouplingSize), so from α = that limit on ⌈k/α⌉ = 1 for every k.
 */
export const ALPHA_BOUND = {
  max: COUPLING_VALUE_LIMIT,
  maxBecause: `k never exceeds the values (at most ${COUPLING_VALUE_LIMIT}, the coupling matrices’ limit), so from α = ${COUPLING_VALUE_LIMIT} on ⌈k/α⌉ = 1 for every k and a larger α changes nothing`,
} as const;

/** β of CDE and 0-1P: principal components whose range is below it are dropped. */
export const BETA_PARAMETER = {
  name: 'beta',
  symbol: 'β',
  type: 'number',
  default: 1e-10,
  min: 0,
  max: 1,
  maxBecause:
    'a cut for numerical noise (the paper’s 1e-10); a 0/1 indicator column spans 1, so β = 1 already drops components of real spread',
  description: 'Drop principal components whose range is below β',
} as const satisfies ParameterSpec;

/** The seed of CURE's value clustering (CDE and COSH). */
export const CLUSTERING_SEED_PARAMETER = {
  name: 'seed',
  type: 'integer',
  default: 0,
  ...SEED_BOUND,
  role: 'seed',
  description: 'Seed of the value clustering',
} as const satisfies ParameterSpec;

/** k-means iterations of each of CURE's value clusterings (the authors' MATLAB default). */
export const CLUSTERING_ITERATIONS_PARAMETER = {
  ...ITERATIONS_PARAMETER,
  maxBecause:
    'k-means stops at convergence, usually within tens of iterations; 10 × MATLAB’s default bounds each of the many clusterings',
  description: 'k-means iterations per value clustering',
} as const satisfies ParameterSpec;

/** The orientation of Mo (Def. 5 as printed, or the authors' code), with a method's default. */
export function orientationParameter<const D extends 'paper' | 'code'>(fallback: D, why: string) {
  return {
    name: 'orientation',
    type: 'choice',
    default: fallback,
    choices: ['paper', 'code'],
    choiceTitles: { paper: 'as printed (Def. 5)', code: "as in the authors' code" },
    description: `Mo as printed in the paper or as the authors coded it (${why})`,
  } as const satisfies ParameterSpec;
}

/** Mo and Mc are L × L: a table with more values is refused before anything is counted. */
export function checkCouplingSize(table: CategoricalTable, method: string): void {
  if (table.nValues <= COUPLING_VALUE_LIMIT) return;
  throw new DataError(
    'too-large',
    `${method} needs two ${table.nValues} × ${table.nValues} value coupling matrices; it handles up to ${COUPLING_VALUE_LIMIT.toLocaleString('en-US')} values. Exclude or bin columns with many values: ${widestColumns(table)}.`,
  );
}
