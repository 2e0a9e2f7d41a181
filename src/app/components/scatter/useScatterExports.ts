import { useCallback, type RefObject } from 'react';
import { useStore } from '../../store/index.ts';
import { useExportPicture } from '../export/exportHooks.ts';
import type { PlacedText } from './annotations.ts';
import type { DrawInput } from './draw.ts';
import { scatterExports } from './exportFiles.ts';
import { scatterSvg } from './scatterExport.ts';
import { FIT_PAD, pointRadius } from './scatterStyle.ts';
import { useScatterNumbers } from './useScatterNumbers.ts';
import { fitMapping, type Bounds, type Mapping } from './viewTransform.ts';

export interface ScatterExportInput {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  points: Float64Array;
  /** What the canvas draws now, and its labels and badges. */
  drawInput: DrawInput;
  annotations: readonly PlacedText[];
  /** The labels and badges of a picture fitted to `mapping`. */
  annotate(mapping: Mapping, width: number, height: number, radius: number): PlacedText[];
  liveBounds: Bounds;
  aspect: 'fill' | 'equal';
  /** The canvas's renderer: the panel's export finds the new canvas when it changes. */
  renderer: string;
  /** File name of the exports without extension. */
  base: string;
  labelOf?(i: number): string;
}

/**
 * The scatter's exports: its toolbar's PNG / SVG / CSV of the current view, the panel's picture
 * (every point, fitted as before any zoom) and the coordinates as numbers.
 */
export function useScatterExports(input: ScatterExportInput) {
  const { drawInput, liveBounds, aspect, annotate, points, labelOf, base } = input;
  const n = points.length >> 1;
  // A panel's export draws every point, fitted as before any zoom, whatever the view shows now,
  // with the labels and badges of that picture.
  const wholePicture = useCallback(
    (pw: number, ph: number) => {
      const fitted = fitMapping(liveBounds, pw, ph, FIT_PAD, aspect);
      const r = pointRadius(n, 1);
      return scatterSvg(
        { ...drawInput, width: pw, height: ph, mapping: fitted, radius: r, background: '#ffffff' },
        annotate(fitted, pw, ph, r),
      );
    },
    [drawInput, liveBounds, aspect, n, annotate],
  );
  useExportPicture(input.canvasRef, wholePicture, input.renderer);
  const fileLines = useStore((st) => st.loaded?.meta.lines);
  const lineOf = useCallback((i: number) => fileLines?.[i] ?? i + 2, [fileLines]);
  const exports = scatterExports({
    drawInput,
    annotations: input.annotations,
    base,
    labelOf,
    lineOf,
  });
  const plotRef = useScatterNumbers(`${base} coordinates`, points, lineOf, labelOf);
  return { exports, plotRef };
}
