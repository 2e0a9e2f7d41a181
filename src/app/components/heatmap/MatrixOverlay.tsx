import type { CSSProperties } from 'react';
import type { FrameAxis, PositionRange } from './MatrixFrame.tsx';

/**
 * What is drawn over a matrix's cells: the attribute bands' separators, the emphasised rows and
 * columns, a tour's cells, the brushed or outlined range, the keyboard's cell and the hovered one.
 */
export function MatrixOverlay({
  rows,
  cols,
  cell,
  style,
  emphasised,
  tourCells,
  outline,
  active,
  hover,
}: {
  rows: FrameAxis;
  cols: FrameAxis;
  /** A cell's side, px. */
  cell: number;
  style: CSSProperties;
  emphasised: ReadonlySet<number>;
  /** Positions (p, q) of a tour's cells. */
  tourCells: readonly (readonly [number, number])[];
  outline: PositionRange | null;
  /** The keyboard's cell, and the hovered one (null while brushing). */
  active: { p: number; q: number } | null;
  hover: { p: number; q: number } | null;
}) {
  const width = cell * cols.items.length;
  const height = cell * rows.items.length;
  return (
    <svg className="heatmap-overlay" style={style} width={width} height={height}>
      {rows.groups.slice(1).map((grp) => (
        <line
          key={`r${grp.start}`}
          className="separator"
          x1={0}
          x2={width}
          y1={grp.start * cell}
          y2={grp.start * cell}
        />
      ))}
      {cols.groups.slice(1).map((grp) => (
        <line
          key={`c${grp.start}`}
          className="separator"
          y1={0}
          y2={height}
          x1={grp.start * cell}
          x2={grp.start * cell}
        />
      ))}
      {rows.items.map((item, p) =>
        emphasised.has(item) ? (
          <rect
            key={`er${p}`}
            className="emph"
            x={0}
            y={p * cell}
            width={width}
            height={Math.max(cell, 1)}
          />
        ) : null,
      )}
      {cols.items.map((item, q) =>
        emphasised.has(item) ? (
          <rect
            key={`ec${q}`}
            className="emph"
            x={q * cell}
            y={0}
            width={Math.max(cell, 1)}
            height={height}
          />
        ) : null,
      )}
      {tourCells.map(([p, q]) => (
        <rect
          key={`t${p}-${q}`}
          className="tour-cell"
          data-testid="tour-highlight"
          x={q * cell + 1}
          y={p * cell + 1}
          width={Math.max(cell - 2, 1)}
          height={Math.max(cell - 2, 1)}
        />
      ))}
      {outline && (
        <rect
          className="brush"
          x={outline.c0 * cell}
          y={outline.r0 * cell}
          width={(outline.c1 - outline.c0) * cell}
          height={(outline.r1 - outline.r0) * cell}
        />
      )}
      {active && (
        <rect
          className="focus-cell"
          x={active.q * cell}
          y={active.p * cell}
          width={Math.max(cell, 1)}
          height={Math.max(cell, 1)}
        />
      )}
      {hover && (
        <rect
          className="hover-cell"
          x={hover.q * cell}
          y={hover.p * cell}
          width={Math.max(cell, 1)}
          height={Math.max(cell, 1)}
        />
      )}
    </svg>
  );
}
