/**
 * Point shapes, so a scatter can show a second categorical variable (the true class) while the
 * colour shows a score. Each shape is a signed distance (negative inside) used by the raster
 * for anti-aliased fills and outlines, and an SVG element of the same geometry for exports.
 */
export const SHAPES = ['circle', 'square', 'diamond', 'triangle'] as const;
export type Shape = (typeof SHAPES)[number];

/** Shape index of a category (cycling when there are more categories than shapes). */
export const shapeOf = (category: number): number => category % SHAPES.length;

// Sizes chosen so every shape covers about the area of the disc of radius r (the WebGL
// scatter's fragment shader, glShaders.ts, reads the same constants).
export const SQUARE = 0.886; // half side: (2·0.886r)² ≈ πr²
export const DIAMOND = 1.253; // half diagonal: 2·(1.253r)² ≈ πr²
export const TRIANGLE = 0.778; // inradius: 3√3·(0.778r)² ≈ πr²

/** Signed distance from (x, y) (y down, centre 0) to the shape's edge; negative inside. */
export function signedDistance(shape: number, x: number, y: number, r: number): number {
  switch (shape) {
    case 1:
      return Math.max(Math.abs(x), Math.abs(y)) - SQUARE * r;
    case 2:
      return (Math.abs(x) + Math.abs(y) - DIAMOND * r) / Math.SQRT2;
    case 3: {
      // Equilateral, pointing up: edge normals (±√3/2, −½) and (0, 1) in screen coordinates.
      const up = -y;
      return Math.max(Math.abs(x) * (Math.sqrt(3) / 2) + up * 0.5, -up) - TRIANGLE * r;
    }
    default:
      return Math.hypot(x, y) - r;
  }
}

const n = (v: number): string => String(Math.round(v * 100) / 100);

/** A polygon's corners (x, y pairs) for the square, diamond and triangle; null for the circle. */
export function shapeCorners(shape: number, x: number, y: number, r: number): number[] | null {
  switch (shape) {
    case 1: {
      const h = SQUARE * r;
      return [x - h, y - h, x + h, y - h, x + h, y + h, x - h, y + h];
    }
    case 2: {
      const h = DIAMOND * r;
      return [x, y - h, x + h, y, x, y + h, x - h, y];
    }
    case 3: {
      const a = TRIANGLE * r; // inradius; the circumradius is 2a
      const s = a * Math.sqrt(3);
      return [x, y - 2 * a, x + s, y + a, x - s, y + a];
    }
    default:
      return null;
  }
}

/** The shape centred at (x, y) as an SVG element (fill and stroke come from its group). */
export function shapeSvg(shape: number, x: number, y: number, r: number): string {
  const corners = shapeCorners(shape, x, y, r);
  if (!corners) return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`;
  const points: string[] = [];
  for (let k = 0; k < corners.length; k += 2)
    points.push(`${n(corners[k] as number)},${n(corners[k + 1] as number)}`);
  return `<polygon points="${points.join(' ')}"/>`;
}
