import type { Cooccurrence } from '../../data/counts/cooccurrence.ts';
import { runToEnd, scaledSteps, type Steps } from '../../base/jobs.ts';
import {
  bandwidthScale,
  kernelFromGeometry,
  kernelName,
  pairGeometrySteps,
  type Bandwidth,
  type KernelSpec,
} from './kernelFunctions.ts';
import { couplingSpaces, type CouplingSpace } from './spaces.ts';
import { valueClasses, type ValueClasses } from './valueClasses.ts';
import { badOption } from '../../base/errors.ts';

/**
 * UNTIE's kernel spaces (UNTIE, Zhu et al. 2022, Sec. 4.3): every coupling space (intra and inter, per attribute)
 * mapped by every kernel of the set, n_k = |M| × |F| spaces. Space p belongs to one attribute a
 * and stands for K_p (m_a × m_a, Eq. (7)); its heterogeneity weights are the diagonal of ω_p
 * (Eq. (13)), one per value of a, stored in one flat ω at `weightStart`.
 *
 * K_p's columns are kept once per class of equal columns (valueClasses.ts): K_p[u, v] is column
 * `column + class(v)` of row u of its attribute's block, the attribute's spaces side by side.
 * Nothing of size m × m per space is built.
 */
export interface KernelSpace {
  attribute: number;
  kind: CouplingSpace['kind'];
  kernel: KernelSpec;
  /** Values of the attribute. */
  m: number;
  /** The coupling space's values grouped by identical vectors (shared by its kernels). */
  classes: ValueClasses;
  /** Where the space's d class columns start in its attribute's block. */
  column: number;
  /** Where ω_p's m weights start in the flat ω. */
  weightStart: number;
}

/**
 * An attribute's spaces side by side, by class: m × width row-major, width = Σ_p d_p, row u
 * holding K_p[u, class h] for every space p and class h (one pass over a row serves them all).
 */
export interface AttributeBlock {
  rows: Float64Array;
  width: number;
  /** The attribute's weights are ω[weightStart .. weightEnd) (its spaces' are contiguous). */
  weightStart: number;
  weightEnd: number;
  /** For each of those weights, its class column in the block. */
  weightColumn: Int32Array;
}

export interface KernelSpaces {
  spaces: KernelSpace[];
  /** Total number of heterogeneity weights n_ω = Σ_p m_p. */
  nWeights: number;
  /** The coupling spaces the kernels were computed on (for the CLI's `--spaces`). */
  coupling: CouplingSpace[];
  /** Spaces of each attribute, in order (intra kernels, then inter kernels). */
  byAttribute: number[][];
  /** Each attribute's block of class columns. */
  blocks: AttributeBlock[];
  /** Share of the objects holding each value, per attribute (for the centred learnings). */
  shares: Float64Array[];
}

export function kernelSpaces(
  c: Cooccurrence,
  nRows: number,
  kernels: readonly KernelSpec[],
  normalise = false,
  bandwidth: Bandwidth = 'absolute',
): KernelSpaces {
  return runToEnd(kernelSpaceSteps(c, nRows, kernels, normalise, bandwidth));
}

