/**
 * Reference yardsticks shared by the projection bench and tests: a dense P calibrated over all
 * points and the exact KL(P‖Q) of a layout against it, written straight from the definitions
 * (O(N²) time and memory) so that every layout, ours or tsne-js's, is measured the same way.
 */
import { euclidean, type VectorInput } from '../src/core/platform/projectionInput.ts';
import { createRandom } from '../src/core/base/random.ts';

/**
 * Dense P (n × n, row-major): each row calibrated over all other points (Gaussian on d², entropy
 * to 1e-10 of log perplexity by bisection), symmetrised as (P + Pᵀ) / 2n.
 */
export function denseAffinities(input: VectorInput, perplexity: number): Float64Array {
  const { n } = input;
  const target = Math.log(perplexity);
  const p = new Float64Array(n * n);
  const d2 = new Float64Array(n);
  const row = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) d2[j] = euclidean(input, i, j) ** 2;
    const fill = (beta: number): number => {
      let sum = 0;
      let weighted = 0;
      for (let j = 0; j < n; j++) {
        const w = j === i ? 0 : Math.exp(-beta * d2[j]!);
        row[j] = w;
        sum += w;
        weighted += w * d2[j]!;
      }
      for (let j = 0; j < n; j++) row[j] = row[j]! / sum;
      return Math.log(sum) + (beta * weighted) / sum;
    };
    let lo = 0;
    let hi = 1;
    while (fill(hi) > target) hi *= 2;
    let entropy = Infinity;
    for (let step = 0; step < 200 && Math.abs(entropy - target) > 1e-10; step++) {
      const mid = (lo + hi) / 2;
      entropy = fill(mid);
      if (entropy > target) lo = mid;
      else hi = mid;
    }
    for (let j = 0; j < n; j++) {
      p[i * n + j] = p[i * n + j]! + row[j]! / (2 * n);
      p[j * n + i] = p[j * n + i]! + row[j]! / (2 * n);
    }
  }
  return p;
}

/** KL(P‖Q), P dense (n × n) and Q the exact Student-t similarities of the layout (n × 2). */
export function denseKl(p: Float64Array, layout: ArrayLike<number>): number {
  const n = layout.length / 2;
  let z = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if (i !== j)
        z +=
          1 /
          (1 +
            (layout[2 * i]! - layout[2 * j]!) ** 2 +
            (layout[2 * i + 1]! - layout[2 * j + 1]!) ** 2);
  let kl = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const pij = p[i * n + j]!;
      if (i === j || pij <= 0) continue;
      const d2 =
        (layout[2 * i]! - layout[2 * j]!) ** 2 + (layout[2 * i + 1]! - layout[2 * j + 1]!) ** 2;
      kl += pij * Math.log(pij * z * (1 + d2));
    }
  return kl;
}

/**
 * Runs `work` with Math.random replaced by a seeded generator (tsne-js draws its start from
 * Math.random), restoring it afterwards.
 */
export function withSeededMathRandom<T>(seed: number, work: () => T): T {
  const random = Math.random;
  Math.random = createRandom(seed).next;
  try {
    return work();
  } finally {
    Math.random = random;
  }
}
