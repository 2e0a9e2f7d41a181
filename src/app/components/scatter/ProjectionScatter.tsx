import { Tooltip } from '../Tooltip.tsx';
import type { ColorCodes } from './colorGroups.ts';
import { EXPORT_NUMBERS_ATTRIBUTE } from '../export/exportHooks.ts';
import { ScatterLegend, type LegendSpec } from './ScatterLegend.tsx';
import { ScatterOverlay } from './ScatterOverlay.tsx';
import { ScatterToolbar } from './ScatterToolbar.tsx';
import { glSupport, rendererTitle } from './renderer.ts';
import { useProjectionScatter } from './useProjectionScatter.ts';
import { formatZoom } from './viewTransform.ts';

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

/**
 * Objects of a 2-D projection on one canvas, for tens of thousands of points: colour-batched
 * drawing, wheel zoom and pan, box / lasso / click selection, hover through a grid index, and
 * PNG / SVG / CSV export of the current view.
 * Its view is useScatterView.ts, what it draws useScatterPicture.ts (drawn by useCanvasDraw.ts),
 * its pointer useScatterPointer.ts, its exports useScatterExports.ts, and what is drawn over the
 * canvas ScatterOverlay.tsx.
 */
export function ProjectionScatter(props: ProjectionScatterProps) {
  const { emphasised, tooltip, name, legend } = props;
  const scatter = useProjectionScatter(props);
  const { ref, canvasRef, n, w, height, mode, structure, view, surface, gestures } = scatter;
  const { labels, hovered, exports } = scatter;
  return (
    <div
      ref={ref}
      className="scatter"
      data-testid={name}
      data-points={n}
      data-mode={mode}
      data-transform={formatZoom(view.zoom)}
      data-emphasis-box={scatter.emphasisBox}
      data-emphasised={emphasised.size}
      data-labels={labels ? (structure.labelsPending ? 'pending' : 'shown') : 'off'}
      data-renderer={surface.renderer}
      data-selection={scatter.lastSelection}
    >
      <div className="scatter-head">
        {legend ? <ScatterLegend spec={legend} /> : <span />}
        <ScatterToolbar
          mode={mode}
          onMode={scatter.setMode}
          canReset={view.frozen !== null}
          onReset={scatter.reset}
          onExport={exports}
          density={scatter.density}
          onDensity={scatter.setDensity}
          labels={structure.labelsPossible ? labels : null}
          onLabels={scatter.setLabels}
          renderer={{
            shown: surface.renderer,
            webglPossible: glSupport().available,
            title: rendererTitle(surface.renderer, glSupport(), surface.fallback),
            choose: scatter.setAsked,
          }}
        />
      </div>
      <div
        ref={scatter.plotRef}
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
        <ScatterOverlay
          width={w}
          height={height}
          contours={scatter.contours}
          annotations={scatter.annotations}
          overlay={gestures.overlay}
          ring={scatter.ring}
        />
      </div>
      {hovered && (
        <Tooltip
          x={hovered.cx}
          y={hovered.cy}
          lines={withCount(tooltip(hovered.i), structure.countOf(hovered.i))}
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
