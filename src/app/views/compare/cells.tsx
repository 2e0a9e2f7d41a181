import { useMemo, useState } from 'react';
import { describeCall } from '../../../core/platform/calls.ts';
import type { Call } from '../../../core/platform/spec.ts';
import {
  anomalousScores,
  findResult,
  resultsOfKind,
  type ObjectScores,
} from '../../../core/platform/results.ts';
import { ProjectionScatter } from '../../components/scatter/ProjectionScatter.tsx';
import { useStore } from '../../store/index.ts';
import type { ResultEntry } from '../../store/resultsSlice.ts';
import { MatrixHeatmap } from '../ValueMatricesView.tsx';
import { PartitionGrid } from '../ValuePartitionsView.tsx';
import { formatScore } from '../../model/numberFormat.ts';
import { rowName } from '../../model/rowNames.ts';
import { useLinkedObjects } from '../useLinkedObjects.ts';
import { useResult } from '../useResult.ts';
import { useObjectColor } from '../useObjectColor.ts';
import { topIndices } from '../../model/values.ts';

/**
 * A compare cell reads the store's result of its call without starting it: "Run all" (or the
 * cell's own Run button) computes, so opening the compare layout never starts thirty jobs at once.
 */
const useStoredResult = (call: Call) => useResult(call, { start: false });

/** Running, failed, cancelled or not run yet: one line and, where it helps, a Run button. */
function CellStatus({ entry, call, run }: { entry: ResultEntry | null; call: Call; run(): void }) {
  const rerun = useStore((s) => s.rerun);
  if (entry?.status === 'running')
    return <p className="muted small">Running {describeCall(call)}…</p>;
  if (entry?.status === 'failed')
    return (
      <p className="method-error small" role="alert">
        {entry.error?.message}{' '}
        <button type="button" className="small" onClick={() => rerun(entry.key)}>
          Run again
        </button>
      </p>
    );
  return (
    <p className="muted small">
      {entry?.status === 'cancelled' ? 'Cancelled. ' : 'Not computed yet. '}
      <button type="button" className="small" onClick={run}>
        Run
      </button>
    </p>
  );
}

/** The method's value matrices restricted to one attribute's values (one at a time). */
export function CompareMatrix({ method, attribute }: { method: string; attribute: number }) {
  const call = useMemo(() => ({ method }), [method]);
  const { entry, run } = useStoredResult(call);
  const meta = useStore((s) => s.loaded?.meta);
  const [which, setWhich] = useState(0);
  const output = entry?.status === 'done' ? entry.output : null;
  if (!output || !meta) return <CellStatus entry={entry} call={call} run={run} />;
  const matrices = resultsOfKind(output.results, 'value-matrix');
  const chosen = matrices[Math.min(which, matrices.length - 1)];
  if (!chosen) return <p className="muted small">Too many values to draw.</p>;
  return (
    <div className="compare-matrix">
      {matrices.length > 1 && (
        <select
          aria-label={`${method} matrix`}
          value={Math.min(which, matrices.length - 1)}
          onChange={(e) => setWhich(Number(e.target.value))}
        >
          {matrices.map((m, i) => (
            <option key={m.name} value={i}>
              {m.result.title.split(' — ')[0]}
            </option>
          ))}
        </select>
      )}
      <MatrixHeatmap
        name={`compare-${method}-${chosen.name}`}
        meta={meta}
        matrix={chosen.result}
        partitions={null}
        order={-1}
        focus={attribute}
        siblings={output.results}
      />
    </div>
  );
}

/** The method's value clusters at every granularity. */
export function CompareClusters({ method, column }: { method: string; column: number }) {
  const call = useMemo(() => ({ method }), [method]);
  const { entry, run } = useStoredResult(call);
  const meta = useStore((s) => s.loaded?.meta);
  const output = entry?.status === 'done' ? entry.output : null;
  const partitions = output ? findResult(output.results, 'value-partitions')?.result : null;
  if (!partitions || !meta) return <CellStatus entry={entry} call={call} run={run} />;
  // Compare cells have ids of their own below zero, apart from every panel's.
  return (
    <PartitionGrid
      panelId={-1 - column}
      meta={meta}
      partitions={partitions}
      summary={null}
      label={`Value clusters of ${method}`}
    />
  );
}

