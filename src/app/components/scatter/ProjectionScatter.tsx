import { useStore } from '../../store/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip } from '../Tooltip.tsx';
import { useWidth } from '../useWidth.ts';
import { type ColorCodes, emphasisMask, groupByCodes, groupByColor } from './colorGroups.ts';
import type { DrawInput } from './draw.ts';
import { scatterExports } from './exportFiles.ts';
import { scatterSvg } from './scatterExport.ts';
import { densityContours } from './density.ts';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportPicture } from '../export/exportHooks.ts';
import { useScatterNumbers } from './useScatterNumbers.ts';
import { ScatterLegend, type LegendSpec } from './ScatterLegend.tsx';
import { FIT_PAD, OUTLINE, PICK_RADIUS, pointRadius } from './scatterStyle.ts';
import { ScatterAnnotations } from './ScatterAnnotations.tsx';
import { useScatterStructure } from './useScatterStructure.ts';
import { lazySpatialIndex } from './spatialIndex.ts';
import { ScatterToolbar, type ScatterMode } from './ScatterToolbar.tsx';
import { emphasisBoxOf, useCanvasDraw } from './useCanvasDraw.ts';
import { defaultRenderer, glSupport, rendererTitle, type Renderer } from './renderer.ts';
import { selectionDigest } from './selectionDigest.ts';
import { usePointerGestures } from './usePointerGestures.ts';
import {
  applyZoom,
  type Bounds,
  dataBounds,
  fitMapping,
  formatZoom,
  IDENTITY,
  toScreen,
  type Zoom,
} from './viewTransform.ts';

export interface ProjectionScatterProps {
  /** n × 2 coordinates, row-major; may be replaced every frame while a layout animates. */
  points: Float64Array;
  color(i: number): string;
  /**
   * The same colours as codes into a palette, when the caller has them: the colour groups are
   * then made from the codes, without a string per point (faster at a million points).
   */
  colorCodes?: ColorCodes | null;
  /** Objects drawn on top, larger and outlined; the rest fade when any is emphasised. */
  emphasised: ReadonlySet<number>;
  tooltip(i: number): string[];
  onHover(i: number | null): void;
  /** Box, lasso or click selection, ascending; empty = cleared. */
  onSelect(objects: number[]): void;
  /** data-testid of the root. */
  name: string;
  /** Height of the plot in pixels (the toolbar comes on top). */
  height?: number;
  /**
   * The view is fitted again (and the user's zoom dropped) when this changes. Without it every
   * new `points` array is a new layout; pass one that stays the same over an animated run.
   */
  layoutKey?: string;
  /** File name of the exports without extension; defaults to `name`. */
  exportName?: string;
  /** Adds a label column to the CSV export. */
  labelOf?(i: number): string;
  /** Colour legend shown above the plot. */
  legend?: LegendSpec;
  /** 'fill' stretches each axis to the canvas; 'equal' keeps distances comparable. */
  aspect?: 'fill' | 'equal';
  /** Shape of each point (scatter/shapes.ts), e.g. by class while colour shows a score. */
  shapes?: Uint8Array | null;
}

/** The user's zoom, and the data bounds it was made on (null while the view follows the data). */
interface View {
  zoom: Zoom;
  frozen: Bounds | null;
}

const FOLLOW: View = { zoom: IDENTITY, frozen: null };

/**
 * Objects of a 2-D projection on one canvas, for tens of thousands of points: colour-batched
 * drawing, wheel zoom and pan, box / lasso / click selection, hover through a grid index, and
 * PNG / SVG / CSV export of the current view.
 * Long: its markup and the wiring of its hooks; gestures, drawing and exports are usePointerGestures.ts, useCanvasDraw.ts and exportFiles.ts.
 */
