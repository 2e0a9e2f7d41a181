import { interpolateReds, scaleSequentialSqrt } from 'd3';
import { useMemo, useState } from 'react';
import type { CoshReport } from '../../core/analysis.ts';
import type { TableMeta } from '../../core/session.ts';
import { MethodParams } from '../components/MethodParams.tsx';
import { useWidth } from '../components/useWidth.ts';
import { useStore } from '../store/index.ts';
import { emphasisedValues } from '../store/linkSlice.ts';
import { granularityName, labelColumn, topIndices, valueName } from './cureModel.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useMethodResult } from './useMethodResult.ts';
import { useObjectValues } from './useObjectValues.ts';

const TOP_OBJECTS = 25;
const TOP_VALUES = 30;
/** Values shown per ranked object: those with the largest scores. */
const CHIPS = 5;

/** An object's values with their scores, largest first: what made its outlier score. */
function contributions(
  meta: TableMeta,
  cosh: CoshReport,
  codes: Int32Array,
): { v: number; score: number }[] {
  return meta.attributes
    .map((a, k) => {
      const v = a.offset + (codes[k] ?? 0);
      return { v, score: cosh.valueScores[v] ?? 0 };
    })
    .sort((x, y) => y.score - x.score);
}

/** COSH (seed 000 Alg. 2): objects ranked by outlier score and the value scores behind them. */
export function CoshView() {
  const meta = useStore((s) => s.loaded?.meta);
  const { value: cosh, error } = useMethodResult('cosh');
  const settings = useStore((s) => s.coshSettings);
  const runCosh = useStore((s) => s.runCosh);
  const running = useStore((s) => s.jobs.some((j) => j.kind === 'cosh'));
  if (!meta) return <p className="muted">Load a data set to score its outliers.</p>;
  const cls = meta.classColumn;
  return (
    <div className="view">
      <div className="view-controls wrap">
        <MethodParams
          method="COSH"
          values={{
            alpha: settings.alpha ?? 30,
            seed: settings.seed ?? 0,
            orientation: settings.orientation ?? 'code',
          }}
          defaultOrientation="code"
          onChange={(change) => void runCosh({ ...settings, ...change })}
        />
        {cls && (
          <label>
            Outlier class
            <select
              aria-label="Outlier class"
              value={settings.outlierClass ?? ''}
              onChange={(e) => void runCosh({ ...settings, outlierClass: e.target.value || null })}
            >
              <option value="">none (no AUC)</option>
              {cls.labels.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
        {cosh && (
          <span data-testid="cosh-summary">
            {cosh.auc !== null && (
              <strong data-testid="cosh-auc">
                AUC {cosh.auc.toFixed(3)} ({cosh.outlierClass} as outliers){' '}
              </strong>
            )}
            <span className="muted">
              {cosh.granularities.length} granularities:{' '}
              {cosh.granularities.map((g) => granularityName(g)).join(', ')}
            </span>
          </span>
        )}
      </div>
      {!cosh || running ? (
        <MethodStatus kind="cosh" error={error} />
      ) : (
        <div className="pair">
          <div className="pair-item wide">
            <OutlierTable meta={meta} cosh={cosh} />
          </div>
          <div className="pair-item">
            <ValueScoreBars meta={meta} cosh={cosh} />
          </div>
        </div>
      )}
    </div>
  );
}

function OutlierTable({ meta, cosh }: { meta: TableMeta; cosh: CoshReport }) {
  const selectedObjects = useStore((s) => s.selectedObjects);
  const setSelectedObjects = useStore((s) => s.setSelectedObjects);
  const setHover = useStore((s) => s.setHover);
  const ranked = useMemo(() => topIndices(cosh.objectScores, TOP_OBJECTS), [cosh]);
  const rows = useObjectValues(ranked);
  const valueScale = useMemo(() => {
    let max = 0;
    for (const x of cosh.valueScores) if (x > max) max = x;
    return scaleSequentialSqrt(interpolateReds).domain([0, max || 1]);
  }, [cosh]);
  const cls = meta.classColumn;
  return (
    <>
      <h3>Top {ranked.length} objects by outlier score (Σ of their value scores)</h3>
      <div className="scroll-y">
        <table className="results" data-testid="outlier-table">
          <thead>
            <tr>
              <th>rank</th>
              <th>row</th>
              <th>score</th>
              {cls && <th>{cls.name}</th>}
              <th style={{ textAlign: 'left' }}>its values with the largest value scores</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map((r, rank) => {
              const codes = rows.get(r);
              return (
                <tr
                  key={r}
                  className={`clickable${selectedObjects.includes(r) ? ' selected' : ''}`}
                  onClick={() => setSelectedObjects([r])}
                  onPointerEnter={() => setHover({ kind: 'objects', objects: [r] })}
                  onPointerLeave={() => setHover(null)}
                >
                  <td>{rank + 1}</td>
                  <td>{r + 1}</td>
                  <td>{(cosh.objectScores[r] ?? 0).toPrecision(4)}</td>
                  {cls && <td>{cls.labels[cls.codes[r] ?? 0]}</td>}
                  <td style={{ textAlign: 'left', whiteSpace: 'normal' }}>
                    {codes
                      ? contributions(meta, cosh, codes).map(({ v, score }, k) =>
                          k < CHIPS ? (
                            <span
                              key={v}
                              className="chip"
                              title={`value score ${score.toPrecision(4)}`}
                              style={{
                                background: valueScale(score),
                                color: score > valueScale.domain()[1] * 0.5 ? '#fff' : '#111',
                              }}
                            >
                              {valueName(meta, v)}
                            </span>
                          ) : k === CHIPS ? (
                            <span key={v} className="muted">
                              {' '}
                              +{meta.attributes.length - CHIPS} more
                            </span>
                          ) : null,
                        )
                      : '…'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ValueScoreBars({ meta, cosh }: { meta: TableMeta; cosh: CoshReport }) {
  const hover = useStore((s) => s.hover);
  const selectedValues = useStore((s) => s.selectedValues);
  const toggleValue = useStore((s) => s.toggleValue);
  const setHover = useStore((s) => s.setHover);
  const [showAll, setShowAll] = useState(false);
  const [ref, width] = useWidth<HTMLDivElement>();
  const top = useMemo(
    () => topIndices(cosh.valueScores, showAll ? cosh.valueScores.length : TOP_VALUES),
    [cosh, showAll],
  );
  const max = Math.max(cosh.valueScores[top[0] ?? 0] ?? 0, 1e-12);
  const emphasised = emphasisedValues({ hover, selectedValues });
  const BAR = 16;
  const names = labelColumn(top.map((v) => valueName(meta, v)));
  const LABEL = names.width;
  // The panel's width, with at least 120 px of bar; 60 px stay free for the bar's number.
  const WIDTH = Math.max(LABEL + 180, width - 12);
  return (
    <>
      <h3>
        Value scores (Eq. 15: max over granularities of Cᵏ·Dₖ·1){' '}
        <button type="button" className="small" onClick={() => setShowAll(!showAll)}>
          {showAll ? `top ${TOP_VALUES}` : `all ${cosh.valueScores.length}`}
        </button>
      </h3>
      <div className="scroll-y" ref={ref}>
        <svg width={WIDTH} height={top.length * BAR + 4} data-testid="value-score-bars">
          {top.map((v, r) => {
            const score = cosh.valueScores[v] ?? 0;
            const source = cosh.granularities[cosh.valueSource[v] ?? -1];
            return (
              <g
                key={v}
                transform={`translate(0, ${r * BAR})`}
                style={{ cursor: 'pointer' }}
                onClick={() => toggleValue(v)}
                onPointerEnter={() => setHover({ kind: 'values', values: [v] })}
                onPointerLeave={() => setHover(null)}
              >
                <title>
                  {`${valueName(meta, v)}: ${score.toPrecision(4)}${source ? ` (from ${granularityName(source)})` : ''}`}
                </title>
                <text
                  x={LABEL - 6}
                  y={BAR - 4}
                  fontSize={11}
                  textAnchor="end"
                  fontWeight={emphasised.has(v) ? 700 : 400}
                >
                  {names.text[r]}
                </text>
                <rect
                  x={LABEL}
                  y={2}
                  height={BAR - 4}
                  width={Math.max(0.5, ((WIDTH - LABEL - 60) * score) / max)}
                  fill={emphasised.has(v) ? '#b91c1c' : '#f87171'}
                />
                <text
                  x={LABEL + Math.max(0.5, ((WIDTH - LABEL - 60) * score) / max) + 4}
                  y={BAR - 4}
                  fontSize={10}
                  fill="#374151"
                >
                  {score.toPrecision(3)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </>
  );
}
