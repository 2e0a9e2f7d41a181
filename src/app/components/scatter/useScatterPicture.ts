import { useMemo } from 'react';
import type { PlacedText } from './annotations.ts';
import { type ColorCodes, emphasisMask, groupByCodes, groupByColor } from './colorGroups.ts';
import { densityContours } from './density.ts';
import type { DrawInput } from './draw.ts';
import { pointRadius } from './scatterStyle.ts';
import { emphasisBoxOf } from './useCanvasDraw.ts';
import type { Mapping } from './viewTransform.ts';

export interface PictureInput {
  points: Float64Array;
  color(i: number): string;
  colorCodes: ColorCodes | null;
  emphasised: ReadonlySet<number>;
  shapes: Uint8Array | null;
  mapping: Mapping;
  /** The zoom's scale: dots grow a little as the user zooms in. */
  zoomK: number;
  width: number;
  height: number;
  /** Dot sizes of stacked identical rows (useScatterStructure), or null. */
  sizes: Float32Array | null;
  density: boolean;
  /** Cluster labels and count badges for a mapping (useScatterStructure). */
  annotate(mapping: Mapping, width: number, height: number, radius: number): PlacedText[];
}

/**
 * What the scatter draws for the current view: the dots batched by colour with the emphasised
 * ones on top (the canvas's DrawInput), the emphasised dots' box, density contours when asked,
 * and the labels and badges.
 */
export function useScatterPicture(input: PictureInput) {
  const { points, color, colorCodes, emphasised, shapes, mapping, width: w, height } = input;
  const { sizes, density, annotate } = input;
  const n = points.length >> 1;
  const groups = useMemo(
    () => (colorCodes ? groupByCodes(n, colorCodes) : groupByColor(n, color)),
    [n, color, colorCodes],
  );
  const mask = useMemo(() => emphasisMask(n, emphasised), [n, emphasised]);
  const radius = pointRadius(n, input.zoomK);
  const drawInput = useMemo<DrawInput>(
    () => ({
      points,
      groups,
      mask,
      anyEmphasis: emphasised.size > 0,
      mapping,
      width: w,
      height,
      radius,
      shapes: shapes && shapes.length === n ? shapes : null,
      sizes,
    }),
    [points, groups, mask, emphasised, mapping, w, height, radius, shapes, n, sizes],
  );
  const emphasisBox = useMemo(
    () => emphasisBoxOf(emphasised, points, mapping, w, height),
    [emphasised, points, mapping, w, height],
  );
  const contours = useMemo(
    () => (density ? densityContours(points, mapping, w, height) : null),
    [density, points, mapping, w, height],
  );
  const annotations = useMemo(
    () => annotate(mapping, w, height, radius),
    [annotate, mapping, w, height, radius],
  );
  return { drawInput, radius, emphasisBox, contours, annotations };
}
