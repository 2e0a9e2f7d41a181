import type { Random } from '../base/random.ts';
import type { ValueCosts } from './kmodes.ts';

/**
 * Huang's (1998) k-modes initialisation as the Python kmodes package reads it: each of the k
 * centres takes, per attribute, a value drawn with probability ∝ its frequency (the value of a
 * uniformly drawn object, attribute by attribute); each centre is then replaced by the object
 * most similar to it under simple matching (Huang's measure; ties: the first object) among those
 * whose values differ from every start already placed, so the k starts are distinct objects.
 * Returns their indices. With fewer than k distinct objects the rest repeat the nearest object.
 */
export function huangStarts(data: ValueCosts, k: number, rng: Random): Int32Array {
  const { n, codes, widths } = data;
  const D = widths.length;
  const drawn = new Int32Array(k * D);
  for (let c = 0; c < k; c++)
    for (let a = 0; a < D; a++) drawn[c * D + a] = codes[rng.int(n) * D + a] as number;
  const starts = new Int32Array(k);
  const placed = new Set<string>();
  const key = (i: number): string => codes.subarray(i * D, (i + 1) * D).join(',');
  for (let c = 0; c < k; c++) {
    let best = -1;
    let fallback = -1;
    let bestMismatches = Infinity;
    let fallbackMismatches = Infinity;
    for (let i = 0; i < n; i++) {
      let mismatches = 0;
      for (let a = 0; a < D; a++) if (codes[i * D + a] !== drawn[c * D + a]) mismatches++;
      if (mismatches < fallbackMismatches) {
        fallbackMismatches = mismatches;
        fallback = i;
      }
      if (mismatches < bestMismatches && !placed.has(key(i))) {
        bestMismatches = mismatches;
        best = i;
      }
    }
    const chosen = best >= 0 ? best : fallback;
    starts[c] = chosen;
    placed.add(key(chosen));
  }
  return starts;
}
