import { contourDensity, geoPath } from 'd3';
import type { Mapping } from './viewTransform.ts';

/** Density contours of a layout as drawn: one SVG path per level, the densest last. */
export interface DensityContours {
  paths: string[];
  /** Each path's level, 0 (the outermost) … 1 (the densest). */
  levels: number[];
}

/**
 * Contours of a Gaussian kernel density estimate of the points as the scatter shows them
 * (d3-contour's `contourDensity`, on a grid of 4 px cells, bandwidth in screen pixels), so that
 * identical rows — drawn as one dot — weigh as many times as they occur. Points off the canvas
 * still count (the density near the edge stays right); non-finite ones are left out.
 */
export function densityContours(
  points: Float64Array,
  mapping: Mapping,
  width: number,
  height: number,
  bandwidth = 18,
  levels = 8,
): DensityContours {
  const n = points.length >> 1;
  const index: number[] = [];
  for (let i = 0; i < n; i++)
    if (Number.isFinite(points[2 * i]) && Number.isFinite(points[2 * i + 1])) index.push(i);
  if (index.length < 3) return { paths: [], levels: [] };
  const contours = contourDensity<number>()
    .x((i) => mapping.ax * (points[2 * i] as number) + mapping.bx)
    .y((i) => mapping.ay * (points[2 * i + 1] as number) + mapping.by)
    .size([Math.max(1, Math.round(width)), Math.max(1, Math.round(height))])
    .cellSize(4)
    .bandwidth(bandwidth)
    .thresholds(levels)(index);
  const path = geoPath();
  const drawn = contours.filter((c) => c.coordinates.length > 0);
  return {
    paths: drawn.map((c) => path(c) ?? ''),
    levels: drawn.map((_, k) => (drawn.length > 1 ? k / (drawn.length - 1) : 1)),
  };
}
