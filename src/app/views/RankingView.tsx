import { useCallback, useMemo, useRef } from 'react';
import { useExportTable } from '../components/export/exportHooks.ts';
import { rowsTable } from './rowsExport.ts';
import { methodSpec } from '../../core/platform/registry.ts';
import {
  findResult,
  type ObjectExplanations,
  type ObjectImpacts,
  type ObjectScores,
  type ValueScores,
} from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { rankedObjects } from '../model/values.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { useResult } from './useResult.ts';
import { outlierEvaluationCall } from '../model/steps.ts';
import { rowName, ROW_NUMBERING } from '../model/rowNames.ts';
import { ObjectExplanation } from './ObjectExplanation.tsx';
import { ValueScoreBars } from './ValueScoreBars.tsx';
import { NeedsRows } from '../components/NeedsRows.tsx';
import { RANKING_NEEDS_ROWS } from '../model/rowless.ts';
import { RankingRow, useRowScores } from './RankingRow.tsx';
import { useRankedRows } from './useRankedRows.ts';

/**
 * Any detector's object scores as a ranking (COSH; later SAnDCat, CBRW, ZERO++ …): the top
 * objects with the values that made their score, the value scores when the detector has them,
 * and the AUC against an outlier class (the outlier-evaluation step).
 */
export function RankingView({ panel }: { panel: Panel }) {
  const setSettings = useStore((s) => s.setPanelSettings);
  const setPanelCall = useStore((s) => s.setPanelCall);
  const classColumn = useStore((s) => s.loaded?.meta.classColumn ?? null);
  const outlierClass = (panel.settings.outlierClass as string | undefined) ?? '';
  // SAnDCat's training rows (its normal class) are left out of the ranking unless asked.
  const showTraining = panel.settings.showTraining === true;
  return (
    <MethodPanel
      panel={panel}
      what="its outlier ranking"
      extraSummary={outlierClass ? [`outlier class ${outlierClass}`] : []}
      extraControls={
        classColumn && (
          <OutlierClassChoice
            labels={classColumn.labels}
            value={outlierClass}
            onChange={(value) => setSettings(panel.id, { outlierClass: value })}
          />
        )
      }
    >
      {(output, meta) => {
        const scores = findResult(output.results, 'object-scores')?.result;
        const values = findResult(output.results, 'value-scores')?.result ?? null;
        const impacts = findResult(output.results, 'object-impacts')?.result ?? null;
        const spec = methodSpec(output.call.method);
        const canMark = spec.parameters.some((p) => p.name === MARK_OPTION);
        // Objects already learned from (SAnDCat's training set) need no "normal" mark.
        const training = output.results.training;
        const learned =
          training?.kind === 'object-partition' ? (r: number) => training.labels[r] === 0 : null;
        // The training rows left out of the ranking, its export and the object explained first.
        const leftOut =
          training?.kind === 'object-partition' && !showTraining ? training.labels : null;
        const marked = parseMarked(panel.call?.options?.[MARK_OPTION]);
        const setMarked = (rows: number[]) =>
          panel.call &&
          setPanelCall(panel.id, {
            ...panel.call,
            options: {
              ...panel.call.options,
              [MARK_OPTION]: markedOption(rows),
            },
          });
        const partitions = findResult(output.results, 'value-partitions')?.result;
        const explanations = findResult(output.results, 'object-explanations')?.result ?? null;
        // A counts file: no objects to rank, but a detector's value scores read the counts.
        if (!scores)
          return meta.rowless ? (
            <>
              <NeedsRows message={RANKING_NEEDS_ROWS} />
              {values && (
                <div className="pair-item">
                  <ValueScoreBars meta={meta} values={values} />
                </div>
              )}
            </>
          ) : null;
        return (
          <>
            <RankingSummary
              auc={outlierClass && panel.call ? { call: panel.call, outlierClass } : null}
              notes={scores.notes ?? []}
              training={
                learned
                  ? {
                      shown: showTraining,
                      show: (on) => setSettings(panel.id, { showTraining: on }),
                    }
                  : null
              }
              granularities={partitions?.partitions.map((g) => g.name) ?? null}
            />
            <div className="pair">
              <div className="pair-item wide">
                {canMark && marked.length > 0 && (
                  <p className="muted" data-testid="marked-normal">
                    {markedNote(meta, marked)}{' '}
                    <button type="button" onClick={() => setMarked([])}>
                      Undo
                    </button>
                  </p>
                )}
                <OutlierTable
                  meta={meta}
                  scores={scores}
                  valueScores={values}
                  impacts={impacts}
                  explanations={explanations}
                  onMarkNormal={canMark ? (r) => setMarked([...marked, r]) : null}
                  learned={learned}
                  training={leftOut}
                />
              </div>
              {values && (
                <div className="pair-item">
                  <ValueScoreBars meta={meta} values={values} />
                </div>
              )}
            </div>
            {explanations && (
              <ExplainedObjects
                meta={meta}
                scores={scores}
                explanations={explanations}
                training={leftOut}
              />
            )}
          </>
        );
      }}
    </MethodPanel>
  );
}

