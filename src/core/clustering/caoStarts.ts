import type { ValueCosts } from './kmodes.ts';

/**
 * Cao, Liang, Bai (2009)'s deterministic k-modes initialisation: an object's density is the mean
 * over attributes of the share of objects sharing its value; the first start is the densest
 * object, each next one the object maximising min over the starts s of d(x, s) · density(x), with
 * d the simple matching distance (Cao et al.'s and the Python kmodes package's). Ties: the first
 * object. Returns the k starts' indices.
 */
export function caoStarts(data: ValueCosts, k: number): Int32Array {
  const { n, codes, widths } = data;
  const D = widths.length;
  const density = new Float64Array(n);
  for (let a = 0; a < D; a++) {
    const counts = new Float64Array(widths[a] as number);
    for (let i = 0; i < n; i++) {
      const v = codes[i * D + a] as number;
      counts[v] = (counts[v] as number) + 1;
    }
    for (let i = 0; i < n; i++)
      density[i] =
        (density[i] as number) + (counts[codes[i * D + a] as number] as number) / (n * D);
  }
  const starts = new Int32Array(k);
  let first = 0;
  for (let i = 1; i < n; i++) if ((density[i] as number) > (density[first] as number)) first = i;
  starts[0] = first;
  // nearest[i] = min over the starts so far of the mismatches between object i and a start.
  const nearest = new Float64Array(n).fill(Infinity);
  for (let c = 1; c < k; c++) {
    const s = starts[c - 1] as number;
    let arg = 0;
    let max = -Infinity;
    for (let i = 0; i < n; i++) {
      let mismatches = 0;
      for (let a = 0; a < D; a++) if (codes[i * D + a] !== codes[s * D + a]) mismatches++;
      nearest[i] = Math.min(nearest[i] as number, mismatches);
      const score = (nearest[i] as number) * (density[i] as number);
      if (score > max) {
        max = score;
        arg = i;
      }
    }
    starts[c] = arg;
  }
  return starts;
}
