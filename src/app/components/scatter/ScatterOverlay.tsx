import type { PlacedText } from './annotations.ts';
import type { densityContours } from './density.ts';
import { ScatterAnnotations } from './ScatterAnnotations.tsx';
import { OUTLINE } from './scatterStyle.ts';
import type { Overlay } from './usePointerGestures.ts';

/**
 * What is drawn over the scatter's canvas: density contours, cluster labels and count badges,
 * the box or lasso being dragged, and a ring round the hovered dot.
 */
export function ScatterOverlay({
  width,
  height,
  contours,
  annotations,
  overlay,
  ring,
}: {
  width: number;
  height: number;
  contours: ReturnType<typeof densityContours> | null;
  annotations: readonly PlacedText[];
  overlay: Overlay | null;
  /** The hovered dot's centre on screen and its radius, px. */
  ring: { x: number; y: number; r: number } | null;
}) {
  return (
    <svg className="scatter-overlay" width={width} height={height} aria-hidden="true">
      {contours && (
        <g className="density" data-testid="density-contours">
          {contours.paths.map((d, k) => (
            <path
              key={k}
              d={d}
              fill="none"
              stroke="#374151"
              strokeOpacity={0.25 + 0.6 * (contours.levels[k] ?? 0)}
              strokeWidth={1}
            />
          ))}
        </g>
      )}
      <ScatterAnnotations list={annotations} />
      {overlay?.kind === 'box' && (
        <rect
          className="brush"
          x={Math.min(overlay.x0, overlay.x1)}
          y={Math.min(overlay.y0, overlay.y1)}
          width={Math.abs(overlay.x1 - overlay.x0)}
          height={Math.abs(overlay.y1 - overlay.y0)}
        />
      )}
      {overlay?.kind === 'lasso' && <polygon className="brush" points={overlay.path.join(' ')} />}
      {ring && (
        <circle
          cx={ring.x}
          cy={ring.y}
          r={ring.r}
          fill="none"
          className="hover-ring"
          stroke={OUTLINE}
        />
      )}
    </svg>
  );
}
