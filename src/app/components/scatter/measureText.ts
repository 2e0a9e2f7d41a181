import { annotationFont, type PlacedText } from './annotations.ts';

let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/**
 * The width in CSS pixels of an annotation's text in its font (a canvas's measureText, cached),
 * so labels are placed by the size they are drawn at; 7 px a character without a canvas.
 */
export function measureAnnotation(text: string, kind: PlacedText['kind']): number {
  const key = `${kind}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  context ??= document.createElement('canvas').getContext('2d');
  let w = 7 * text.length;
  if (context) {
    context.font = annotationFont(kind);
    w = context.measureText(text).width;
  }
  if (widths.size > 2000) widths.clear();
  widths.set(key, w);
  return w;
}
