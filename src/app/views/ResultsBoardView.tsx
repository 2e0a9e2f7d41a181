import { useSettledResults } from '../store/settledResults.ts';
import { useEffect, useMemo, useState } from 'react';
import type { IndicatorsReport } from '../../core/evaluation/indicators.ts';
import { methodSpec } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import { InfoButton } from '../components/InfoButton.tsx';
import { RunAllBar } from '../components/RunAllBar.tsx';
import { useStore } from '../store/index.ts';
import {
  boardMeasures,
  boardRows,
  cellNumber,
  sortBoard,
  type BoardCell,
  type BoardMeasure,
  type BoardRow,
} from '../store/board.ts';
import { firstLine } from '../../core/evaluation/isolated.ts';
import type { JobStatus } from '../store/runAllSlice.ts';
import { RunAllJobs } from './RunAllJobs.tsx';
import { formatScore, formatSeconds } from '../model/numberFormat.ts';
import { projectionCall } from '../model/steps.ts';
import { viewOfStep } from './registry.tsx';

/**
 * Every method's scores in one sortable table — what "Run all" measured — with the data
 * indicators the papers use to explain differences; each number opens the view it came from.
 */
export function ResultsBoardView() {
  const meta = useStore((s) => s.loaded?.meta);
  const run = useStore((s) => s.runAll);
  const results = useSettledResults();
  const version = useStore((s) => s.tableVersion);
  const addPanel = useStore((s) => s.addPanel);
  const [sort, setSort] = useState<{ by: BoardMeasure | 'title'; descending: boolean }>({
    by: 'fscore',
    descending: true,
  });
  const measures = useMemo(() => boardMeasures(), []);
  const rows = useMemo(
    () => (run ? sortBoard(boardRows(run, results), sort.by, sort.descending) : []),
    [run, results, sort],
  );
  if (!meta) return <p className="muted">Load a data set to compare every method on it.</p>;
  const open = (step: string) => {
    const planned = run?.plan.calls.find((p) => p.role === 'evaluation' && p.method === step);
    if (planned)
      addPanel(viewOfStep(methodSpec(step)).id, planned.call, {
        ran: planned.call,
        ranOn: version,
      });
  };
  const openMethod = (row: BoardRow) => {
    const spec = methodSpec(row.method);
    if (spec.produces.some((k) => (REPRESENTATION_KINDS as readonly string[]).includes(k)))
      addPanel('projection', projectionCall({ method: row.method, options: row.options }));
    else if (spec.produces.includes('object-scores')) addPanel('ranking', { method: row.method });
    else if (spec.produces.includes('value-partitions'))
      addPanel('value-partitions', { method: row.method });
    else if (spec.produces.includes('value-matrix'))
      addPanel('value-matrices', { method: row.method });
  };
  const header = (key: BoardMeasure | 'title', title: string, help?: string) => (
    <th
      key={key}
      aria-sort={sort.by === key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className="sort"
        title={help ? `${help} — click to sort` : 'click to sort'}
        onClick={() =>
          setSort((s) => ({ by: key, descending: s.by === key ? !s.descending : key !== 'title' }))
        }
      >
        {title}
        {sort.by === key ? (sort.descending ? ' ▾' : ' ▴') : ''}
      </button>
    </th>
  );
  return (
    <div className="view" data-testid="results-board">
      <RunAllBar />
      {run && <Indicators outlierClass={run.plan.outlierClass} />}
      {run && (
        <p className="muted small">
          {run.plan.outlierClass
            ? `Outliers: the smallest class, “${run.plan.outlierClass}”. `
            : ''}
          Seeded methods are re-fitted {run.plan.fits} times (clustering: {run.plan.fits} runs):
          mean ± sd. {run.plan.notes.join(' ')}
        </p>
      )}
      {run ? (
        <div className="scroll-x" tabIndex={0} role="region" aria-label="Results of every method">
          <table className="results board" data-testid="board-table">
            <thead>
              <tr>
                {header('title', 'method')}
                <th>status</th>
                {measures.map((m) => header(m.key, m.title, m.help))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-method={row.id} data-testid="board-row">
                  <td className="text">
                    <button
                      type="button"
                      className="link"
                      title={`${row.title} produces ${row.produces}: open its view`}
                      onClick={() => openMethod(row)}
                    >
                      {row.title}
                    </button>
                  </td>
                  <td
                    className={`status status-${row.status.replace(' ', '-')}`}
                    data-testid={`board-status-${row.id}`}
                  >
                    <StatusText status={row.status} reason={row.reason} seconds={row.seconds} />
                  </td>
                  {measures.map((m) => (
                    <td key={m.key} data-testid={`board-${m.key}-${row.id}`}>
                      <BoardCellView
                        cell={row.cells[m.key]}
                        paper={row.paper[m.key] ?? null}
                        onOpen={() => open(m.from)}
                        what={`${m.title} of ${row.title}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <RunAllJobs run={run} />
        </div>
      ) : (
        <p className="muted" data-testid="board-idle">
          Press Run all to compute every registered method on this data set and evaluate them side
          by side (runs in the workers; cancel any time).
        </p>
      )}
    </div>
  );
}

/**
 * A job's status in a board row: the word, and for a failure, a cancel or a precondition the
 * first line of the reason; the whole reason on hover and in the jobs list.
 */
export function StatusText({
  status,
  reason,
  seconds,
}: {
  status: JobStatus;
  reason: string | null;
  seconds: number | null;
}) {
  const time = seconds !== null ? ` (${formatSeconds(seconds)})` : '';
  if (!reason || status === 'done' || status === 'running' || status === 'queued')
    return (
      <span title={seconds !== null ? `${status} in ${formatSeconds(seconds)}` : undefined}>
        {status}
      </span>
    );
  return (
    <span className="reason" title={`${status}${time}: ${reason}`}>
      {status}: {firstLine(reason)}
    </span>
  );
}

function BoardCellView({
  cell,
  paper,
  onOpen,
  what,
}: {
  cell: BoardCell | undefined;
  paper: number | null;
  onOpen(): void;
  what: string;
}) {
  if (cell === undefined)
    return (
      <span className="muted" title="not evaluated this way">
        ·
      </span>
    );
  if (cell.kind === 'pending')
    return (
      <span className="muted" title="still to come">
        …
      </span>
    );
  if (cell.kind !== 'value')
    return (
      <span
        className={`muted reason cell-${cell.kind.replace(' ', '-')}`}
        title={`${what}: ${cell.kind}: ${cell.reason}`}
      >
        {cell.kind === 'failed' ? 'failed' : 'n/a'}
      </span>
    );
  const value = cellNumber(cell);
  if (value === null) return <span className="muted">—</span>;
  const text =
    typeof cell.cell === 'object' && cell.cell !== null
      ? `${formatScore(cell.cell.mean)} ± ${formatScore(cell.cell.sd)}`
      : formatScore(value);
  return (
    <>
      <button
        type="button"
        className="link number"
        title={`${what}: open its view`}
        onClick={onOpen}
      >
        {text}
      </button>
      {paper !== null && (
        <span className="paper" title="the paper's published value on a table of this shape">
          {' '}
          paper {formatScore(paper)}
        </span>
      )}
    </>
  );
}

/** FCI, VCI, VSI, OCI (CURE, Jian et al. 2019, Eqs. 16-19), I_intra and I_inter (UNTIE, Zhu et al. 2022, Eqs. 23-25). */
function Indicators({ outlierClass }: { outlierClass: string | null }) {
  const query = useStore((s) => s.query);
  const version = useStore((s) => s.tableVersion);
  const [report, setReport] = useState<IndicatorsReport | null>(null);
  useEffect(() => {
    let live = true;
    void query((api) => api.indicators(outlierClass, -1)).then((outcome) => {
      if (live && outcome.ok) setReport(outcome.value);
    });
    return () => {
      live = false;
    };
  }, [query, version, outlierClass]);
  if (!report) return null;
  const items: [string, number | null, string][] = [
    [
      'FCI',
      report.fci,
      'feature coupling: how strongly attributes depend on each other (CURE, Jian et al. 2019, Eq. 16)',
    ],
    [
      'VCI',
      report.vci,
      'value–class coupling: how well single values predict the class (CURE, Jian et al. 2019, Eq. 17)',
    ],
    [
      'VSI',
      report.vsi,
      'value separability of the outliers’ values (CURE, Jian et al. 2019, Eq. 18)',
    ],
    [
      'OCI',
      report.oci,
      'outlier coupling: how the outliers’ values co-occur (CURE, Jian et al. 2019, Eq. 19)',
    ],
    [
      'I_intra',
      report.iIntra,
      'heterogeneity within attributes (UNTIE, Zhu et al. 2022, Eqs. 23-24)',
    ],
    [
      'I_inter',
      report.iInter,
      'heterogeneity between coupling spaces (UNTIE, Zhu et al. 2022, Eq. 25)',
    ],
  ];
  return (
    <p className="indicators" data-testid="board-indicators">
      <span className="muted">Data indicators</span>
      {items
        .filter(([, v]) => v !== null)
        .map(([name, v, help]) => (
          <span key={name} className="indicator" title={help}>
            {name} {formatScore(v as number)}
          </span>
        ))}
      <InfoButton title="What the indicators say">
        The papers explain why one representation beats another on a data set with these numbers:
        FCI and VCI (CURE, Jian et al. 2019) measure how strongly attributes and values couple with
        each other and with the class, VSI and OCI how the outliers’ values stand apart, I_intra and
        I_inter (UNTIE, Zhu et al. 2022, Eqs. 23-25) how heterogeneous the couplings are within and
        between attributes. Higher coupling favours coupled representations (CDE, CASO, UNTIE) over
        0-1 and Hamming.
      </InfoButton>
    </p>
  );
}