/** The class whose objects the AUC beside the ranking takes as the outliers ("none": no AUC). */
function OutlierClassChoice({
  labels,
  value,
  onChange,
}: {
  labels: readonly string[];
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label>
      Outlier class
      <select aria-label="Outlier class" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">none (no AUC)</option>
        {labels.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The explanation of the selected objects, or of the top-ranked one when none is selected: the
 * top of the ranking shown, so not one of SAnDCat's training objects while they are left out.
 */
function ExplainedObjects({
  meta,
  scores,
  explanations,
  training,
}: {
  meta: TableMeta;
  scores: ObjectScores;
  explanations: NonNullable<ReturnType<typeof findResult<'object-explanations'>>>['result'];
  training: ArrayLike<number> | null;
}) {
  const selected = useStore((s) => s.selectedObjects);
  const top = useMemo(() => rankedObjects(scores, 1, training), [scores, training]);
  const objects = useMemo(() => {
    const inTable = selected.filter((r) => r < explanations.n);
    return inTable.length > 0 ? inTable : top;
  }, [selected, top, explanations.n]);
  return <ObjectExplanation meta={meta} explanations={explanations} objects={objects} />;
}

/** The AUC of this detector against the outlier class (computed in a worker, cached by call). */
function Auc({ call, outlierClass }: { call: NonNullable<Panel['call']>; outlierClass: string }) {
  const { entry } = useResult(outlierEvaluationCall(call, outlierClass));
  const table = entry?.output ? findResult(entry.output.results, 'table')?.result : null;
  const auc = table?.rows[0]?.auc;
  if (typeof auc !== 'number')
    return (
      <span className="muted">AUC: {entry?.status === 'failed' ? entry.error?.message : '…'} </span>
    );
  return (
    <strong data-testid="ranking-auc">
      AUC {auc.toFixed(3)} ({outlierClass} as outliers){' '}
    </strong>
  );
}

/** The option a detector takes for objects the analyst marked normal (SAnDCat's alsoNormal). */
const MARK_OPTION = 'alsoNormal';

/** The rows marked normal, read from the option ("3, 7,12"): whole numbers from 0, others left out. */
export function parseMarked(value: unknown): number[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((t) => Number(t.trim()))
    .filter((r) => Number.isInteger(r) && r >= 0);
}

/** The option's value for rows marked normal: in order, comma-separated; null for none. */
export function markedOption(rows: readonly number[]): string | null {
  return rows.length > 0 ? [...rows].sort((a, b) => a - b).join(',') : null;
}

/** The sentence above the ranking on the objects marked normal (before its Undo button). */
export function markedNote(meta: TableMeta, marked: readonly number[]): string {
  const names = marked.map((r) => rowName(meta, r)).join(', ');
  return `${marked.length} object${marked.length === 1 ? '' : 's'} you marked normal joined the training set (${names}).`;
}

/** The heading of the ranking's values column: what orders them. */
export function valuesHeading(
  impacts: ObjectImpacts | null,
  valueScores: ValueScores | null,
  explanations: ObjectExplanations | null,
): string {
  if (impacts) return 'its values, farthest from the normal ones first';
  if (valueScores) return 'its values with the largest value scores';
  if (explanations) return 'its values, largest terms of its score first';
  return 'its values';
}

/** The ranking table: the top objects, tied ones grouped, with their values and feedback. */
function OutlierTable({
  meta,
  scores,
  valueScores,
  impacts,
  explanations,
  onMarkNormal,
  learned,
  training = null,
}: {
  meta: TableMeta;
  scores: ObjectScores;
  valueScores: ValueScores | null;
  /** Per object and attribute (SAnDCat's distance impact): the chips' order and colour. */
  impacts: ObjectImpacts | null;
  /**
   * Each object's terms of its score (the detector's explanation): the chips' order where the
   * detector has neither value scores nor impacts (the isolation forest, LOF).
   */
  explanations: ObjectExplanations | null;
  /** Marks an object normal (it joins the training set; the model refits). */
  onMarkNormal: ((row: number) => void) | null;
  /** True for an object the model already learned from. */
  learned: ((row: number) => boolean) | null;
  /** The training partition (0: a training row), left out of the ranking; null to rank them. */
  training?: ArrayLike<number> | null;
}) {
  const selectedObjects = useStore((s) => s.selectedObjects);
  const { rows, shown, expanded, toggleGroup } = useRankedRows(scores, training);
  // The export ranks every object of the ranking, not only the top ones shown (SAnDCat's
  // training objects only when they are ranked too).
  const tableRef = useRef<HTMLTableElement>(null);
  const everyObject = useCallback(() => {
    const all = rankedObjects(scores, scores.scores.length, training);
    return rowsTable(`objects by ${scores.title}`, meta, all, [
      { title: 'rank', value: (_r, k) => k + 1 },
      { title: 'score', value: (r) => scores.scores[r] ?? 0 },
    ]);
  }, [scores, meta, training]);
  useExportTable(tableRef, everyObject);
  const rowScores = useRowScores(scores, valueScores, impacts, explanations);
  const cls = meta.classColumn;
  return (
    <>
      <h3>
        Top {shown.length} objects by {scores.title}
        {valueScores ? ' (Σ of their value scores)' : ''}
        {impacts ? ' (values ordered by their attribute distance impact)' : ''}
      </h3>
      <div className="scroll-y" tabIndex={0} role="region" aria-label="Objects by outlier score">
        <table ref={tableRef} className="results" data-testid="outlier-table">
          <thead>
            <tr>
              <th>rank</th>
              <th title={ROW_NUMBERING}>line</th>
              <th>score</th>
              {cls && <th>{cls.name}</th>}
              <th style={{ textAlign: 'left' }}>
                {valuesHeading(impacts, valueScores, explanations)}
              </th>
              {onMarkNormal && <th>feedback</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ r, rank, group }) => (
              <RankingRow
                key={r}
                row={r}
                rank={rank}
                group={group}
                expanded={expanded.has(r)}
                onToggleGroup={() => toggleGroup(r)}
                selected={selectedObjects.includes(r)}
                codes={rows.get(r)}
                meta={meta}
                rowScores={rowScores}
                onMarkNormal={onMarkNormal}
                learned={learned}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The line above the ranking: the AUC against the outlier class, what the scores were fitted on
 * (SAnDCat: its normal class — said, not silent), whether its training objects are ranked, and
 * the granularities the scores come from.
 */
function RankingSummary(props: {
  auc: { call: NonNullable<Panel['call']>; outlierClass: string } | null;
  notes: readonly string[];
  training: { shown: boolean; show(on: boolean): void } | null;
  granularities: string[] | null;
}) {
  const { auc, training, granularities } = props;
  return (
    <p data-testid="ranking-summary">
      {auc && <Auc call={auc.call} outlierClass={auc.outlierClass} />}
      {props.notes.map((note) => (
        <span key={note} className="muted score-note" data-testid="score-note">
          {note}.{' '}
        </span>
      ))}
      {training && (
        <label className="inline-check">
          <input
            type="checkbox"
            checked={training.shown}
            onChange={(e) => training.show(e.target.checked)}
          />
          rank the training (normal) objects too
        </label>
      )}
      {granularities && (
        <span className="muted">
          {granularities.length} granularities: {granularities.join(', ')}
        </span>
      )}
    </p>
  );
}
