import { createRoot } from 'react-dom/client';
import { createRandom } from '../../src/core/base/random.ts';
import { ProjectionScatter } from '../../src/app/components/scatter/ProjectionScatter.tsx';
import '../../src/app/styles.css';

/**
 * The scatter bench's page (bench/scatter.bench.ts builds and drives it): the app's own
 * ProjectionScatter on a generated layout of `?n=` points (a t-SNE-like mixture of 24 seeded
 * Gaussian blobs, one colour each, and 5 % of the points stacked on another's spot, as
 * identical rows are), drawn by `?renderer=webgl|cpu`. `window.bench` says when the points were
 * ready and when the scatter was asked to draw.
 */
const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 1_000_000);
const CLUSTERS = 24;
const PALETTE = Array.from({ length: CLUSTERS }, (_, c) => `hsl(${(c * 137.5) % 360}, 65%, 45%)`);

const t0 = performance.now();
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
const color = (i: number): string => PALETTE[cluster[i] as number] as string;
// The app's colour-bys hand the scatter their codes too (useObjectColor.ts).
const colorCodes = { codes: cluster, palette: PALETTE, fallback: '#6b7280' };
const none = new Set<number>();
// The trace's mark of the render call (bench/scatter.bench.ts counts the CPU time from it).
performance.mark('bench-render');
const bench = { generatedMs: performance.now() - t0, renderAt: performance.now() };
(window as unknown as { bench: typeof bench }).bench = bench;

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <ProjectionScatter
      name="bench"
      points={points}
      color={color}
      colorCodes={colorCodes}
      emphasised={none}
      tooltip={(i) => [`point ${i}`]}
      onHover={() => {}}
      onSelect={() => {}}
      height={640}
      aspect="equal"
    />,
  );
