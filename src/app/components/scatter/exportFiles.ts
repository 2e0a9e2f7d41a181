import { downloadBlob } from '../download.ts';
import { drawScatter, type DrawInput } from './draw.ts';
import { scatterCsv, scatterSvg } from './scatterExport.ts';
import { drawAnnotations, type PlacedText } from './annotations.ts';

export interface ExportSource {
  /** What the canvas draws now (current view). */
  drawInput: DrawInput;
  /** Cluster labels and count badges shown now. */
  annotations: readonly PlacedText[];
  /** File name without extension. */
  base: string;
  labelOf?(i: number): string;
  /** The user's file line of row i (the header is line 1). */
  lineOf(i: number): number;
}

/** The scatter's PNG (at least 2× the screen), SVG and CSV downloads, on a white background. */
export const scatterExports = (source: ExportSource) => ({
  png() {
    const { drawInput, base } = source;
    const canvas = document.createElement('canvas');
    const ratio = Math.max(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(drawInput.width * ratio);
    canvas.height = Math.round(drawInput.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    drawScatter(ctx, { ...drawInput, background: '#ffffff' }, ratio);
    drawAnnotations(ctx, source.annotations, ratio);
    canvas.toBlob((blob) => blob && downloadBlob(blob, `${base}.png`), 'image/png');
  },
  svg() {
    const svg = scatterSvg({ ...source.drawInput, background: '#ffffff' }, source.annotations);
    downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `${source.base}.svg`);
  },
  csv() {
    const csv = scatterCsv(source.drawInput.points, source.labelOf, source.lineOf);
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${source.base}.csv`);
  },
});
