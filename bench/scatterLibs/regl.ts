import createScatterplot from 'regl-scatterplot';
import { extent, markShown, rgb } from './shown.ts';

/**
 * regl-scatterplot 1.16 drawing the layout on `canvas`: x and y normalised to [−1, 1] as its
 * API asks (the layout's larger side to the canvas's height, as the app's "equal" aspect does),
 * coloured by blob (categorical `valueA`), dots of `diameter` px, pan and zoom by mouse (its
 * default `panZoom` mode). It draws (WebGL1, regl) into a shared offscreen canvas and copies
 * each frame onto this one with a 2-D drawImage; a frame counts as shown after that copy (its
 * synchronous `drawing` event): there is no WebGL2 fence to wait on.
 */
export async function drawRegl(
  canvas: HTMLCanvasElement,
  points: Float64Array,
  cluster: Uint8Array,
  colors: string[],
  diameter: number,
): Promise<void> {
  const n = cluster.length;
  const { cx, cy, size } = extent(points);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const valueA = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = (2 * ((points[2 * i] as number) - cx)) / size;
    y[i] = (2 * ((points[2 * i + 1] as number) - cy)) / size;
    valueA[i] = cluster[i] as number;
  }
  const scatterplot = createScatterplot({
    canvas,
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    pointSize: diameter,
    // It reads hex colours only.
    pointColor: colors.map(
      (c) =>
        `#${rgb(c)
          .map((v) => v.toString(16).padStart(2, '0'))
          .join('')}`,
    ),
    colorBy: 'valueA',
    opacity: 1,
  });
  // Only frames with the points count (its spatial index, built after the upload, may finish
  // before or after draw()'s promise resolves).
  scatterplot.subscribe('drawing', () => {
    if (scatterplot.get('isPointsDrawn')) markShown(canvas);
  });
  await scatterplot.draw({ x, y, valueA }, { zDataType: 'categorical' });
}