/** The same projection (method and seed) of the method's representation. */
export function CompareProjection({
  method,
  step,
  seed,
}: {
  method: string;
  step: string;
  seed: number;
}) {
  const call = useMemo(
    () => ({ method: step, options: { seed }, inputs: { of: { method } } }),
    [method, step, seed],
  );
  const { entry, run } = useStoredResult(call);
  const linked = useLinkedObjects();
  const coloring = useObjectColor();
  const layout = entry?.output
    ? findResult(entry.output.results, 'object-embedding')?.result
    : null;
  const live = entry?.status === 'running' ? entry.live : null;
  const points = live?.layout ?? (layout?.form === 'dense' ? layout.data : null);
  const measures = entry?.output ? findResult(entry.output.results, 'measures')?.result : null;
  const trust = measures?.values.find((v) => v.name === 'trustworthiness')?.value ?? null;
  return (
    <div className="compare-projection">
      {points ? (
        <ProjectionScatter
          name={`compare-scatter-${method}`}
          points={points}
          layoutKey={entry?.key}
          height={240}
          color={coloring.color}
          colorCodes={coloring.codes}
          emphasised={linked.emphasised}
          tooltip={linked.tooltip}
          onHover={linked.onHover}
          onSelect={linked.onSelect}
          labelOf={linked.labelOf}
          exportName={`${method}-${step}`}
          aspect="equal"
        />
      ) : (
        <CellStatus entry={entry} call={call} run={run} />
      )}
      <p className="muted small" data-testid={`compare-selection-${method}`}>
        {linked.selectionText}
        {trust !== null ? ` · trustworthiness ${formatScore(trust)}` : ''}
      </p>
    </div>
  );
}

const TOP = 10;

/** The ten objects the detector finds most anomalous, linked to the selection. */
export function CompareScores({ method }: { method: string }) {
  const call = useMemo(() => ({ method }), [method]);
  const { entry, run } = useStoredResult(call);
  const meta = useStore((s) => s.loaded?.meta);
  const setSelected = useStore((s) => s.setSelectedObjects);
  const setHover = useStore((s) => s.setHover);
  const linked = useLinkedObjects();
  const scores: ObjectScores | null =
    entry?.status === 'done' && entry.output
      ? (findResult(entry.output.results, 'object-scores')?.result ?? null)
      : null;
  const top = useMemo(() => {
    if (!scores) return [];
    return topIndices(anomalousScores(scores), TOP);
  }, [scores]);
  if (!scores || !meta) return <CellStatus entry={entry} call={call} run={run} />;
  const held = top.filter((r) => linked.emphasised.has(r)).length;
  return (
    <div className="compare-scores">
      <ol className="compare-top" aria-label={`${method} top objects`}>
        {top.map((r, rank) => (
          <li
            key={r}
            className={linked.emphasised.has(r) ? 'strong' : undefined}
            onPointerEnter={() => setHover({ kind: 'objects', objects: [r] })}
            onPointerLeave={() => setHover(null)}
            onClick={() => setSelected([r])}
            title="Select this object in every view"
          >
            <span className="rank">{rank + 1}</span> {rowName(meta, r)}
            {meta.classColumn
              ? ` · ${meta.classColumn.labels[meta.classColumn.codes[r] ?? 0]}`
              : ''}
            <span className="score">{formatScore(scores.scores[r] as number)}</span>
          </li>
        ))}
      </ol>
      {linked.emphasised.size > 0 && (
        <p className="muted small">
          {held} of the top {TOP} are selected
        </p>
      )}
    </div>
  );
}
