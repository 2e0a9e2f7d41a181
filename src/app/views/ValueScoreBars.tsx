import { useCallback, useMemo, useRef, useState } from 'react';
import type { ValueScores } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportNumbers } from '../components/export/exportHooks.ts';
import { measureLabel } from '../components/heatmap/measureLabel.ts';
import { useWidth } from '../components/useWidth.ts';
import { formatScore } from '../model/numberFormat.ts';
import { itemTable, valueItems } from '../model/numberTables.ts';
import { labelColumn, topIndices, valueName } from '../model/values.ts';
import { useStore } from '../store/index.ts';
import { useValueLinks } from './useValueLinks.ts';

/** Bars shown until "all" is asked for. */
const TOP_VALUES = 30;

/**
 * A detector's value scores as bars, the highest first (the top TOP_VALUES, or all); a click
 * selects the value, hovering lights it up everywhere. The panel's CSV and JSON export every
 * value's score at full precision, in file order (with the granularity it came from, when the
 * detector says).
 */
export function ValueScoreBars({ meta, values }: { meta: TableMeta; values: ValueScores }) {
  const toggleValue = useStore((s) => s.toggleValue);
  const setHover = useStore((s) => s.setHover);
  const [showAll, setShowAll] = useState(false);
  const [ref, width] = useWidth<HTMLDivElement>();
  const top = useMemo(
    () => topIndices(values.scores, showAll ? values.scores.length : TOP_VALUES),
    [values, showAll],
  );
  const max = Math.max(values.scores[top[0] ?? 0] ?? 0, 1e-12);
  // Every value's score out (the bars show the top ones, to 4 digits), in file order.
  const numbers = useCallback(
    () =>
      itemTable(values.title, valueItems(meta), [
        { title: 'score', value: (v) => values.scores[v] },
        ...(values.sourceNames && values.source
          ? [
              {
                title: 'from',
                value: (v: number) => values.sourceNames?.[values.source?.[v] ?? -1] ?? '',
              },
            ]
          : []),
      ]),
    [meta, values],
  );
  const svgRef = useRef<SVGSVGElement>(null);
  useExportNumbers(svgRef, numbers);
  const { emphasised } = useValueLinks();
  const BAR = 16;
  // Room for the widest bar's number after it, measured (“27.9M”, “0.123”).
  const NUMBER =
    8 + Math.max(...top.map((v) => measureLabel(formatScore(values.scores[v] ?? 0), 10)), 0);
  // The panel's width less its scroll bar; labels take at most 55 % of it (cut with “…”, whole
  // in the tooltip), the bars and their numbers the rest.
  const inside = Math.max(0, width - 18);
  const names = labelColumn(
    top.map((v) => valueName(meta, v)),
    (t) => measureLabel(t, 11, 700),
    inside > 0 ? Math.max(90, 0.55 * inside) : Number.POSITIVE_INFINITY,
  );
  const LABEL = names.width;
  const WIDTH = Math.max(LABEL + 40 + NUMBER, inside);
  return (
    <>
      <h3>
        {values.title}{' '}
        <button type="button" className="small" onClick={() => setShowAll(!showAll)}>
          {showAll ? `top ${TOP_VALUES}` : `all ${values.scores.length}`}
        </button>
      </h3>
      <div className="scroll-y" ref={ref} tabIndex={0} role="region" aria-label="Value scores">
        <svg
          ref={svgRef}
          {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
          className="value-score-bars"
          width={WIDTH}
          height={top.length * BAR + 4}
          data-testid="value-score-bars"
        >
          {top.map((v, r) => {
            const score = values.scores[v] ?? 0;
            const source = values.sourceNames?.[values.source?.[v] ?? -1];
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
                  {`${valueName(meta, v)}: ${formatScore(score)}${source ? ` (from ${source})` : ''}`}
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
                  width={barLength(WIDTH - LABEL - NUMBER, score, max)}
                  fill={emphasised.has(v) ? '#b91c1c' : '#f87171'}
                />
                <text
                  x={LABEL + barLength(WIDTH - LABEL - NUMBER, score, max) + 4}
                  y={BAR - 4}
                  fontSize={10}
                  fill="#374151"
                >
                  {formatScore(score)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </>
  );
}

/**
 * A score's bar in `room` pixels, the top score (`max`) filling it: never under half a pixel,
 * so a score of 0 still shows where its bar starts.
 */
export function barLength(room: number, score: number, max: number): number {
  return Math.max(0.5, (room * score) / max);
}