/** The kernel spaces, reporting progress per coupling space. */
export function* kernelSpaceSteps(
  c: Cooccurrence,
  nRows: number,
  kernels: readonly KernelSpec[],
  normalise = false,
  bandwidth: Bandwidth = 'absolute',
): Steps<KernelSpaces> {
  if (kernels.length === 0) throw badOption('UNTIE needs at least one kernel');
  const coupling = couplingSpaces(c, nRows);
  const spaces: KernelSpace[] = [];
  const byAttribute: number[][] = Array.from(c.sizes, () => []);
  const blocks: AttributeBlock[] = [];
  // The attribute's kernels between classes (d × d each) until its block is laid out.
  let classKernels: Float64Array[] = [];
  let nWeights = 0;
  for (const [i, space] of coupling.entries()) {
    const m = c.sizes[space.attribute] as number;
    const classes = valueClasses(space.vectors, m, space.dims);
    const geometry = yield* scaledSteps(
      pairGeometrySteps(classes.vectors, classes.count, space.dims, kernels),
      i / coupling.length,
      (i + 1) / coupling.length,
      `coupling space ${i + 1} of ${coupling.length}: `,
    );
    const scale =
      bandwidth === 'scaled' && geometry.squaredDistance
        ? bandwidthScale(geometry.squaredDistance, classShares(c, space.attribute, classes, nRows))
        : 1;
    for (const kernel of kernels) {
      byAttribute[space.attribute]?.push(spaces.length);
      spaces.push({
        attribute: space.attribute,
        kind: space.kind,
        kernel,
        m,
        classes,
        column: 0,
        weightStart: nWeights,
      });
      classKernels.push(kernelFromGeometry(geometry, kernel, normalise, scale));
      nWeights += m;
    }
    if (coupling[i + 1]?.attribute !== space.attribute) {
      const ps = byAttribute[space.attribute] ?? [];
      blocks[space.attribute] = attributeBlock(spaces, classKernels, ps);
      classKernels = [];
    }
    yield {
      fraction: (i + 1) / coupling.length,
      message: `kernel spaces: coupling space ${i + 1} of ${coupling.length}`,
    };
  }
  const shares = Array.from(c.sizes, (m, a) =>
    Float64Array.from({ length: m }, (_, u) =>
      nRows > 0 ? (c.valueCounts[(c.offsets[a] as number) + u] as number) / nRows : 0,
    ),
  );
  return { spaces, nWeights, coupling, byAttribute, blocks, shares };
}

/** The share of the objects holding each class's vector: its values' counts summed. */
function classShares(
  c: Cooccurrence,
  attribute: number,
  classes: ValueClasses,
  nRows: number,
): Float64Array {
  const shares = new Float64Array(classes.count);
  const offset = c.offsets[attribute] as number;
  classes.of.forEach((g, u) => {
    shares[g] = (shares[g] as number) + (c.valueCounts[offset + u] as number) / (nRows || 1);
  });
  return shares;
}

/**
 * Lays an attribute's spaces (`ps`, their kernels between classes in `classKernels`, in the
 * same order) side by side by class, setting each space's `column`.
 */
function attributeBlock(
  spaces: KernelSpace[],
  classKernels: readonly Float64Array[],
  ps: readonly number[],
): AttributeBlock {
  let width = 0;
  for (const p of ps) {
    const space = spaces[p] as KernelSpace;
    space.column = width;
    width += space.classes.count;
  }
  const m = spaces[ps[0] ?? -1]?.m ?? 0;
  const rows = new Float64Array(m * width);
  const weightStart = spaces[ps[0] ?? -1]?.weightStart ?? 0;
  const weightColumn = new Int32Array(ps.length * m);
  ps.forEach((p, i) => {
    const { classes, column } = spaces[p] as KernelSpace;
    const A = classKernels[i] as Float64Array;
    const d = classes.count;
    for (let u = 0; u < m; u++) {
      const g = classes.of[u] as number;
      rows.set(A.subarray(g * d, g * d + d), u * width + column);
      weightColumn[i * m + u] = column + g;
    }
  });
  return { rows, width, weightStart, weightEnd: weightStart + ps.length * m, weightColumn };
}

/** K_p[u, v] of a kernel space, read through its value classes. */
export function kernelEntry(spaces: KernelSpaces, p: number, u: number, v: number): number {
  const space = spaces.spaces[p] as KernelSpace;
  const block = spaces.blocks[space.attribute] as AttributeBlock;
  return block.rows[u * block.width + space.column + (space.classes.of[v] as number)] as number;
}

/** "Color · inter · Gaussian σ = 2^-1" */
export function spaceName(space: KernelSpace, attributeName: string): string {
  return `${attributeName} · ${space.kind} · ${kernelName(space.kernel)}`;
}
