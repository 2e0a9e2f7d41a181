import { createRandom } from '../src/core/base/random.ts';

/**
 * A 5,000-row table with planted anomalies (issue 29): attributes a-e follow one latent
 * z ∈ {0, 1, 2} exactly ((z + k) mod 3), f and g are free (3 and 4 values), and 10 rows (class
 * odd; the others normal) hold c = RARE, a value no other row holds, in an otherwise typical row.
 */
export function plantedAnomaliesCsv(rows = 5000, planted = 10, seed = 1): string {
  const rng = createRandom(seed);
  const chosen = new Set<number>();
  while (chosen.size < planted) chosen.add(rng.int(rows));
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const lines = [[...names, 'class'].join(',')];
  for (let r = 0; r < rows; r++) {
    const z = rng.int(3);
    const odd = chosen.has(r);
    const cells = names.map((name, k) => {
      if (odd && k === 2) return 'RARE';
      if (k === 5) return `${name}${rng.int(3)}`;
      if (k === 6) return `${name}${rng.int(4)}`;
      return `${name}${(z + k) % 3}`;
    });
    lines.push([...cells, odd ? 'odd' : 'normal'].join(','));
  }
  return `${lines.join('\n')}\n`;
}
