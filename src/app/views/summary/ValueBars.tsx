import { useStore } from '../../store/index.ts';
import type { ColumnSummary } from '../../../core/data/table/types.ts';
import type { TableMeta } from '../../../core/platform/session.ts';
import { formatShare, useValueLinks } from '../useValueLinks.ts';
import { barsOf, globalValues } from '../../model/summary.ts';
import { labelColors } from '../../model/colors.ts';
import { useShownAfterFrame } from '../../components/afterFrame.ts';

/** Class colours when the views colour by class and the counts know the class of each value. */
function useClassColouring(meta: TableMeta): { byClass: Int32Array; colors: string[] } | null {
  const colorBy = useStore((s) => s.colorBy);
  const byClass = useStore((s) => s.counts?.classValueCounts ?? null);
  if (colorBy.kind !== 'class' || !byClass || !meta.classColumn) return null;
  return { byClass, colors: labelColors(meta.classColumn.labels) };
}

export function ClassLegend({ meta }: { meta: TableMeta }) {
  const colouring = useClassColouring(meta);
  if (!colouring || !meta.classColumn) return null;
  return (
    <div
      className="legend"
      data-testid="class-legend"
      title={`${meta.classColumn.name}: ${meta.classColumn.labels.join(', ')}`}
    >
      <span className="muted">{meta.classColumn.name}:</span>
      {meta.classColumn.labels.map((label, c) => (
        <span key={label} className="legend-item">
          <span className="swatch" style={{ background: colouring.colors[c] }} />
          {label}
        </span>
      ))}
    </div>
  );
}

/**
 * A column's value bars, drawn a frame after its row appears, each column in a transition of
 * its own: a new table's summary (320 bars and their class segments on a 1,000-value table)
 * then renders and commits in short slices instead of one 50 ms task when the table arrives.
 */
export function ValueBarsAfterFrame(props: { column: ColumnSummary; meta: TableMeta }) {
  const shown = useShownAfterFrame();
  return shown ? <ValueBars {...props} /> : <div className="bars" data-state="pending" />;
}

function ValueBars({ column, meta }: { column: ColumnSummary; meta: TableMeta }) {
  const colouring = useClassColouring(meta);
  const setHover = useStore((s) => s.setHover);
  const toggleValue = useStore((s) => s.toggleValue);
  const { emphasised, shares } = useValueLinks();
  const globals = globalValues(meta, column);
  const { shown, hidden } = barsOf(column, 8);
  const max = Math.max(1, ...shown.map((v) => v.count));
  return (
    <div className="bars">
      {shown.map((v) => {
        const g = globals[v.index] ?? null;
        return (
          <div
            key={v.label}
            className={g !== null && emphasised.has(g) ? 'bar strong' : 'bar'}
            onPointerEnter={() => g !== null && setHover({ kind: 'values', values: [g] })}
            onPointerLeave={() => setHover(null)}
            onClick={() => g !== null && toggleValue(g)}
            title={`${column.name} = ${v.label}: ${v.count}`}
          >
            <span className="bar-label" data-testid="value-bar">
              {v.label}
            </span>
            <span className="bar-track">
              {colouring && g !== null ? (
                <ClassSegments value={g} nValues={meta.nValues} max={max} {...colouring} />
              ) : (
                <span className="bar-fill" style={{ width: `${(100 * v.count) / max}%` }} />
              )}
              {shares && g !== null && (
                <span
                  className="bar-share"
                  data-testid="value-share"
                  style={{ width: `${100 * shares.of(g)}%` }}
                  title={shares.describe(g)}
                />
              )}
            </span>
            <span className="bar-count">
              {v.count.toLocaleString('en-US')}
              {shares && g !== null && (
                <span className="share-text" title={shares.describe(g)}>
                  {formatShare(shares.of(g))}
                </span>
              )}
            </span>
          </div>
        );
      })}
      {hidden > 0 && <div className="muted small">+{hidden.toLocaleString('en-US')} more</div>}
    </div>
  );
}

/** A value's bar split into one segment per class. */
function ClassSegments(props: {
  value: number;
  nValues: number;
  max: number;
  byClass: Int32Array;
  colors: string[];
}) {
  const { value, nValues, max, byClass, colors } = props;
  return (
    <span className="bar-stack">
      {colors.map((color, c) => {
        const n = byClass[c * nValues + value] ?? 0;
        return n > 0 ? (
          <span
            key={c}
            className="bar-seg"
            style={{ width: `${(100 * n) / max}%`, background: color }}
          />
        ) : null;
      })}
    </span>
  );
}
