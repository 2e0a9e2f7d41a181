import { useRef, useState } from 'react';
import { useWidth } from '../useWidth.ts';
import type { ProjectionScatterProps } from './ProjectionScatter.tsx';
import { defaultRenderer, type Renderer } from './renderer.ts';
import type { ScatterMode } from './ScatterToolbar.tsx';
import { useCanvasDraw } from './useCanvasDraw.ts';
import { useScatterExports } from './useScatterExports.ts';
import { useScatterPicture } from './useScatterPicture.ts';
import { useScatterPointer } from './useScatterPointer.ts';
import { useScatterStructure } from './useScatterStructure.ts';
import { useScatterView } from './useScatterView.ts';

/**
 * The state of a ProjectionScatter: its width, toolbar choices (mode, density, labels,
 * renderer), view, picture, canvas, pointer and exports, wired together.
 */
export function useProjectionScatter({
  points,
  color,
  colorCodes = null,
  emphasised,
  onHover,
  onSelect,
  name,
  height = 360,
  layoutKey,
  exportName,
  labelOf,
  aspect = 'fill',
  shapes = null,
}: ProjectionScatterProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [asked, setAsked] = useState<Renderer>(defaultRenderer);
  const n = points.length >> 1;
  // Less the plot's 1 px border on each side.
  const w = Math.max(width - 2, 240);
  const [mode, setMode] = useState<ScatterMode>('box');
  const [density, setDensity] = useState(false);
  const [labels, setLabels] = useState(false);
  const structure = useScatterStructure(points, labels);
  const { view, liveBounds, mapping, changeView, reset } = useScatterView(
    points,
    w,
    height,
    aspect,
  );
  const { drawInput, radius, emphasisBox, contours, annotations } = useScatterPicture({
    points,
    color,
    colorCodes,
    emphasised,
    shapes,
    mapping,
    zoomK: view.zoom.k,
    width: w,
    height,
    sizes: structure.sizes,
    density,
    annotate: structure.annotate,
  });
  const surface = useCanvasDraw(canvasRef, drawInput, asked);
  const { gestures, hovered, ring, lastSelection } = useScatterPointer({
    canvasRef,
    points,
    mapping,
    zoom: view.zoom,
    mode,
    width: w,
    height,
    renderer: surface.renderer,
    changeView,
    reset,
    onHover,
    onSelect,
    rowsAt: structure.rowsAt,
    sizes: structure.sizes,
    maxScale: structure.maxScale,
    radius,
    layoutKey: layoutKey ?? points,
  });
  const { exports, plotRef } = useScatterExports({
    canvasRef,
    points,
    drawInput,
    annotations,
    annotate: structure.annotate,
    liveBounds,
    aspect,
    renderer: surface.renderer,
    base: exportName ?? name,
    labelOf,
  });
  return {
    ref,
    canvasRef,
    n,
    w,
    height,
    mode,
    setMode,
    density,
    setDensity,
    labels,
    setLabels,
    setAsked,
    structure,
    view,
    reset,
    emphasisBox,
    contours,
    annotations,
    surface,
    gestures,
    hovered,
    ring,
    lastSelection,
    exports,
    plotRef,
  };
}
