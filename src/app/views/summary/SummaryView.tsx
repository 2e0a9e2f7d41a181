import { useStore } from '../../store/index.ts';
import { ROW_NUMBERING } from '../../model/rowNames.ts';
import { ColumnTable } from './ColumnTable.tsx';
import { PreparationControls, preparationLine, RowsControl } from './PreparationControls.tsx';
import { SettingsBar } from '../../components/SettingsBar.tsx';
import { ClassLegend } from './ValueBars.tsx';

/**
 * Rows used and dropped, each column's kind, role, values and missing cells, and warnings: a
 * headline, the preparation's settings collapsed to one line, and the columns in a region of
 * their own height.
 */
export function SummaryView() {
  const loaded = useStore((s) => s.loaded);
  const source = useStore((s) => s.source);
  const prepareOptions = useStore((s) => s.prepareOptions);
  if (!loaded) return <p className="muted">Drop a CSV file, pick one, or choose a sample.</p>;
  const { summary, meta } = loaded;
  // The requested class shows at once; one found by its name once the worker has modelled it.
  const classColumn =
    prepareOptions.classColumn !== undefined
      ? prepareOptions.classColumn
      : (summary.classDetected ?? null);
  const rowless = meta.rowless === true;
  return (
    <div className="view summary" data-testid="summary">
      <div className="summary-head">
        <div className="stat">
          <strong data-testid="summary-rows">{summary.rows.toLocaleString('en-US')}</strong> rows{' '}
          {rowless ? 'counted' : 'used'}
          {summary.droppedRows > 0 && (
            <span data-testid="summary-dropped">
              {' '}
              · {summary.droppedRows.toLocaleString('en-US')} dropped of{' '}
              {summary.totalRows.toLocaleString('en-US')}
            </span>
          )}
        </div>
        {!rowless && (
          <div className="stat muted" data-testid="summary-numbering">
            {ROW_NUMBERING}
          </div>
        )}
        <div className="stat">
          <strong data-testid="summary-features">{meta.attributes.length}</strong> features ·{' '}
          <strong>{meta.nValues.toLocaleString('en-US')}</strong> values ·{' '}
          <strong data-testid="summary-columns">{summary.columns.length}</strong> columns in{' '}
          {source?.name}
        </div>
      </div>
      {rowless ? (
        <CountsFileNote rows={summary.rows} />
      ) : (
        <>
          <MissingAndClassNotes />
          <SettingsBar summary={preparationLine(summary, classColumn, prepareOptions)}>
            <PreparationControls classColumn={classColumn} />
            <RowsControl meta={meta} />
          </SettingsBar>
        </>
      )}
      <ClassLegend meta={meta} />
      {summary.warnings.length > 0 && (
        <ul className="warnings" data-testid="summary-warnings">
          {summary.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {/* The columns scroll on their own: the panels below show on the first screen. */}
      <div className="summary-columns" role="region" tabIndex={0} aria-label="Columns">
        <ColumnTable meta={meta} fixed={rowless} />
      </div>
    </div>
  );
}

/**
 * A counts file (what `npm run cli -- counts FILE --out …` writes): its rows were counted
 * elsewhere and none is here, so its columns are as counted and views of objects need the rows.
 */
function CountsFileNote({ rows }: { rows: number }) {
  return (
    <p className="notice-inline" data-testid="summary-counts-file">
      <strong>A counts file:</strong> {rows.toLocaleString('en-US')} rows counted, no rows here. The
      views of values (co-occurrence, SU, value matrices and clusters, value scores) read its
      counts; views of objects need the rows. Its columns are as they were counted: class, kinds and
      bins are fixed.
    </p>
  );
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
