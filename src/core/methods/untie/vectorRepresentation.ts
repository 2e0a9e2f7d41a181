import { blockEmbedding, type ValueConcatEmbedding } from '../../platform/objectEmbedding.ts';
import { pacer, runToEnd, scaledSteps, type Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import type { AttributeBlock, KernelSpace, KernelSpaces } from './kernelSpaces.ts';
import { addWeightedGram, weightedGramSteps } from './rowGram.ts';
import { classWeights } from './valueClasses.ts';

/**
 * UNTIE's two representations from the learned weights ω (UNTIE, Zhu et al. 2022, Sec. 4.4).
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
  const blockWidth = Int32Array.from(spaces.byAttribute, (ps) =>
    ps.reduce((w, p) => w + (spaces.spaces[p]?.m ?? 0), 0),
  );
  return blockEmbedding(table, blockWidth, (attribute, u, out) => {
    const { rows, width } = spaces.blocks[attribute] as AttributeBlock;
    const row = u * width;
    let at = 0;
    for (const p of spaces.byAttribute[attribute] ?? []) {
      const { classes, column, weightStart, m } = spaces.spaces[p] as KernelSpace;
      for (let x = 0; x < m; x++)
        out[at + x] =
          Math.sqrt(weights[weightStart + x] as number) *
          (rows[row + column + (classes.of[x] as number)] as number);
      at += m;
    }
  });
}

/** The per-attribute tables G_a of s(·,·) (Eq. (18)), m_a² each, and where each starts. */
export function similarityTables(
  spaces: KernelSpaces,
  sizes: ArrayLike<number>,
  weights: Float64Array,
): { tables: Float64Array; tableStart: Int32Array } {
  return runToEnd(similarityTableSteps(spaces, sizes, weights));
}

/**
 * G_a = Σ_{p of a} K_p ω_p K_p, through the value classes of each space: with A_p the kernel
 * between its d classes and W̃ the weights summed per class, K_p ω_p K_p[u, v] = C[g(u), g(v)]
 * with C = A_p W̃ A_p, a d × d weighted Gram product of A_p's rows (A_p symmetric; rowGram.ts),
 * read in the attribute's block at the first value of each class.
 * The kernels of one coupling space share its classes, so their C are summed before they are
 * spread to the m × m table. Progress is reported every few million products, within a large
 * space by rows.
 */
export function* similarityTableSteps(
  spaces: KernelSpaces,
  sizes: ArrayLike<number>,
  weights: Float64Array,
): Steps<{ tables: Float64Array; tableStart: Int32Array }> {
  const D = sizes.length;
  const tableStart = new Int32Array(D);
  let total = 0;
  for (let a = 0; a < D; a++) {
    tableStart[a] = total;
    total += (sizes[a] as number) ** 2;
  }
  const tables = new Float64Array(total);
  const cost = spaces.spaces.map((s) => s.classes.count ** 3 / 2 + s.m);
  const totalCost = cost.reduce((x, y) => x + y, 0) || 1;
  const pace = pacer(1 << 24);
  let done = 0;
  for (const [a, ps] of spaces.byAttribute.entries()) {
    const m = sizes[a] as number;
    const G = tables.subarray(tableStart[a] as number, (tableStart[a] as number) + m * m);
    const { rows, width } = spaces.blocks[a] as AttributeBlock;
    // Consecutive spaces of one coupling space share its classes: sum their C, then spread.
    let C: Float64Array | null = null;
    for (const [i, p] of ps.entries()) {
      const space = spaces.spaces[p] as KernelSpace;
      const d = space.classes.count;
      C ??= new Float64Array(d * d);
      const W = classWeights(space.classes, weights, space.weightStart, new Float64Array(d));
      // A_p, row g read at the class's first value, copied together (the Gram product then
      // walks d² numbers in one place, not d rows a block's width apart).
      const A = new Float64Array(d * d);
      space.classes.first.forEach((u, g) => {
        const from = u * width + space.column;
        A.set(rows.subarray(from, from + d), g * d);
      });
      const starts = Int32Array.from({ length: d }, (_, g) => g * d);
      const spaceCost = cost[p] as number;
      const message = `value tables: kernel space ${p + 1} of ${spaces.spaces.length}`;
      if (spaceCost < 1 << 24) addWeightedGram(A, starts, d, W, d, C);
      else
        yield* scaledSteps(
          weightedGramSteps(A, starts, d, W, d, C),
          done / totalCost,
          (done + spaceCost) / totalCost,
          `${message}, `,
        );
      if (spaces.spaces[ps[i + 1] ?? -1]?.classes !== space.classes) {
        spreadClasses(C, space.classes.of, d, G);
        C = null;
      }
      done += spaceCost;
      if (pace(spaceCost)) yield { fraction: done / totalCost, message };
    }
  }
  return { tables, tableStart };
}

/** G[u, v] += C[g(u), g(v)] over the m values of an attribute. */
function spreadClasses(C: Float64Array, of: Int32Array, d: number, G: Float64Array): void {
  const m = of.length;
  for (let u = 0; u < m; u++) {
    const row = (of[u] as number) * d;
    for (let v = 0; v < m; v++)
      G[u * m + v] = (G[u * m + v] as number) + (C[row + (of[v] as number)] as number);
  }
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
