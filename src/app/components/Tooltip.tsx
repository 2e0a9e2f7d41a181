import { createPortal } from 'react-dom';
import { cssZoom } from './cssZoom.ts';

/**
 * The floating tooltip every view uses: fixed-positioned at the pointer and rendered into the
 * document's body (so no panel clips it, and panels can contain their own layout and paint),
 * flipped to the pointer's left on the right half of the window; the first line is the title.
 */
export function Tooltip({
  x,
  y,
  lines,
  owner,
}: {
  x: number;
  y: number;
  lines: string[];
  /** The view it explains (its test id): the tooltip itself lives in the body, not in the view. */
  owner?: string;
}) {
  const flip = x > window.innerWidth / 2;
  // The pointer is in the window's pixels; the body's may be zoomed (projector mode).
  const zoom = cssZoom();
  return createPortal(
    <div
      className="tooltip"
      role="tooltip"
      data-owner={owner}
      style={{
        left: x / zoom + (flip ? -14 : 14),
        top: y / zoom + 16,
        transform: flip ? 'translateX(-100%)' : undefined,
      }}
    >
      {lines.map((line, k) => (
        <div key={k} className={k === 0 ? 'tooltip-title' : undefined}>
          {line}
        </div>
      ))}
    </div>,
    document.body,
  );
}
