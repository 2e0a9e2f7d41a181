import { LABEL_FONT } from './cellGeometry.ts';
import { LABEL_FAMILY } from './MatrixFrame.tsx';

const widths = new Map<string, number>();
let context: CanvasRenderingContext2D | null | undefined;

/**
 * Width of a label at the axes' font, measured once per text; `size` and `weight` for a view's
 * own labels (11 px, bold when emphasised: measured bold, the widest it is drawn).
 */
export function measureLabel(text: string, size = LABEL_FONT, weight = 400): number {
  const key = size === LABEL_FONT && weight === 400 ? text : `${size}|${weight}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  let w = text.length * size * 0.6;
  if (context) {
    context.font = `${weight} ${size}px ${LABEL_FAMILY}`;
    w = context.measureText(text).width;
  }
  if (widths.size > 50_000) widths.clear();
  widths.set(key, w);
  return w;
}
