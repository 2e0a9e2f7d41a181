import type { AttributeBlock, KernelSpaces } from './kernelSpaces.ts';
import { addWeightedGram } from './rowGram.ts';

/**
 * One mini-batch's two heavy steps of UNTIE's learning (learning.ts): the batch's block of the
 * wrapper kernel S (Eq. (19)), and with H fixed the coefficients of the loss in every weight.
 * Both read each attribute's block of class columns (kernelSpaces.ts): the columns of K_p of the
 * values of one class (valueClasses.ts) are equal, so a space costs d ≤ m columns, not m —
 * exactly — and one pass over a value's row of the block serves all the attribute's spaces.
 */

/**
 * S on the batch (Eq. (19) restricted to b objects): S[r, s] = Σ_p Σ_t ω_pt K_p[u_r, t]·K_p[t, u_s].
 * Per attribute, over the q distinct values of the batch and the class columns of its spaces:
 * Σ_(p,h) K_p[u, h]·W̃_ph·K_p[h, w] with W̃_ph the summed weights of class h, a q × q weighted
 * Gram product of the values' rows of the block (rowGram.ts).
 */
export function batchKernel(
  spaces: KernelSpaces,
  codes: readonly Int32Array[],
  batch: Int32Array,
  weights: Float64Array,
  S: Float64Array,
  scratch: Scratch = createScratch(spaces, batch.length),
): void {
  const b = batch.length;
  S.fill(0);
  const { local, present, starts, block, classW } = scratch;
  spaces.blocks.forEach((attributeBlock, attribute) => {
    const { rows, width } = attributeBlock;
    const q = batchValues(codes[attribute] as Int32Array, batch, scratch);
    blockWeights(attributeBlock, weights, classW);
    for (let i = 0; i < q; i++) starts[i] = (present[i] as number) * width;
    block.fill(0, 0, q * q);
    addWeightedGram(rows, starts, q, classW, width, block);
    spreadBlock(block, q, local, b, S);
  });
}

/** W̃ of every class column of an attribute's block: the sum of its values' weights. */
function blockWeights(block: AttributeBlock, weights: Float64Array, classW: Float64Array): void {
  const { weightStart, weightEnd, weightColumn } = block;
  classW.fill(0, 0, block.width);
  for (let c = weightStart; c < weightEnd; c++) {
    const h = weightColumn[c - weightStart] as number;
    classW[h] = (classW[h] as number) + (weights[c] as number);
  }
}

/** S[r, s] += block[local r, local s]: a q × q block of distinct values spread to the b rows. */
function spreadBlock(
  block: Float64Array,
  q: number,
  local: Int32Array,
  b: number,
  S: Float64Array,
): void {
  for (let r = 0; r < b; r++) {
    const from = (local[r] as number) * q;
    for (let s = 0; s < b; s++)
      S[r * b + s] = (S[r * b + s] as number) + (block[from + (local[s] as number)] as number);
  }
}

/**
 * a_c = φ_cᵀ(I − HHᵀ)φ_c and t_c = φ_cᵀφ_c for every weight c, φ_c being column c of its kernel
 * over the batch (φ_c[r] = K_p[u_r, x]), H the b × n_c leading eigenvectors (Eq. (17)):
 * a_c = ‖φ_c‖² − ‖Hᵀφ_c‖². Objects sharing a value share φ entries, so with q distinct values,
 * ‖φ‖² = Σ_i count_i·φ_i² and (Hᵀφ)_l = Σ_i Hq[i, l]·φ_i with Hq[i, l] = Σ_{u_r = i} H[r, l]:
 * q·(n_c + 1) products per column, and one column per class (equal for its values).
 *
 * `centre` (the centred learnings of learning.ts): the columns centred over the batch,
 * φ̃ = φ − mean(φ)·1, so t_c = ‖φ̃‖² = ‖φ‖² − (Σφ)²/b and Hᵀφ̃ = (JH)ᵀφ with J = I − 11ᵀ/b. The sum
 * Σφ rides along as one more column of Hq (every row weighted 1: Hq[i, n_c] = count_i). A
 * column constant over the batch then has t_c = a_c = 0: it cannot move the loss.
 */
