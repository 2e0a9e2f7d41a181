/**
 * The effective CSS zoom at an element: 1, or 1.5 in the tours' projector mode (`zoom` on the
 * root). Pointer positions (clientX/Y) and getBoundingClientRect are in the window's pixels, a
 * drawing's coordinates in its own CSS pixels: divide by this to go from one to the other.
 */
export function cssZoom(element: Element | null = document.body): number {
  const zoom = (element as (Element & { currentCSSZoom?: number }) | null)?.currentCSSZoom;
  return typeof zoom === 'number' && zoom > 0 ? zoom : 1;
}

/** Where a pointer is inside an element, in the element's own CSS pixels. */
export function localPoint(
  event: { clientX: number; clientY: number },
  element: Element,
): [number, number] {
  const rect = element.getBoundingClientRect();
  const zoom = cssZoom(element);
  return [(event.clientX - rect.left) / zoom, (event.clientY - rect.top) / zoom];
}
