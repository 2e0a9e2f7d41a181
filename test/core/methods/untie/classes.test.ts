/**
 * UNTIE through value classes (issue 26): values with identical coupling vectors share their rows
 * and columns of every kernel, so the learning's batch kernel and coefficients and the value
 * tables are computed on the d distinct vectors. They must equal the sums over full m × m kernels
 * (Eqs. (7), (18), (19), (22)) — on a table where d is much smaller than m.
 */
import { describe, expect, it } from 'vitest';
import {
  batchKernel,
  createScratch,
  weightCoefficients,
} from '../../../../src/core/methods/untie/batch.ts';
import {
  kernelEntry,
  kernelSpaces,
  type KernelSpaces,
} from '../../../../src/core/methods/untie/kernelSpaces.ts';
import { KERNEL_SETS, kernelMatrix } from '../../../../src/core/methods/untie/kernelFunctions.ts';
import { similarityTables } from '../../../../src/core/methods/untie/vectorRepresentation.ts';
import { valueClasses } from '../../../../src/core/methods/untie/valueClasses.ts';
import { symmetricEigen } from '../../../../src/core/linalg/pca.ts';
import { createRandom } from '../../../../src/core/base/random.ts';
import { ExplorerSession } from '../../../../src/core/platform/session.ts';

/** 400 rows: `id` with 120 values (most seen once or twice), and two small columns. */
async function session(): Promise<ExplorerSession> {
  const random = createRandom(5);
  const lines = ['id,a,b'];
  for (let i = 0; i < 400; i++) {
    const z = random.int(3);
    lines.push(
      `v${i < 120 ? i : random.int(120)},a${(z + random.int(2)) % 3},b${z}${random.int(2)}`,
    );
  }
  const s = new ExplorerSession();
  await s.load([`${lines.join('\n')}\n`]);
  return s;
}

/** K_p in full, m × m, from its coupling space's vectors (kernels.ts's kernelMatrix). */
function fullKernels(spaces: KernelSpaces): Float64Array[] {
  return spaces.spaces.map((space) => {
    const coupling = spaces.coupling.find(
      (c) => c.attribute === space.attribute && c.kind === space.kind,
    );
    if (!coupling) throw new Error('no coupling space');
    return kernelMatrix(coupling.vectors, space.m, coupling.dims, space.kernel, true);
  });
}

const randomWeights = (n: number, seed: number) => {
  const random = createRandom(seed);
  return Float64Array.from({ length: n }, () => 2 * random.next());
};

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe('value classes', () => {
  it('group identical vectors (0 and −0 alike), numbered by first value', () => {
    const vectors = Float64Array.of(1, 0, 2, 5, 1, -0, 2, 5, 3, 3);
    const classes = valueClasses(vectors, 5, 2);
    expect(classes.count).toBe(3);
    expect(Array.from(classes.of)).toEqual([0, 1, 0, 1, 2]);
    expect(Array.from(classes.vectors)).toEqual([1, 0, 2, 5, 3, 3]);
  });

  it('a 120-value column has far fewer distinct intra vectors; every K_p entry is kept', async () => {
    const s = await session();
    const spaces = kernelSpaces(s.counts().cooccurrence, s.table.nRows, KERNEL_SETS.default, true);
    const id = spaces.spaces[0];
    expect(id?.m).toBe(120);
    expect(id?.classes.count).toBeLessThan(15);
    fullKernels(spaces).forEach((K, p) => {
      const space = spaces.spaces[p]!;
      for (let u = 0; u < space.m; u++)
        for (let v = 0; v < space.m; v++)
          expect(kernelEntry(spaces, p, u, v)).toBe(K[u * space.m + v]);
    });
  });
});

