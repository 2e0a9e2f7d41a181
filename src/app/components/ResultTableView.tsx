import { formatScore } from '../model/numberFormat.ts';
import type { Cell, ResultTable } from '../../core/platform/results.ts';
import { formatMeanSd } from '../model/values.ts';
import { EMPTY_CELL, isEmpty, shownColumns } from '../model/resultColumns.ts';
import { verdict } from '../model/verdict.ts';
import { Abbreviated } from './Abbreviated.tsx';
import { highlightsRow, useTourHighlight } from './tourHighlight.ts';

/** A result table (evaluations, DILCA's contexts …): columns with no value in any row are hidden. */
export function ResultTableView({
  table,
  testId = 'evaluation-table',
}: {
  table: ResultTable;
  testId?: string;
}) {
  const { columns, emptyNote } = shownColumns(table);
  // The comparison's verdict: who leads on its measure, who is within noise, where chance lies.
  const judged = table.verdict
    ? verdict(
        table.rows.map((r) => ({
          title: String(r.title ?? r.method ?? ''),
          cell: r[table.verdict?.key ?? ''],
        })),
        table.verdict.measure,
        {
          higherIsBetter: table.verdict.higherIsBetter ?? true,
          chance: table.verdict.chance ?? null,
          ...(table.verdict.noise && { noise: table.verdict.noise }),
        },
      )
    : null;
  // A guided tour's step may point at rows, by their first cell.
  const highlight = useTourHighlight();
  const first = columns[0]?.key;
  return (
    <>
      <table className="results" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr
              key={i}
              data-method={String(row.method ?? '')}
              data-best={
                judged?.best !== null && judged?.best === String(row.title ?? row.method ?? '')
                  ? 'true'
                  : undefined
              }
              data-highlight={
                first !== undefined && highlightsRow(highlight, String(row[first] ?? ''))
                  ? 'tour'
                  : undefined
              }
            >
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-testid={`${c.key}-${String(row.method ?? i)}`}
                  className={typeof row[c.key] === 'string' ? 'text' : undefined}
                  title={isEmpty(row[c.key]) ? (c.missing ?? EMPTY_CELL) : undefined}
                >
                  {cellText(row[c.key] ?? null, c.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {judged && (
        <p className="verdict table-note" data-testid="verdict">
          <Abbreviated text={judged.sentence} />
        </p>
      )}
      {emptyNote && (
        <p className="muted table-note" data-testid="empty-cells-note">
          {emptyNote}
        </p>
      )}
      {table.notes?.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </>
  );
}

const WHOLE = new Set(['dims', 'fits', 'k', 'n', 'icp', 'clusters']);

function cellText(cell: Cell, key: string): string {
  if (cell === null) return '—';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') {
    if (WHOLE.has(key)) return String(cell);
    if (key === 'gap') return `${cell >= 0 ? '+' : ''}${formatScore(cell)}`;
    return formatScore(cell);
  }
  return formatMeanSd(cell);
}
