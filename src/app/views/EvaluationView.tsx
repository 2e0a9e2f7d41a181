import { useState } from 'react';
import {
  EMBEDDING_METHODS,
  methodSpec,
  type EmbeddingMethod,
} from '../../core/methods/registry.ts';
import { useStore } from '../store/index.ts';
import { formatMeanSd } from './cureModel.ts';

/**
 * The clustering protocol of seed 000 Sec. 6: k-means (k = classes) on each representation,
 * repeated with seeded starts; F-score, NMI and accuracy as mean ± sd, next to the data
 * indicators and, when the table matches one of its data sets, the paper's Table 1.
 */
export function EvaluationView() {
  const meta = useStore((s) => s.loaded?.meta);
  const version = useStore((s) => s.tableVersion);
  const evaluation = useStore((s) =>
    s.evaluation?.version === version ? s.evaluation.value : null,
  );
  const error = useStore((s) => s.methodErrors.evaluation ?? null);
  const request = useStore((s) => s.evaluationRequest);
  const running = useStore((s) => s.jobs.some((j) => j.kind === 'evaluate'));
  const runEvaluation = useStore((s) => s.runEvaluation);
  const [runs, setRuns] = useState(request.runs ?? 50);
  const [seed, setSeed] = useState(request.seed ?? 0);
  const [methods, setMethods] = useState<EmbeddingMethod[]>(
    request.methods ?? [...EMBEDDING_METHODS],
  );
  if (!meta) return <p className="muted">Load a data set to evaluate representations.</p>;
  if (!meta.classColumn)
    return (
      <p className="muted">Choose a class column (in the data summary) to evaluate clusterings.</p>
    );
  const paper = evaluation?.paper ?? null;
  return (
    <div className="view">
      <div className="view-controls wrap">
        {EMBEDDING_METHODS.map((m) => (
          <label key={m}>
            <input
              type="checkbox"
              checked={methods.includes(m)}
              onChange={(e) =>
                setMethods(
                  e.target.checked
                    ? EMBEDDING_METHODS.filter((x) => x === m || methods.includes(x))
                    : methods.filter((x) => x !== m),
                )
              }
            />
            {methodSpec(m).title}
          </label>
        ))}
        <label>
          k-means starts
          <input
            type="number"
            min={1}
            max={1000}
            value={runs}
            aria-label="Evaluation runs"
            onChange={(e) => setRuns(Math.max(1, Math.trunc(Number(e.target.value)) || 1))}
            style={{ width: 64 }}
          />
        </label>
        <label>
          seed
          <input
            type="number"
            value={seed}
            aria-label="Evaluation seed"
            onChange={(e) => setSeed(Math.trunc(Number(e.target.value)) || 0)}
            style={{ width: 56 }}
          />
        </label>
        <button
          type="button"
          disabled={running || methods.length === 0}
          onClick={() => void runEvaluation({ ...request, runs, seed, methods })}
        >
          {evaluation ? 'Evaluate again' : 'Evaluate'}
        </button>
        <span className="muted">
          k = {meta.classColumn.labels.length} classes of {meta.classColumn.name}
        </span>
      </div>
      {error && !running && (
        <p className="method-error" role="alert">
          Evaluation stopped: {error.message}
        </p>
      )}
      {evaluation && (
        <>
          <table className="results" data-testid="evaluation-table">
            <thead>
              <tr>
                <th>representation</th>
                <th>dims</th>
                <th>F-score</th>
                {paper && <th>paper F-score</th>}
                <th>NMI</th>
                <th>accuracy</th>
                <th>build s</th>
              </tr>
            </thead>
            <tbody>
              {evaluation.results.map((r) => (
                <tr key={r.method} data-method={r.method}>
                  <td>{r.title}</td>
                  <td>{r.dims}</td>
                  <td data-testid={`fscore-${r.method}`}>{formatMeanSd(r.fscore)}</td>
                  {paper && <td>{paper.fscore[r.method].toFixed(3)}</td>}
                  <td>{formatMeanSd(r.nmi)}</td>
                  <td>{formatMeanSd(r.accuracy)}</td>
                  <td>{r.seconds.toFixed(3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p data-testid="indicators">
            FCI (Eq. 16) {evaluation.indicators.fci.toFixed(3)}
            {paper ? ` (paper ${paper.fci.toFixed(3)})` : ''} · VCI (Eq. 17){' '}
            {evaluation.indicators.vci.toFixed(3)} · {evaluation.runs} k-means++ starts, seed{' '}
            {evaluation.seed}
          </p>
          {!paper && evaluation.paperNearMatch && (
            <p className="muted" data-testid="paper-hint">
              The paper's {evaluation.paperNearMatch.data} has {evaluation.paperNearMatch.objects}{' '}
              objects and {evaluation.paperNearMatch.values} values; this table has {meta.nValues}{' '}
              values. Match its preprocessing (for Zoo: drop legs) to see Table 1 beside ours.
            </p>
          )}
          {paper && (
            <p className="muted">
              This table has the shape of the paper's {paper.data} ({paper.objects} objects,{' '}
              {paper.values} values): its Table 1 row is shown beside ours.
            </p>
          )}
        </>
      )}
      {!evaluation && !running && !error && (
        <p className="muted">
          Press Evaluate to cluster every representation (runs in the worker).
        </p>
      )}
    </div>
  );
}