describe('UNTIE on value classes equals UNTIE on full kernels', () => {
  it('S on a batch (Eq. (19)) and the value tables G_a (Eq. (18))', async () => {
    const s = await session();
    const spaces = kernelSpaces(s.counts().cooccurrence, s.table.nRows, KERNEL_SETS.default, true);
    const K = fullKernels(spaces);
    const weights = randomWeights(spaces.nWeights, 1);
    const codes = s.table.attributes.map((a) => a.codes);
    const batch = Int32Array.of(0, 5, 7, 150, 151, 152, 300, 301, 399, 7, 200);
    const b = batch.length;
    const S = new Float64Array(b * b);
    batchKernel(spaces, codes, batch, weights, S);
    const { tables, tableStart } = similarityTables(
      spaces,
      s.table.attributes.map((a) => a.labels.length),
      weights,
    );
    // Σ_p Σ_x K_p[u, x]·ω_px·K_p[x, w], space by space over full kernels.
    const g = (attribute: number, u: number, w: number): number => {
      let sum = 0;
      spaces.spaces.forEach((space, p) => {
        if (space.attribute !== attribute) return;
        const Kp = K[p]!;
        for (let x = 0; x < space.m; x++)
          sum += Kp[u * space.m + x]! * weights[space.weightStart + x]! * Kp[x * space.m + w]!;
      });
      return sum;
    };
    for (let r = 0; r < b; r++)
      for (let c = 0; c < b; c++) {
        let expected = 0;
        codes.forEach((column, a) => (expected += g(a, column[batch[r]!]!, column[batch[c]!]!)));
        expect(close(S[r * b + c]!, expected)).toBe(true);
      }
    s.table.attributes.forEach((attr, a) => {
      const m = attr.labels.length;
      for (const [u, w] of [
        [0, 0],
        [0, m - 1],
        [m - 1, 1],
        [m >> 1, m - 1],
      ])
        expect(close(tables[tableStart[a]! + u * m + w]!, g(a, u, w))).toBe(true);
    });
  });

  it('the loss coefficients a_c = φ_cᵀ(I − HHᵀ)φ_c and t_c = φ_cᵀφ_c (Eq. (22))', async () => {
    const s = await session();
    const spaces = kernelSpaces(s.counts().cooccurrence, s.table.nRows, KERNEL_SETS.default, true);
    const K = fullKernels(spaces);
    const weights = randomWeights(spaces.nWeights, 2);
    const codes = s.table.attributes.map((a) => a.codes);
    const batch = Int32Array.of(1, 2, 3, 120, 121, 250, 251, 252, 398, 3);
    const b = batch.length;
    const nc = 3;
    const S = new Float64Array(b * b);
    batchKernel(spaces, codes, batch, weights, S);
    const H = symmetricEigen(S, b).vectors;
    const a = new Float64Array(spaces.nWeights);
    const t = new Float64Array(spaces.nWeights);
    weightCoefficients(spaces, codes, batch, H, nc, a, t, createScratch(spaces, b, nc));
    const M = new Float64Array(b * b);
    for (let r = 0; r < b; r++)
      for (let c = 0; c < b; c++) {
        let h = 0;
        for (let l = 0; l < nc; l++) h += H[r * b + l]! * H[c * b + l]!;
        M[r * b + c] = (r === c ? 1 : 0) - h;
      }
    spaces.spaces.forEach((space, p) => {
      const column = codes[space.attribute]!;
      const phi = new Float64Array(b);
      for (let x = 0; x < space.m; x++) {
        for (let r = 0; r < b; r++) phi[r] = K[p]![column[batch[r]!]! * space.m + x]!;
        let quadratic = 0;
        let squares = 0;
        for (let r = 0; r < b; r++) {
          squares += phi[r]! ** 2;
          for (let c = 0; c < b; c++) quadratic += phi[r]! * M[r * b + c]! * phi[c]!;
        }
        expect(Math.abs(a[space.weightStart + x]! - quadratic)).toBeLessThan(1e-9 * (1 + squares));
        expect(close(t[space.weightStart + x]!, squares)).toBe(true);
      }
    });
  });
});
