import { groupByColor } from '../../src/app/components/scatter/colorGroups.ts';
import { createGlScatter } from '../../src/app/components/scatter/glScatter.ts';
import { FIT_PAD } from '../../src/app/components/scatter/scatterStyle.ts';
import {
  applyZoom,
  dataBounds,
  fitMapping,
  IDENTITY,
  panBy,
  zoomAbout,
  type Zoom,
} from '../../src/app/components/scatter/viewTransform.ts';
import { markShown } from './shown.ts';

/**
 * Our WebGL2 renderer alone (glScatter.ts, as the app's scatter calls it from useCanvasDraw.ts),
 * without ProjectionScatter around it: no React, no identical-row groups, badges, labels or
 * spatial index, so its rows show what the renderer costs apart from the app's own per-frame
 * work. Colour groups as the app builds them (colorGroups.ts), the layout fitted "equal" as the
 * app does, dots of radius `diameter / 2`, a frame per animation frame while the view changes
 * (drag pans, wheel zooms by the app's factor, usePointerGestures.ts), shown once its fence is
 * signalled (onDrawn).
 */
export async function drawOursGl(
  canvas: HTMLCanvasElement,
  points: Float64Array,
  cluster: Uint8Array,
  colors: string[],
  diameter: number,
): Promise<void> {
  const n = cluster.length;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const scatter = createGlScatter(canvas, () => markShown(canvas));
  if (!scatter) throw new Error('no WebGL2 context');
  const groups = groupByColor(n, (i) => colors[cluster[i] as number] as string);
  const fitted = fitMapping(dataBounds(points), width, height, FIT_PAD, 'equal');
  const mask = new Uint8Array(n);
  let zoom: Zoom = IDENTITY;
  let pending = 0;
  const frame = () => {
    pending = 0;
    const input = { points, groups, mask, anyEmphasis: false, width, height, radius: diameter / 2 };
    scatter.draw({ ...input, mapping: applyZoom(fitted, zoom) }, 1, '#ffffff');
  };
  const redraw = () => {
    if (!pending) pending = requestAnimationFrame(frame);
  };
  let last: [number, number] | null = null;
  canvas.addEventListener('pointerdown', (e) => (last = [e.clientX, e.clientY]));
  window.addEventListener('pointerup', () => (last = null));
  canvas.addEventListener('pointermove', (e) => {
    if (!last) return;
    zoom = panBy(zoom, e.clientX - last[0], e.clientY - last[1]);
    last = [e.clientX, e.clientY];
    redraw();
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const box = canvas.getBoundingClientRect();
      zoom = zoomAbout(zoom, e.clientX - box.left, e.clientY - box.top, 2 ** (-e.deltaY * 0.002));
      redraw();
    },
    { passive: false },
  );
  redraw();
  return Promise.resolve();
}
