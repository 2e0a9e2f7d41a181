import { useEffect, useMemo, useState } from 'react';
import { PICK_RADIUS } from './scatterStyle.ts';
import { selectionDigest } from './selectionDigest.ts';
import { lazySpatialIndex } from './spatialIndex.ts';
import { usePointerGestures, type GestureInput } from './usePointerGestures.ts';
import { toScreen } from './viewTransform.ts';

/** What the gestures take (usePointerGestures.ts), less what this hook makes of the rest. */
export interface ScatterPointerInput extends Pick<
  GestureInput,
  | 'canvasRef'
  | 'points'
  | 'mapping'
  | 'zoom'
  | 'mode'
  | 'width'
  | 'height'
  | 'changeView'
  | 'reset'
  | 'onHover'
  | 'onSelect'
> {
  /** The canvas's renderer: gestures listen to its canvas. */
  renderer: string;
  /** The rows drawn as dot i (several when identical rows are stacked), their dot sizes. */
  rowsAt(i: number): number[];
  sizes: Float32Array | null;
  maxScale: number;
  radius: number;
  /** A new layout when this changes: the view is fitted afresh and the hover dropped. */
  layoutKey: unknown;
}

/**
 * The scatter's pointer over its points: gestures through a grid index built on demand, a click
 * on a stacked dot selecting all its rows, the hovered dot and its ring, and a fresh view for a
 * new layout.
 */
export function useScatterPointer(input: ScatterPointerInput) {
  const { points, mapping, radius, sizes, reset } = input;
  const [lastSelection, setLastSelection] = useState('');
  // Built on the first hover after the points change, not on every animation frame; at a
  // million points in slices (a hover waits for it, a click does not).
  const lazyIndex = useMemo(() => lazySpatialIndex(points), [points]);
  useEffect(() => () => lazyIndex.stop(), [lazyIndex]);
  const gestures = usePointerGestures({
    canvasRef: input.canvasRef,
    points,
    mapping,
    zoom: input.zoom,
    mode: input.mode,
    width: input.width,
    height: input.height,
    surface: input.renderer,
    index: lazyIndex.get,
    changeView: input.changeView,
    reset,
    onHover: input.onHover,
    // A click on a dot of several identical rows selects them all.
    onSelect: (objects) => {
      const rows = objects.length === 1 ? input.rowsAt(objects[0] as number) : objects;
      setLastSelection(selectionDigest(rows));
      input.onSelect(rows);
    },
    pickRadius: Math.max(PICK_RADIUS, radius * input.maxScale),
  });
  // A new layout: fit it afresh (state adjusted during render, React's "previous props" pattern).
  const [seenKey, setSeenKey] = useState(input.layoutKey);
  if (seenKey !== input.layoutKey) {
    setSeenKey(input.layoutKey);
    reset();
    gestures.dropHover();
  }
  const hover = gestures.hover;
  const n = points.length >> 1;
  const hovered = hover && hover.i < n && !gestures.overlay ? hover : null;
  const centre = hovered
    ? toScreen(mapping, points[2 * hovered.i] as number, points[2 * hovered.i + 1] as number)
    : null;
  const ring =
    hovered && centre
      ? { x: centre[0], y: centre[1], r: radius * (sizes?.[hovered.i] ?? 1) + 3 }
      : null;
  return { gestures, hovered, ring, lastSelection };
}
