import { createRandom } from '../../src/core/base/random.ts';

/** The generated layout's number of blobs, one colour each. */
export const CLUSTERS = 24;
export const PALETTE = Array.from(
  { length: CLUSTERS },
  (_, c) => `hsl(${(c * 137.5) % 360}, 65%, 45%)`,
);

/**
 * The scatter benches' layout of `n` points (bench/scatter, bench/scatterLibs): a t-SNE-like
 * mixture of 24 seeded Gaussian blobs, and 5 % of the points stacked on another's spot, as
 * identical rows are. `cluster` gives each point's blob (its colour in PALETTE).
 */
export function generateLayout(n: number): { points: Float64Array; cluster: Uint8Array } {
  const random = createRandom(30);
  const cluster = new Uint8Array(n);
  const points = new Float64Array(2 * n);
  const centres = Array.from({ length: CLUSTERS }, () => [60 * random.next(), 60 * random.next()]);
  for (let i = 0; i < n; i++) {
    const c = random.int(CLUSTERS);
    cluster[i] = c;
    if (i > 0 && random.next() < 0.05) {
      // Stacked on an earlier point: identical rows share a position.
      const j = random.int(i);
      points[2 * i] = points[2 * j] as number;
      points[2 * i + 1] = points[2 * j + 1] as number;
      cluster[i] = cluster[j] as number;
      continue;
    }
    // Box–Muller.
    const r = Math.sqrt(-2 * Math.log(1 - random.next())) * (1 + (c % 4));
    const a = 2 * Math.PI * random.next();
    points[2 * i] = (centres[c]?.[0] ?? 0) + r * Math.cos(a);
    points[2 * i + 1] = (centres[c]?.[1] ?? 0) + r * Math.sin(a);
  }
  return { points, cluster };
}
