import { createRoot } from 'react-dom/client';
import { ProjectionScatter } from '../../src/app/components/scatter/ProjectionScatter.tsx';
import '../../src/app/styles.css';
import { generateLayout, PALETTE } from './layout.ts';

/**
 * The scatter bench's page (bench/scatter.bench.ts builds and drives it): the app's own
 * ProjectionScatter on the generated layout of `?n=` points (layout.ts: 24 seeded Gaussian
 * blobs, one colour each, 5 % of the points stacked on another's spot), drawn by
 * `?renderer=webgl|cpu`. `window.bench` says when the points were ready and when the scatter
 * was asked to draw.
 */
const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 1_000_000);
const t0 = performance.now();
const { points, cluster } = generateLayout(n);
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
