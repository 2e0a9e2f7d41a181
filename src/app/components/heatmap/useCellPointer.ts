import { useState } from 'react';
import { localPoint } from '../cssZoom.ts';
import type { FrameProps, PositionRange } from './MatrixFrame.tsx';

/** A press that moves less than this many pixels is a click, not a brush. */
const DRAG_PX = 4;

/** The cell under the pointer: its position and the pointer's client coordinates. */
export interface CellHover {
  p: number;
  q: number;
  x: number;
  y: number;
}

/**
 * A matrix's pointer: hover tells the cell under it, a click selects a cell, a drag (when the
 * matrix takes one) brushes a rectangle of positions.
 */
export function useCellPointer(
  props: Pick<FrameProps, 'rows' | 'cols' | 'geometry' | 'onHover' | 'onClick' | 'onBrush'>,
) {
  const { rows, cols } = props;
  const { cell } = props.geometry;
  const nRows = rows.items.length;
  const nCols = cols.items.length;
  const [hover, setHover] = useState<CellHover | null>(null);
  const [drag, setDrag] = useState<{ p0: number; q0: number; x0: number; y0: number } | null>(null);
  const [brush, setBrush] = useState<PositionRange | null>(null);

  const position = (event: React.PointerEvent<Element>) => {
    const [x, y] = localPoint(event, event.currentTarget);
    return { p: Math.floor(y / cell), q: Math.floor(x / cell) };
  };
  const clampP = (p: number) => Math.min(Math.max(p, 0), nRows - 1);
  const clampQ = (q: number) => Math.min(Math.max(q, 0), nCols - 1);
  const leave = () => {
    setHover(null);
    props.onHover(null);
  };
  const move = (event: React.PointerEvent<Element>) => {
    const { p, q } = position(event);
    if (drag && props.onBrush) {
      const far =
        Math.abs(event.clientX - drag.x0) > DRAG_PX || Math.abs(event.clientY - drag.y0) > DRAG_PX;
      if (far || brush) {
        const [p1, q1] = [clampP(p), clampQ(q)];
        setBrush({
          r0: Math.min(drag.p0, p1),
          r1: Math.max(drag.p0, p1) + 1,
          c0: Math.min(drag.q0, q1),
          c1: Math.max(drag.q0, q1) + 1,
        });
        return;
      }
    }
    if (p < 0 || q < 0 || p >= nRows || q >= nCols) return leave();
    if (!hover || hover.p !== p || hover.q !== q)
      props.onHover([rows.items[p] as number, cols.items[q] as number]);
    setHover({ p, q, x: event.clientX, y: event.clientY });
  };
  const down = (event: React.PointerEvent<Element>) => {
    if (event.button !== 0) return;
    const { p, q } = position(event);
    setDrag({ p0: clampP(p), q0: clampQ(q), x0: event.clientX, y0: event.clientY });
    if (props.onBrush) event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const up = () => {
    if (brush && props.onBrush) props.onBrush(brush);
    else if (hover && props.onClick)
      props.onClick(rows.items[hover.p] as number, cols.items[hover.q] as number);
    setDrag(null);
    setBrush(null);
  };

  return { hover, brush, drag, move, down, up, leave };
}
