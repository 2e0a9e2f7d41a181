import { internal } from '../base/errors.ts';
/**
 * Maximum-weight one-to-one assignment between the rows and columns of a rows × cols matrix
 * (Hungarian algorithm, O(n³), on the square cost padded with zeros). Returns, for each row, its
 * column or −1 when the row is left unmatched (rows > cols).
 */
export function maximumAssignment(weights: Float64Array, rows: number, cols: number): Int32Array {
  if (weights.length !== rows * cols)
    throw internal(`weights have ${weights.length} cells, not ${rows} × ${cols}`);
  const n = Math.max(rows, cols);
  let max = 0;
  for (const w of weights) if (w > max) max = w;
  // Minimise cost = max − weight on an n × n square (padding cells cost max: weight 0).
  const cost = (i: number, j: number): number =>
    i < rows && j < cols ? max - (weights[i * cols + j] as number) : max;
  // Jonker-Volgenant style potentials (1-based arrays, column 0 is a sentinel).
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const match = new Int32Array(n + 1); // match[j] = row assigned to column j (1-based), 0 = none
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    match[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = match[j0] as number;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - (u[i0] as number) - (v[j] as number);
        if (cur < (minv[j] as number)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[match[j] as number] = (u[match[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else minv[j] = (minv[j] as number) - delta;
      }
      j0 = j1;
    } while (match[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      match[j0] = match[j1] as number;
      j0 = j1;
    } while (j0 !== 0);
  }
  const out = new Int32Array(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = (match[j] as number) - 1;
    if (i >= 0 && i < rows && j - 1 < cols) out[i] = j - 1;
  }
  return out;
}
