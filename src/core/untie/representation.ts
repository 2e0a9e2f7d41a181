import { blockEmbedding, type ValueConcatEmbedding } from '../embedding/objectEmbedding.ts';
import type { CategoricalTable } from '../table/types.ts';
import type { KernelSpace, KernelSpaces } from './kernelSpaces.ts';
import { addGram } from './learning.ts';

/**
 * UNTIE's two representations from the learned weights ω (seed 004 Sec. 4.4).
 *
 * Vector representation (Eq. (21)): x_i = [√ω_p,tt · K_p[v_i, t]] over every kernel space p and
 * value t of its attribute. Every entry of space p depends on object i only through its value v_i
 * of p's attribute, so x_i is the concatenation of one vector per attribute — the attribute's
 * spaces side by side — and is stored as a value-concatenation embedding (nothing per object).
 *
 * Similarity representation (Eq. (18)): s(o_i, o_j) = x_i·x_j = Σ_a G_a[v_ia, v_ja] with
 * G_a = Σ_{p of a} K_p ω_p K_p (m_a × m_a), so S is evaluated on demand from D small tables.
 */
export function untieEmbedding(
  table: CategoricalTable,
  spaces: KernelSpaces,
  weights: Float64Array,
): ValueConcatEmbedding {
  const blockWidth = Int32Array.from(spaces.attributeKernels, (Kcat, a) => {
    const m = table.attributes[a]?.labels.length ?? 0;
    return m > 0 ? Kcat.length / m : 0;
  });
  return blockEmbedding(table, blockWidth, (a, u, out) => {
    const Kcat = spaces.attributeKernels[a] as Float64Array;
    const w0 = spaces.attributeStart[a] as number;
    const width = out.length;
    for (let c = 0; c < width; c++)
      out[c] = Math.sqrt(weights[w0 + c] as number) * (Kcat[u * width + c] as number);
  });
}

/** The per-attribute tables G_a of s(·,·) (Eq. (18)), m_a² each, and where each starts. */
export function similarityTables(
  spaces: KernelSpaces,
  sizes: ArrayLike<number>,
  weights: Float64Array,
): { tables: Float64Array; tableStart: Int32Array } {
  const D = sizes.length;
  const tableStart = new Int32Array(D);
  let total = 0;
  for (let a = 0; a < D; a++) {
    tableStart[a] = total;
    total += (sizes[a] as number) ** 2;
  }
  const tables = new Float64Array(total);
  spaces.attributeKernels.forEach((Kcat, a) => {
    const m = sizes[a] as number;
    const start = tableStart[a] as number;
    const G = tables.subarray(start, start + m * m);
    if (m > 0) addGram(Kcat, m, Kcat.length / m, weights, spaces.attributeStart[a] as number, G);
  });
  return { tables, tableStart };
}

/**
 * Weight of each kernel space: the mean of its value weights (the diagonal of ω_p), i.e. β_p when
 * all α_p are 1 (Eq. (13)); the bar chart's and the CLI's `kernelWeights`.
 */
export function spaceWeights(
  spaces: readonly Pick<KernelSpace, 'weightStart' | 'm'>[],
  weights: Float64Array,
): Float64Array {
  return Float64Array.from(spaces, ({ m, weightStart }) => {
    let sum = 0;
    for (let x = 0; x < m; x++) sum += weights[weightStart + x] as number;
    return m > 0 ? sum / m : 0;
  });
}

/**
 * Where each kernel space's weights lie in ω, from the attributes' value counts alone (the order
 * kernelSpaces builds: per attribute, the intra space's kernels, then the inter space's), so a
 * running UNTIE's weights can be read per space before its result exists.
 */
export function spaceLayout(
  sizes: readonly number[],
  kernels: number,
): {
  attribute: number;
  kind: 'intra' | 'inter';
  kernel: number;
  weightStart: number;
  m: number;
}[] {
  const out: ReturnType<typeof spaceLayout> = [];
  let start = 0;
  sizes.forEach((m, attribute) => {
    for (const kind of sizes.length > 1 ? (['intra', 'inter'] as const) : (['intra'] as const))
      for (let kernel = 0; kernel < kernels; kernel++) {
        out.push({ attribute, kind, kernel, weightStart: start, m });
        start += m;
      }
  });
  return out;
}
