import { LABEL_FONT } from './cellGeometry.ts';
import { LABEL_FAMILY } from './MatrixFrame.tsx';

const widths = new Map<string, number>();
let context: CanvasRenderingContext2D | null | undefined;

/** Width of a label at the axes' font, measured once per text. */
export function measureLabel(text: string): number {
  const known = widths.get(text);
  if (known !== undefined) return known;
  if (context === undefined) {
    context = document.createElement('canvas').getContext('2d');
    if (context) context.font = `${LABEL_FONT}px ${LABEL_FAMILY}`;
  }
  const w = context ? context.measureText(text).width : text.length * LABEL_FONT * 0.6;
  if (widths.size > 50_000) widths.clear();
  widths.set(text, w);
  return w;
}
