import { useStore } from '../store/index.ts';
import { prepareParameter } from '../../core/data/table/preparation.ts';
import type { ChoiceParameter, NumberParameter } from '../../core/base/parameters.ts';
import type {
  ColumnKind,
  ColumnSummary,
  Discretisation,
  MissingPolicy,
} from '../../core/data/table/types.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { formatShare, useValueLinks } from './useValueLinks.ts';
import { parseNumber } from '../../core/data/table/infer.ts';
import { delimiterName } from '../../core/data/csv/sniff.ts';
import { barsOf, globalValues } from '../model/summary.ts';
import { classPalette } from '../model/colors.ts';
import { DEFAULT_MISSING_TOKENS } from '../../core/data/csv/rawTable.ts';
import { ROW_NUMBERING } from '../model/rowNames.ts';
import { useShownAfterFrame } from '../components/afterFrame.ts';

const KIND_LABEL: Record<ColumnKind, string> = {
  categorical: 'categorical',
  numeric: 'numeric → bins',
  identifier: 'identifier',
  constant: 'constant',
};

/** The preparation's parameter table (core/data/table/preparation.ts): choices, titles, bounds. */
const MISSING = prepareParameter('missing') as ChoiceParameter;
const DISCRETISE = prepareParameter('discretise') as ChoiceParameter;
const BINS = prepareParameter('bins') as NumberParameter;