export function weightCoefficients(
  spaces: KernelSpaces,
  codes: readonly Int32Array[],
  batch: Int32Array,
  H: Float64Array,
  nc: number,
  a: Float64Array,
  t: Float64Array,
  scratch: Scratch,
  centre = false,
  /** H's row stride: b for the batch's b × b eigenvectors, n_c for an n × n_c H (fullData.ts). */
  stride = batch.length,
): void {
  const b = batch.length;
  const { count, hq, projection, squares, present, starts } = scratch;
  const columns = centre ? nc + 1 : nc;
  const means = centre ? columnMeans(H, b, nc, stride) : null;
  spaces.blocks.forEach((attributeBlock, attribute) => {
    const q = batchValues(codes[attribute] as Int32Array, batch, scratch);
    batchH(H, b, nc, stride, q, means, scratch);
    const { rows, width, weightStart, weightEnd, weightColumn } = attributeBlock;
    for (let i = 0; i < q; i++) starts[i] = (present[i] as number) * width;
    columnSums(rows, width, starts, count, q, hq, columns, squares, projection);
    // a of each class column into `projection`'s first row, t into `squares`, then to each
    // value's weight.
    for (let h = 0; h < width; h++) {
      let th = squares[h] as number;
      if (centre) {
        const sum = projection[nc * width + h] as number;
        th = Math.max(0, th - (sum * sum) / b);
      }
      let ah = th;
      for (let l = 0; l < nc; l++) {
        const y = projection[l * width + h] as number;
        ah -= y * y;
      }
      squares[h] = th;
      projection[h] = Math.max(0, ah);
    }
    for (let c = weightStart; c < weightEnd; c++) {
      const h = weightColumn[c - weightStart] as number;
      a[c] = projection[h] as number;
      t[c] = squares[h] as number;
    }
  });
}

/** The mean of each of H's first nc columns over the b batch rows (for JH). */
function columnMeans(H: Float64Array, b: number, nc: number, stride: number): Float64Array {
  const means = new Float64Array(nc);
  for (let r = 0; r < b; r++)
    for (let l = 0; l < nc; l++)
      means[l] = (means[l] as number) + (H[r * stride + l] as number) / b;
  return means;
}

/**
 * Hq[i, l] = Σ_{u_r = i} H[r, l] (less the column's mean when centred), n_c columns, and with
 * `means` one more column Hq[i, n_c] = count_i (the rows' sum, for Σφ).
 */
function batchH(
  H: Float64Array,
  b: number,
  nc: number,
  stride: number,
  q: number,
  means: Float64Array | null,
  scratch: Scratch,
): void {
  const { local, count, hq } = scratch;
  const columns = means ? nc + 1 : nc;
  hq.fill(0, 0, q * columns);
  for (let r = 0; r < b; r++) {
    const i = local[r] as number;
    for (let l = 0; l < nc; l++)
      hq[i * columns + l] =
        (hq[i * columns + l] as number) + (H[r * stride + l] as number) - (means?.[l] ?? 0);
  }
  if (means) for (let i = 0; i < q; i++) hq[i * columns + nc] = count[i] as number;
}

/** S ← JSJ, J = I − 11ᵀ/b: the batch's kernel centred in feature space (rows and columns). */
export function centreGram(S: Float64Array, b: number): void {
  const rowMean = new Float64Array(b);
  let total = 0;
  for (let r = 0; r < b; r++) {
    let sum = 0;
    for (let s = 0; s < b; s++) sum += S[r * b + s] as number;
    rowMean[r] = sum / b;
    total += sum;
  }
  const mean = total / (b * b);
  for (let r = 0; r < b; r++)
    for (let s = 0; s < b; s++)
      S[r * b + s] =
        (S[r * b + s] as number) - (rowMean[r] as number) - (rowMean[s] as number) + mean;
}

/**
 * Per class column h: squares[h] = Σ_i count_i·A[u_i, h]², projection[l, h] = Σ_i Hq[i, l]·A[u_i, h]
 * over the rows A[u_i, ·] (at `starts`), four rows at a time (each pass over h reads four rows
 * and updates each sum once).
 */
