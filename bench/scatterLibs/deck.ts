import { Deck, OrthographicView } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import { extent, markShownAfterFence, rgb } from './shown.ts';

/**
 * deck.gl 9.4's ScatterplotLayer in an OrthographicView drawing the layout on `canvas`:
 * positions (float32, relative to the layout's centre) and colours (8-bit RGB per point, by
 * blob) handed over as binary attributes (deck.gl's fast path: no accessor call per point),
 * dots of radius `diameter / 2` px, its controller for pan (drag) and zoom (wheel). A frame
 * counts as shown once a fence after its commands is signalled (onAfterRender), as the app's.
 */
export async function drawDeck(
  canvas: HTMLCanvasElement,
  points: Float64Array,
  cluster: Uint8Array,
  colors: string[],
  diameter: number,
): Promise<void> {
  const n = cluster.length;
  const { cx, cy, size } = extent(points);
  const palette = colors.map(rgb);
  const positions = new Float32Array(2 * n);
  const fill = new Uint8Array(3 * n);
  for (let i = 0; i < n; i++) {
    positions[2 * i] = (points[2 * i] as number) - cx;
    positions[2 * i + 1] = (points[2 * i + 1] as number) - cy;
    fill.set(palette[cluster[i] as number] ?? [0, 0, 0], 3 * i);
  }
  const layer = new ScatterplotLayer({
    id: 'points',
    data: {
      length: n,
      attributes: {
        getPosition: { value: positions, size: 2 },
        getFillColor: { value: fill, size: 3, normalized: true },
      },
    },
    radiusUnits: 'pixels',
    getRadius: diameter / 2,
    stroked: false,
    filled: true,
  });
  let loaded = false;
  new Deck({
    canvas,
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    useDevicePixels: 1,
    views: new OrthographicView({ flipY: false }),
    // The layout's larger side to the canvas's height.
    initialViewState: { target: [0, 0, 0], zoom: Math.log2(canvas.clientHeight / size) },
    controller: true,
    layers: [layer],
    onLoad: () => {
      loaded = true;
    },
    onAfterRender: ({ gl }) => {
      if (loaded) markShownAfterFence(gl, canvas);
    },
  });
  return Promise.resolve();
}