/** Rows used and dropped, each column's kind, role, values and missing cells, and warnings. */
export function SummaryView() {
  const loaded = useStore((s) => s.loaded);
  const source = useStore((s) => s.source);
  const prepareOptions = useStore((s) => s.prepareOptions);
  const parseOptions = useStore((s) => s.parseOptions);
  const setPrepareOptions = useStore((s) => s.setPrepareOptions);
  const setParseOptions = useStore((s) => s.setParseOptions);
  if (!loaded) return <p className="muted">Drop a CSV file, pick one, or choose a sample.</p>;
  const { summary, meta } = loaded;
  // The requested class shows at once; one found by its name once the worker has modelled it.
  const classColumn =
    prepareOptions.classColumn !== undefined
      ? prepareOptions.classColumn
      : (summary.classDetected ?? null);
  const drop = prepareOptions.drop ?? [];
  const include = prepareOptions.include ?? [];

  const setRole = (name: string, role: 'feature' | 'excluded') => {
    const without = (list: readonly string[] = []) => list.filter((n) => n !== name);
    void setPrepareOptions((current) =>
      role === 'excluded'
        ? { drop: [...without(current.drop), name], include: without(current.include) }
        : { drop: without(current.drop), include: [...without(current.include), name] },
    );
  };
  /** The requested role shows at once; the summary catches up when the worker answers. */
  const isFeature = (c: ColumnSummary) =>
    drop.includes(c.name) ? false : include.includes(c.name) ? true : c.role === 'feature';

  return (
    <div className="view summary" data-testid="summary">
      <div className="summary-head">
        <div className="stat">
          <strong data-testid="summary-rows">{summary.rows.toLocaleString('en-US')}</strong> rows
          used
          {summary.droppedRows > 0 && (
            <span data-testid="summary-dropped">
              {' '}
              · {summary.droppedRows.toLocaleString('en-US')} dropped of{' '}
              {summary.totalRows.toLocaleString('en-US')}
            </span>
          )}
        </div>
        <div className="stat muted" data-testid="summary-numbering">
          {ROW_NUMBERING}
        </div>
        <div className="stat">
          <strong data-testid="summary-features">{meta.attributes.length}</strong> features ·{' '}
          <strong>{meta.nValues.toLocaleString('en-US')}</strong> values ·{' '}
          <strong data-testid="summary-columns">{summary.columns.length}</strong> columns in{' '}
          {source?.name}
        </div>
      </div>
      <MissingAndClassNotes />
      <div className="view-controls wrap">
        <label>
          Class
          <select
            aria-label="Class column"
            value={classColumn ?? ''}
            onChange={(e) => void setPrepareOptions({ classColumn: e.target.value || null })}
          >
            <option value="">none</option>
            {summary.columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Missing
          <select
            aria-label="Missing policy"
            title={MISSING.description}
            value={prepareOptions.missing ?? 'auto'}
            onChange={(e) =>
              void setPrepareOptions({ missing: e.target.value as MissingPolicy | 'auto' })
            }
          >
            {MISSING.choices.map((c) => (
              <option key={c} value={c}>
                {c === 'auto'
                  ? `auto: ${MISSING.choiceTitles?.[summary.missingPolicy] ?? summary.missingPolicy}`
                  : (MISSING.choiceTitles?.[c] ?? c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Numeric
          <select
            aria-label="Discretisation"
            title={DISCRETISE.description}
            value={prepareOptions.discretisation ?? DISCRETISE.default}
            onChange={(e) =>
              void setPrepareOptions({ discretisation: e.target.value as Discretisation })
            }
          >
            {DISCRETISE.choices.map((c) => (
              <option key={c} value={c}>
                {DISCRETISE.choiceTitles?.[c] ?? c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Bins
          <input
            aria-label="Bins"
            type="number"
            title={BINS.description}
            min={BINS.min}
            max={BINS.max}
            value={prepareOptions.bins ?? BINS.default}
            onChange={(e) => {
              const bins = Number(e.target.value);
              if (Number.isInteger(bins) && bins >= (BINS.min ?? 2) && bins <= (BINS.max ?? bins))
                void setPrepareOptions({ bins });
            }}
          />
        </label>
        <label title="Cells equal to one of these (comma-separated; an empty cell is always one) are missing">
          Missing tokens
          <input
            key={source?.name}
            aria-label="Missing tokens"
            className="tokens"
            defaultValue={(parseOptions.missingTokens ?? DEFAULT_MISSING_TOKENS)
              .filter((t) => t !== '')
              .join(', ')}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
            onBlur={(e) => {
              const tokens = [
                '',
                ...e.target.value
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean),
              ];
              const current = parseOptions.missingTokens ?? DEFAULT_MISSING_TOKENS;
              if (tokens.join('\u0000') !== current.join('\u0000'))
                void setParseOptions({ missingTokens: tokens });
            }}
          />
        </label>
        <label>
          Delimiter
          <select
            aria-label="Delimiter"
            value={parseOptions.delimiter ?? 'auto'}
            onChange={(e) => void setParseOptions({ delimiter: e.target.value as ',' })}
          >
            <option value="auto">auto ({delimiterName(summary.delimiter)})</option>
            <option value=",">comma</option>
            <option value=";">semicolon</option>
            <option value={'\t'}>tab</option>
          </select>
        </label>
      </div>
      <RowsControl meta={meta} />
      <ClassLegend meta={meta} />
      {summary.warnings.length > 0 && (
        <ul className="warnings" data-testid="summary-warnings">
          {summary.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <table className="columns">
        <thead>
          <tr>
            <th>Column</th>
            <th>Kind</th>
            <th>Role</th>
            <th className="num">Distinct</th>
            <th className="num">Missing</th>
            <th>Values</th>
          </tr>
        </thead>
        <tbody>
          {summary.columns.map((c) => (
            <tr key={c.name} className={`role-${c.role}`} data-testid="summary-column">
              <td className="name" title={c.name}>
                {c.name}
              </td>
              <td>
                <select
                  aria-label={`Kind of ${c.name}`}
                  value={c.kind}
                  onChange={(e) =>
                    void setPrepareOptions((current) => ({
                      kinds: { ...(current.kinds ?? {}), [c.name]: e.target.value as ColumnKind },
                    }))
                  }
                >
                  {(Object.keys(KIND_LABEL) as ColumnKind[]).map((k) => (
                    <option
                      key={k}
                      value={k}
                      disabled={
                        k === 'numeric' && c.inferredKind !== 'numeric' && !isNumericLike(c)
                      }
                    >
                      {KIND_LABEL[k]}
                      {k === c.inferredKind ? ' (inferred)' : ''}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {c.role === 'class' ? (
                  <span className="badge class">class</span>
                ) : (
                  <label className="role-toggle" title={c.reason ?? 'used as a feature'}>
                    <input
                      type="checkbox"
                      checked={isFeature(c)}
                      onChange={(e) => setRole(c.name, e.target.checked ? 'feature' : 'excluded')}
                      aria-label={`Use ${c.name} as a feature`}
                    />
                    {c.role === 'feature' ? (
                      'feature'
                    ) : (
                      <span className="muted">excluded{c.reason ? `: ${c.reason}` : ''}</span>
                    )}
                  </label>
                )}
              </td>
              <td className="num">{c.distinct.toLocaleString('en-US')}</td>
              <td className="num">{c.missing > 0 ? c.missing.toLocaleString('en-US') : '—'}</td>
              <td>
                <ValueBarsAfterFrame column={c} meta={meta} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Counts (and the views built on them) on all rows or on the rows of one class. */
function RowsControl({ meta }: { meta: TableMeta }) {
  const rowsWhere = useStore((s) => s.rowsWhere);
  const setRowsWhere = useStore((s) => s.setRowsWhere);
  const cls = meta.classColumn;
  if (!cls) return null;
  return (
    <div className="view-controls">
      <label>
        Count rows
        <select
          aria-label="Count rows"
          value={rowsWhere?.value ?? ''}
          onChange={(e) =>
            void setRowsWhere(e.target.value ? { column: cls.name, value: e.target.value } : null)
          }
        >
          <option value="">all</option>
          {cls.labels.map((label) => (
            <option key={label} value={label}>
              where {cls.name} = {label}
            </option>
          ))}
        </select>
      </label>
      {rowsWhere && (
        <span className="muted">
          co-occurrence and SU use these rows; every value stays in the domain
        </span>
      )}
    </div>
  );
}

/** Class colours when the views colour by class and the counts know the class of each value. */
function useClassColouring(meta: TableMeta): { byClass: Int32Array; colors: string[] } | null {
  const colorBy = useStore((s) => s.colorBy);
  const byClass = useStore((s) => s.counts?.classValueCounts ?? null);
  if (colorBy.kind !== 'class' || !byClass || !meta.classColumn) return null;
  return { byClass, colors: classPalette(meta.classColumn.labels.length) };
}

function ClassLegend({ meta }: { meta: TableMeta }) {
  const colouring = useClassColouring(meta);
  if (!colouring || !meta.classColumn) return null;
  return (
    <div className="legend" data-testid="class-legend">
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
function ValueBarsAfterFrame(props: { column: ColumnSummary; meta: TableMeta }) {
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

function isNumericLike(c: ColumnSummary): boolean {
  return c.values.every((v) => parseNumber(v.label) !== null);
}

/**
 * What the explorer decided for the user: missing cells read as their own value because dropping
 * their rows (the papers' protocol) would lose more than 5 % of them — both numbers, and a button
 * to switch — and a class column found by its name.
 */
function MissingAndClassNotes() {
  const summary = useStore((s) => s.loaded?.summary);
  const setPrepareOptions = useStore((s) => s.setPrepareOptions);
  if (!summary) return null;
  const auto = summary.missingAuto;
  const pct = (x: number) => `${((100 * x) / summary.totalRows).toFixed(1)} %`;
  return (
    <>
      {auto && summary.missingPolicy === 'own' && (
        <p className="notice-inline" data-testid="missing-auto">
          Missing cells are read as their own value, so all {summary.rows.toLocaleString('en-US')}{' '}
          rows are kept: dropping the rows that hold one (the papers’ protocol) would keep{' '}
          {auto.completeRows.toLocaleString('en-US')} of {summary.totalRows.toLocaleString('en-US')}{' '}
          (it removes {pct(summary.totalRows - auto.completeRows)}, more than{' '}
          {(100 * auto.limit).toFixed(0)} %).{' '}
          <button
            type="button"
            className="small"
            onClick={() => void setPrepareOptions({ missing: 'drop' })}
          >
            Use the papers’ protocol (drop rows)
          </button>
        </p>
      )}
      {summary.classDetected && (
        <p className="notice-inline" data-testid="class-detected">
          Class column “{summary.classDetected}” found by its name: it colours the views and drives
          the evaluations, and is not clustered. Change it with Class below.
        </p>
      )}
    </>
  );
}