function columnSums(
  A: Float64Array,
  d: number,
  starts: Int32Array,
  count: Float64Array,
  q: number,
  hq: Float64Array,
  nc: number,
  squares: Float64Array,
  projection: Float64Array,
): void {
  squares.fill(0, 0, d);
  projection.fill(0, 0, nc * d);
  for (let i = 0; i < q; i += 4) {
    // Rows past q repeat row i with weight 0.
    const more = (k: number): boolean => i + k < q;
    const r0 = starts[i] as number;
    const r1 = more(1) ? (starts[i + 1] as number) : r0;
    const r2 = more(2) ? (starts[i + 2] as number) : r0;
    const r3 = more(3) ? (starts[i + 3] as number) : r0;
    const c0 = count[i] as number;
    const c1 = more(1) ? (count[i + 1] as number) : 0;
    const c2 = more(2) ? (count[i + 2] as number) : 0;
    const c3 = more(3) ? (count[i + 3] as number) : 0;
    for (let h = 0; h < d; h++) {
      const k0 = A[r0 + h] as number;
      const k1 = A[r1 + h] as number;
      const k2 = A[r2 + h] as number;
      const k3 = A[r3 + h] as number;
      squares[h] =
        (squares[h] as number) + c0 * k0 * k0 + c1 * k1 * k1 + c2 * k2 * k2 + c3 * k3 * k3;
    }
    for (let l = 0; l < nc; l++) {
      const w0 = hq[i * nc + l] as number;
      const w1 = more(1) ? (hq[(i + 1) * nc + l] as number) : 0;
      const w2 = more(2) ? (hq[(i + 2) * nc + l] as number) : 0;
      const w3 = more(3) ? (hq[(i + 3) * nc + l] as number) : 0;
      const target = l * d;
      for (let h = 0; h < d; h++)
        projection[target + h] =
          (projection[target + h] as number) +
          w0 * (A[r0 + h] as number) +
          w1 * (A[r1 + h] as number) +
          w2 * (A[r2 + h] as number) +
          w3 * (A[r3 + h] as number);
    }
  }
}

/**
 * The batch's distinct values of one attribute: `present[i]` the value of distinct index i,
 * `local[r]` the index of batch row r, `count[i]` how many rows hold it. Returns q.
 */
function batchValues(column: Int32Array, batch: Int32Array, scratch: Scratch): number {
  const { local, present, index, count } = scratch;
  let q = 0;
  for (let r = 0; r < batch.length; r++) {
    const u = column[batch[r] as number] as number;
    let i = index[u] as number;
    if (i < 0) {
      i = q++;
      index[u] = i;
      present[i] = u;
      count[i] = 0;
    }
    local[r] = i;
    count[i] = (count[i] as number) + 1;
  }
  for (let i = 0; i < q; i++) index[present[i] as number] = -1;
  return q;
}

/** Work arrays of one training run, allocated once (wide tables have thousands of attributes). */
export interface Scratch {
  local: Int32Array;
  present: Int32Array;
  /** −1 for every value, as a look-up from value to its place among the batch's values. */
  index: Int32Array;
  count: Float64Array;
  /** The q × q block of one attribute. */
  block: Float64Array;
  /** Where the kernel row of each of the q values starts. */
  starts: Int32Array;
  /** Per class column of an attribute's block: summed weight. */
  classW: Float64Array;
  hq: Float64Array;
  projection: Float64Array;
  squares: Float64Array;
}

export function createScratch(spaces: KernelSpaces, b: number, nc = b, gram = true): Scratch {
  const maxM = spaces.spaces.reduce((mx, s) => Math.max(mx, s.m), 0);
  const maxD = spaces.blocks.reduce((mx, block) => Math.max(mx, block.width), 0);
  return {
    local: new Int32Array(b),
    present: new Int32Array(b),
    index: new Int32Array(maxM).fill(-1),
    count: new Float64Array(b),
    // The batch's q × q block (batchKernel); none for the full-data learning (b = n).
    block: new Float64Array(gram ? b * b : 0),
    starts: new Int32Array(b),
    classW: new Float64Array(maxD),
    // n_c columns of H and, when centred, one of ones (weightCoefficients).
    hq: new Float64Array(b * (nc + 1)),
    projection: new Float64Array((nc + 1) * maxD),
    squares: new Float64Array(maxD),
  };
}

/**
 * The cost of one iteration (both steps) for sizing progress, in products of rowGram's tiles:
 * per space the q(q + 1)/2 row pairs over d classes, q ≤ min(b, m) values; the q(n_c + 2) row
 * passes weighting and projecting the rows, and the per-weight work (class sums, Adam) each cost
 * about three tile products (measured).
 */
export function iterationWork(spaces: KernelSpaces, b: number, nc: number): number {
  let work = 0;
  for (const s of spaces.spaces) {
    const q = Math.min(b, s.m);
    work += ((q * (q + 1)) / 2 + 3 * q * (nc + 2)) * s.classes.count + 30 * s.m;
  }
  return work + spaces.byAttribute.length * b * b;
}