export function ProjectionScatter({
  points,
  color,
  colorCodes = null,
  emphasised,
  tooltip,
  onHover,
  onSelect,
  name,
  height = 360,
  layoutKey,
  exportName,
  labelOf,
  legend,
  aspect = 'fill',
  shapes = null,
}: ProjectionScatterProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [asked, setAsked] = useState<Renderer>(defaultRenderer);
  const [lastSelection, setLastSelection] = useState('');
  const n = points.length >> 1;
  // Less the plot's 1 px border on each side.
  const w = Math.max(width - 2, 240);
  const [mode, setMode] = useState<ScatterMode>('box');
  const [view, setView] = useState<View>(FOLLOW);
  const [density, setDensity] = useState(false);
  const [labels, setLabels] = useState(false);
  const structure = useScatterStructure(points, labels);
  const { annotate, rowsAt, countOf } = structure;

  const liveBounds = useMemo(() => dataBounds(points), [points]);
  const fit = useMemo(
    () => fitMapping(view.frozen ?? liveBounds, w, height, FIT_PAD, aspect),
    [view.frozen, liveBounds, w, height, aspect],
  );
  const mapping = useMemo(() => applyZoom(fit, view.zoom), [fit, view.zoom]);
  const groups = useMemo(
    () => (colorCodes ? groupByCodes(n, colorCodes) : groupByColor(n, color)),
    [n, color, colorCodes],
  );
  const mask = useMemo(() => emphasisMask(n, emphasised), [n, emphasised]);
  const radius = pointRadius(n, view.zoom.k);
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
      sizes: structure.sizes,
    }),
    [points, groups, mask, emphasised, mapping, w, height, radius, shapes, n, structure.sizes],
  );
  const emphasisBox = useMemo(
    () => emphasisBoxOf(emphasised, points, mapping, w, height),
    [emphasised, points, mapping, w, height],
  );
  // Built on the first hover after the points change, not on every animation frame; at a
  // million points in slices (a hover waits for it, a click does not).
  const lazyIndex = useMemo(() => lazySpatialIndex(points), [points]);
  useEffect(() => () => lazyIndex.stop(), [lazyIndex]);
  const index = lazyIndex.get;
  const surface = useCanvasDraw(canvasRef, drawInput, asked);
  const contours = useMemo(
    () => (density ? densityContours(points, mapping, w, height) : null),
    [density, points, mapping, w, height],
  );
  const annotations = useMemo(
    () => annotate(mapping, w, height, radius),
    [annotate, mapping, w, height, radius],
  );
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
  useExportPicture(canvasRef, wholePicture, surface.renderer);

  /** Changes the zoom; the first change pins the data bounds so later frames don't refit. */
  const changeView = useCallback(
    (f: (z: Zoom) => Zoom) => setView((v) => ({ frozen: v.frozen ?? liveBounds, zoom: f(v.zoom) })),
    [liveBounds],
  );
  const reset = () => setView(FOLLOW);
  const gestures = usePointerGestures({
    canvasRef,
    points,
    mapping,
    zoom: view.zoom,
    mode,
    width: w,
    height,
    surface: surface.renderer,
    index,
    changeView,
    reset,
    onHover,
    // A click on a dot of several identical rows selects them all.
    onSelect: (objects) => {
      const rows = objects.length === 1 ? rowsAt(objects[0] as number) : objects;
      setLastSelection(selectionDigest(rows));
      onSelect(rows);
    },
    pickRadius: Math.max(PICK_RADIUS, radius * structure.maxScale),
  });
  const { overlay } = gestures;

  // A new layout: fit it afresh (state adjusted during render, React's "previous props" pattern).
  const key: unknown = layoutKey ?? points;
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setView(FOLLOW);
    gestures.dropHover();
  }

  const fileLines = useStore((st) => st.loaded?.meta.lines);
  const lineOf = useCallback((i: number) => fileLines?.[i] ?? i + 2, [fileLines]);
  const exports = scatterExports({
    drawInput,
    annotations,
    base: exportName ?? name,
    labelOf,
    lineOf,
  });
  const plotRef = useScatterNumbers(`${exportName ?? name} coordinates`, points, lineOf, labelOf);
  const hover = gestures.hover;
  const hovered = hover && hover.i < n && !overlay ? hover : null;
  const ring = hovered
    ? toScreen(mapping, points[2 * hovered.i] as number, points[2 * hovered.i + 1] as number)
    : null;

  return (
    <div
      ref={ref}
      className="scatter"
      data-testid={name}
      data-points={n}
      data-mode={mode}
      data-transform={formatZoom(view.zoom)}
      data-emphasis-box={emphasisBox}
      data-emphasised={emphasised.size}
      data-labels={labels ? (structure.labelsPending ? 'pending' : 'shown') : 'off'}
      data-renderer={surface.renderer}
      data-selection={lastSelection}
    >
      <div className="scatter-head">
        {legend ? <ScatterLegend spec={legend} /> : <span />}
        <ScatterToolbar
          mode={mode}
          onMode={setMode}
          canReset={view.frozen !== null}
          onReset={reset}
          onExport={exports}
          density={density}
          onDensity={setDensity}
          labels={structure.labelsPossible ? labels : null}
          onLabels={setLabels}
          renderer={{
            shown: surface.renderer,
            webglPossible: glSupport().available,
            title: rendererTitle(surface.renderer, glSupport(), surface.fallback),
            choose: setAsked,
          }}
        />
      </div>
      <div
        ref={plotRef}
        className="scatter-plot"
        style={{ width: w, height }}
        {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
      >
        <canvas
          // Each renderer draws on a canvas of its own (a canvas keeps its first kind of context).
          key={surface.renderer}
          ref={canvasRef}
          style={{ width: w, height, cursor: gestures.cursor }}
          tabIndex={0}
          aria-label={`${name}: ${n} points. Drag to ${mode === 'pan' ? 'pan' : 'select'}, wheel or + / − to zoom, arrows to pan, 0 to reset`}
          {...gestures.handlers}
        />
        <svg className="scatter-overlay" width={w} height={height} aria-hidden="true">
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
          {overlay?.kind === 'lasso' && (
            <polygon className="brush" points={overlay.path.join(' ')} />
          )}
          {ring && (
            <circle
              cx={ring[0]}
              cy={ring[1]}
              r={radius * (structure.sizes?.[hovered?.i ?? 0] ?? 1) + 3}
              fill="none"
              className="hover-ring"
              stroke={OUTLINE}
            />
          )}
        </svg>
      </div>
      {hovered && (
        <Tooltip
          x={hovered.cx}
          y={hovered.cy}
          lines={withCount(tooltip(hovered.i), countOf(hovered.i))}
          owner={name}
        />
      )}
    </div>
  );
}

/** The tooltip's lines with "1,490 identical rows" after the first, for a dot of several rows. */
function withCount(lines: string[], count: number): string[] {
  if (count <= 1) return lines;
  const [first, ...rest] = lines;
  return [first ?? '', `${count.toLocaleString('en-US')} identical rows`, ...rest];
}
