import { rankedObjects } from '../model/values.ts';
import { formatScore } from '../model/numberFormat.ts';
import { interpolateReds, scaleSequential } from 'd3';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useExportTable, type ExportTable } from '../components/export/exportHooks.ts';
import type { ObjectImpacts, ObjectScores } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';
import { useObjectValues } from './useObjectValues.ts';
import { lineOf, ROW_NUMBERING } from '../model/rowNames.ts';

/** Rows listed at most (the cloud above averages all of them). */
const MAX_ROWS = 50;

/**
 * The inspector of Ienco et al. 2016's MDS exploration (Sec. V-C): the objects selected in any linked
 * view with their outlier score, its rank among all objects, and each value coloured by the
 * attribute's distance impact (how far that value is from the normal representatives' values).
 */
/** Memoised: a panel resize or a re-layout of the clouds does not re-render the table. */
export const ImpactInspector = memo(function ImpactInspector({
  meta,
  objects,
  impacts,
  scores,
  training = null,
}: {
  meta: TableMeta;
  objects: readonly number[];
  impacts: ObjectImpacts;
  scores: ObjectScores | null;
  /** The detector's training partition (0: a training row): those are not ranked, as in the ranking. */
  training?: ArrayLike<number> | null;
}) {
  const setHover = useStore((s) => s.setHover);
  const shown = useMemo(() => objects.slice(0, MAX_ROWS), [objects]);
  const values = useObjectValues(shown as number[]);
  const rank = useMemo(() => (scores ? ranksOf(scores, training) : null), [scores, training]);
  const color = useMemo(
    () => scaleSequential(interpolateReds).domain([0, largestImpact(impacts.values) || 1]),
    [impacts],
  );
  const D = impacts.dims;
  const cls = meta.classColumn;
  // The table lists 50 objects, rounded; its export holds every one, at full precision.
  const tableRef = useRef<HTMLTableElement>(null);
  const everyObject = useCallback(
    () => inspectorTable(meta, objects, impacts, scores, rank),
    [meta, objects, impacts, scores, rank],
  );
  useExportTable(tableRef, everyObject);
  return (
    <div
      className="scroll-x"
      tabIndex={0}
      role="region"
      aria-label="Impacts on the selected objects"
    >
      <table ref={tableRef} className="results inspector" data-testid="impact-inspector">
        <thead>
          <tr>
            <th title={ROW_NUMBERING}>line</th>
            {scores && <th title={scores.title}>score</th>}
            {rank && <th>rank</th>}
            {cls && <th>{cls.name}</th>}
            {meta.attributes.map((a) => (
              <th key={a.name} className="text" title={`${a.name}: value (distance impact)`}>
                {a.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((i) => {
            const codes = values.get(i);
            return (
              <tr
                key={i}
                onPointerEnter={() => setHover({ kind: 'objects', objects: [i] })}
                onPointerLeave={() => setHover(null)}
              >
                <td>{lineOf(meta, i)}</td>
                {scores && <td>{formatScore(scores.scores[i] ?? 0)}</td>}
                {rank && <td>{rank[i] ? rank[i] : 'training'}</td>}
                {cls && <td>{cls.labels[cls.codes[i] ?? 0]}</td>}
                {meta.attributes.map((a, k) => {
                  const impact = impacts.values[i * D + k] ?? 0;
                  const dark = impact > color.domain()[1] * 0.55;
                  return (
                    <td
                      key={a.name}
                      className="text"
                      title={`distance impact ${impact.toFixed(4)}`}
                      style={{ background: color(impact), color: dark ? '#fff' : '#111' }}
                    >
                      {codes ? a.labels[codes[k] ?? 0] : '…'} <small>{formatScore(impact)}</small>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {objects.length > MAX_ROWS && (
        <p className="muted">
          The first {MAX_ROWS} of {objects.length} objects are listed; the cloud averages all.
        </p>
      )}
    </div>
  );
});

/**
 * Every inspected object for CSV and JSON: its line, score and rank (full precision), its class,
 * then per attribute its value and that value's distance impact ("hair", "hair impact").
 */
async function inspectorTable(
  meta: TableMeta,
  objects: readonly number[],
  impacts: ObjectImpacts,
  scores: ObjectScores | null,
  rank: Int32Array | null,
): Promise<ExportTable> {
  const outcome = await useStore
    .getState()
    .query((api) => api.objectRows(Int32Array.from(objects)));
  if (!outcome.ok) throw new Error(outcome.error.message);
  const codes = outcome.value;
  const D = meta.attributes.length;
  const cls = meta.classColumn;
  return {
    name: 'Selected objects: values and their attribute distance impact',
    columns: [
      'line',
      ...(scores ? ['score'] : []),
      ...(rank ? ['rank'] : []),
      ...(cls ? [cls.name] : []),
      ...meta.attributes.flatMap((a) => [a.name, `${a.name} impact`]),
    ],
    rows: objects.map((i, r) => [
      lineOf(meta, i),
      ...(scores ? [scores.scores[i] ?? null] : []),
      ...(rank ? [rank[i] ? (rank[i] as number) : 'training'] : []),
      ...(cls ? [cls.labels[cls.codes[i] ?? 0] ?? ''] : []),
      ...meta.attributes.flatMap((a, k) => [
        a.labels[codes[r * D + k] ?? 0] ?? '',
        impacts.values[i * impacts.dims + k] ?? null,
      ]),
    ]),
  };
}

/** Each object's place in the ranking, 1 the most outlying (0: a training row, not ranked). */
export function ranksOf(scores: ObjectScores, training: ArrayLike<number> | null): Int32Array {
  const out = new Int32Array(scores.n);
  rankedObjects(scores, scores.n, training).forEach((i, r) => (out[i] = r + 1));
  return out;
}

/** The largest impact, the top of the colour scale (0 when none is positive). */
export function largestImpact(values: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < values.length; i++)
    if ((values[i] as number) > max) max = values[i] as number;
  return max;
}
