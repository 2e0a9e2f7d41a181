import { iterationWork } from './batch.ts';
import type { KernelSpaces } from './kernelSpaces.ts';
import type { KernelSpec } from './kernelFunctions.ts';

/**
 * How many products each phase of UNTIE computes, to share a run's progress bar among them in
 * proportion (counts of arithmetic, not timings). Before the kernel spaces exist only the table's
 * shape is known, and every value counts as its own class (an upper bound); afterwards the
 * classes give the real sizes.
 */
export interface PhaseWork {
  spaces: number;
  learning: number;
  results: number;
}

/** From the attributes' value counts alone. */
export function workByShape(
  sizes: readonly number[],
  kernels: readonly KernelSpec[],
  iterations: number,
  batch: number,
  clusters: number,
): PhaseWork {
  const L = sizes.reduce((s, m) => s + m, 0);
  const kinds = new Set(kernels.map((k) => k.kind)).size;
  const couplings = sizes.length > 1 ? 2 : 1;
  let spaces = 0;
  let learning = 0;
  let results = 0;
  for (const m of sizes) {
    const dims = 1 + (sizes.length > 1 ? L - m : 0);
    spaces += ((m * m) / 2) * dims * kinds;
    const q = Math.min(batch, m);
    // As batch.ts's iterationWork, with every value its own class.
    learning +=
      couplings * kernels.length * (((q * (q + 1)) / 2 + 3 * q * (clusters + 2)) * m + 30 * m);
    results += couplings * kernels.length * ((m * m * m) / 2 + m * m);
  }
  return { spaces, learning: learning * iterations, results };
}

/** Learning and results once the kernel spaces (and their classes) are known. */
export function workOfSpaces(
  spaces: KernelSpaces,
  iterations: number,
  batch: number,
  clusters: number,
): Omit<PhaseWork, 'spaces'> & { tables: number } {
  let tables = 0;
  let vectors = 0;
  for (const s of spaces.spaces) {
    const d = s.classes.count;
    // The d × d Gram product and its spread to the m × m table; the vectors of Eq. (21).
    tables += (d * d * d) / 2 + d * d + s.m * s.m;
    vectors += s.m * s.m;
  }
  return {
    learning: iterations * iterationWork(spaces, batch, clusters),
    tables,
    results: tables + vectors,
  };
}
