import type { Renderer } from './renderer.ts';

export type ScatterMode = 'box' | 'lasso' | 'pan';

/** The renderer in use, and the choice of the other. */
export interface RendererChoice {
  shown: Renderer;
  webglPossible: boolean;
  /** Which renderer draws and why (the buttons' title). */
  title: string;
  choose(renderer: Renderer): void;
}

const MODES: { mode: ScatterMode; label: string; title: string }[] = [
  { mode: 'box', label: 'Box', title: 'Box select: drag a rectangle' },
  { mode: 'lasso', label: 'Lasso', title: 'Lasso select: drag around the points' },
  { mode: 'pan', label: 'Pan', title: 'Pan: drag to move (or hold Space / the middle button)' },
];

/** Drag mode, view reset and exports of a scatter; plain buttons, so Tab and Enter work. */
export function ScatterToolbar({
  mode,
  onMode,
  canReset,
  onReset,
  onExport,
  density,
  onDensity,
  labels,
  onLabels,
  renderer,
}: {
  mode: ScatterMode;
  onMode(mode: ScatterMode): void;
  canReset: boolean;
  onReset(): void;
  /** Density contours shown. */
  density: boolean;
  onDensity(shown: boolean): void;
  /** Cluster labels shown; null when the scatter cannot label (its points are not the table's rows). */
  labels: boolean | null;
  onLabels(shown: boolean): void;
  onExport: { png(): void; svg(): void; csv(): void };
  renderer: RendererChoice;
}) {
  return (
    <div className="scatter-toolbar">
      <div className="button-group" role="group" aria-label="Drag mode">
        {MODES.map((m) => (
          <button
            key={m.mode}
            type="button"
            className="small"
            aria-pressed={mode === m.mode}
            title={m.title}
            onClick={() => onMode(m.mode)}
          >
            {m.label}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="small"
        disabled={!canReset}
        title="Fit all points again (or double-click the plot)"
        onClick={onReset}
      >
        Reset view
      </button>
      <button
        type="button"
        className="small"
        aria-pressed={density}
        title="Density contours: where the points crowd (identical rows count as often as they occur)"
        onClick={() => onDensity(!density)}
      >
        Density
      </button>
      {labels !== null && (
        <button
          type="button"
          className="small"
          aria-pressed={labels}
          title="Cluster labels: each cluster of the layout as shown, named by the values of highest lift (P(value | cluster) / P(value)) that most of it holds"
          onClick={() => onLabels(!labels)}
        >
          Labels
        </button>
      )}
      <div className="button-group" role="group" aria-label="Renderer" title={renderer.title}>
        <button
          type="button"
          className="small"
          aria-pressed={renderer.shown === 'webgl'}
          disabled={!renderer.webglPossible}
          onClick={() => renderer.choose('webgl')}
        >
          WebGL
        </button>
        <button
          type="button"
          className="small"
          aria-pressed={renderer.shown === 'cpu'}
          onClick={() => renderer.choose('cpu')}
        >
          CPU
        </button>
      </div>
      <div className="button-group" role="group" aria-label="Export">
        <button type="button" className="small" aria-label="Download PNG" onClick={onExport.png}>
          PNG
        </button>
        <button type="button" className="small" aria-label="Download SVG" onClick={onExport.svg}>
          SVG
        </button>
        <button type="button" className="small" aria-label="Download CSV" onClick={onExport.csv}>
          CSV
        </button>
      </div>
    </div>
  );
}
