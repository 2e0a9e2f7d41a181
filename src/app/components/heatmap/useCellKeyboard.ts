import { useRef, useState } from 'react';

/** A cell by its position: row p, column q. */
export interface CellPosition {
  p: number;
  q: number;
}

/**
 * The keyboard's cell of a matrix: focus makes the first cell active; arrows move it (Home/End
 * along the row, PageUp/PageDown by ten rows), Enter or Space clicks it, Escape leaves it. The
 * keys it uses are marked handled (preventDefault), so a page-wide shortcut (a tour's →) skips
 * them. `onActive` hears every change (the cell is linked like a hovered one).
 */
export function useCellKeyboard(
  nRows: number,
  nCols: number,
  onActive: (cell: CellPosition | null) => void,
  onPress?: (cell: CellPosition) => void,
) {
  const [active, setActive] = useState<CellPosition | null>(null);
  const ref = useRef<Element | null>(null);
  const activate = (p: number, q: number) => {
    const cell = {
      p: Math.min(Math.max(p, 0), nRows - 1),
      q: Math.min(Math.max(q, 0), nCols - 1),
    };
    setActive(cell);
    onActive(cell);
  };
  const leave = () => {
    setActive(null);
    onActive(null);
  };
  const onKeyDown = (event: React.KeyboardEvent<Element>) => {
    const at = active ?? { p: 0, q: 0 };
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageUp: [-10, 0],
      PageDown: [10, 0],
      Home: [0, -at.q],
      End: [0, nCols - 1 - at.q],
    };
    const m = moves[event.key];
    if (m) {
      event.preventDefault();
      activate(active ? at.p + m[0] : 0, active ? at.q + m[1] : 0);
    } else if ((event.key === 'Enter' || event.key === ' ') && active && onPress) {
      event.preventDefault();
      onPress(active);
    } else if (event.key === 'Escape' && active) {
      event.preventDefault();
      leave();
    }
  };
  /** The active cell's centre on the page, for its tooltip. */
  const centre = (cellSize: number) => {
    const box = active ? ref.current?.getBoundingClientRect() : null;
    return active && box
      ? { x: box.left + (active.q + 0.5) * cellSize, y: box.top + (active.p + 0.5) * cellSize }
      : null;
  };
  const handlers = {
    onKeyDown,
    onFocus: () => {
      if (!active && nRows > 0 && nCols > 0) activate(0, 0);
    },
    onBlur: leave,
    tabIndex: 0,
    ref: (el: Element | null) => {
      ref.current = el;
    },
  };
  return { active, centre, handlers };
}
