/**
 * Greedy placement of text labels without overlap: labels are taken in the order given (the most
 * important first); each tries a few positions around its anchor, kept inside the bounds, and
 * takes the first that overlaps no box placed before it (nor any of `taken`); a label with no
 * free position is left out. Pure geometry, no DOM.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A label to place: its anchor point and its size. */
export interface LabelRequest {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where a label may go, as offsets of its box centre from the anchor, in label heights. */
const SPOTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, -1.1],
  [0, 1.1],
  [0, -2.2],
  [0, 2.2],
];

export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return (
    a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap
  );
}

/**
 * The box of each request, or null where none fits. `spots`: the offsets of the box's centre
 * from the anchor to try, in label widths (x) and heights (y); `gap`: the free space kept
 * between boxes.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  bounds: { width: number; height: number },
  options: {
    taken?: readonly Box[];
    spots?: readonly (readonly [number, number])[];
    gap?: number;
  } = {},
): (Box | null)[] {
  const { spots = SPOTS, gap = 2 } = options;
  const placed: Box[] = [...(options.taken ?? [])];
  return requests.map((r) => {
    if (!(r.x >= 0 && r.x <= bounds.width && r.y >= 0 && r.y <= bounds.height)) return null;
    if (r.w > bounds.width || r.h > bounds.height) return null;
    for (const [fx, fy] of spots) {
      const x = Math.min(bounds.width - r.w, Math.max(0, r.x + fx * r.w - r.w / 2));
      const y = Math.min(bounds.height - r.h, Math.max(0, r.y + fy * r.h - r.h / 2));
      const box = { x, y, w: r.w, h: r.h };
      if (placed.some((p) => overlaps(p, box, gap))) continue;
      placed.push(box);
      return box;
    }
    return null;
  });
}
