import { interpolateSinebow, quantize, schemeTableau10 } from 'd3';

/** One colour per class, shared by every view that colours by class. */
export function classPalette(count: number): string[] {
  if (count <= schemeTableau10.length) return schemeTableau10.slice(0, count);
  return quantize((t) => interpolateSinebow(t * 0.92), count);
}
