import { useCallback, useMemo, useState } from 'react';
import { FIT_PAD } from './scatterStyle.ts';
import {
  applyZoom,
  type Bounds,
  dataBounds,
  fitMapping,
  IDENTITY,
  type Zoom,
} from './viewTransform.ts';

/** The user's zoom, and the data bounds it was made on (null while the view follows the data). */
export interface View {
  zoom: Zoom;
  frozen: Bounds | null;
}

const FOLLOW: View = { zoom: IDENTITY, frozen: null };

/**
 * The scatter's view: the points fitted to the plot (following the data as a layout animates),
 * then the user's zoom; the first zoom or pan pins the data bounds so later frames don't refit.
 */
export function useScatterView(
  points: Float64Array,
  width: number,
  height: number,
  aspect: 'fill' | 'equal',
) {
  const [view, setView] = useState<View>(FOLLOW);
  const liveBounds = useMemo(() => dataBounds(points), [points]);
  const fit = useMemo(
    () => fitMapping(view.frozen ?? liveBounds, width, height, FIT_PAD, aspect),
    [view.frozen, liveBounds, width, height, aspect],
  );
  const mapping = useMemo(() => applyZoom(fit, view.zoom), [fit, view.zoom]);
  /** Changes the zoom; the first change pins the data bounds so later frames don't refit. */
  const changeView = useCallback(
    (f: (z: Zoom) => Zoom) => setView((v) => ({ frozen: v.frozen ?? liveBounds, zoom: f(v.zoom) })),
    [liveBounds],
  );
  /** Back to following the data, unzoomed. */
  const reset = () => setView(FOLLOW);
  return { view, liveBounds, mapping, changeView, reset };
}
