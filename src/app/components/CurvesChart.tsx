import { extent, line, scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import type { Curves, CurveSeries } from '../../core/platform/results.ts';
import { seriesStyle } from '../model/colors.ts';
import { localPoint } from './cssZoom.ts';
import { useWidth } from './useWidth.ts';

const HEIGHT = 260;
const MARGIN = { top: 10, right: 16, bottom: 38, left: 46 };
/** Width kept for the legend beside the plot (its longest names, about 30 characters). */
const LEGEND_ROOM = 240;

/** y of a series at x, linear between its points (x ascending); null outside its range. */
export function valueAt(series: CurveSeries, x: number): number | null {
  const xs = series.x;
  const n = xs.length;
  if (n === 0 || x < (xs[0] as number) || x > (xs[n - 1] as number)) return null;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) <= x) lo = mid;
    else hi = mid;
  }
  const x0 = xs[lo] as number;
  const x1 = xs[hi] as number;
  const y0 = series.y[lo] as number;
  const y1 = series.y[hi] as number;
  return x1 > x0 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : y0;
}

/**
 * Curves on one chart (ROC, and later (ε,γ)- and precision@k curves): a legend whose entries
 * toggle their curve, and a hover read-out of every shown curve's value at the pointer's x.
 * Long: one SVG whose axes, curves, legend toggles and hover read-out share its scales; the interpolation of the read-out is `valueAt` above.
 */
export function CurvesChart({
  curves,
  fitY = false,
}: {
  curves: Curves;
  /** Fit the y axis to the data (a loss curve) instead of starting at 0 and reaching 1. */
  fitY?: boolean;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [hoverX, setHoverX] = useState<number | null>(null);
  // The plot leaves the legend room beside it while both fit, else the legend goes below.
  const w = Math.max(260, Math.min(width - (width >= 260 + LEGEND_ROOM ? LEGEND_ROOM : 0), 640));
  const innerW = w - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const { x, y } = useMemo(() => {
    const xs = curves.series.flatMap((s) => Array.from(s.x));
    const ys = curves.series.flatMap((s) => Array.from(s.y));
    const [x0 = 0, x1 = 1] = extent(xs);
    const [y0 = 0, y1 = 1] = extent(ys);
    return {
      x: scaleLinear()
        .domain([Math.min(0, x0), Math.max(x1, x0 + 1e-9)])
        .range([0, innerW]),
      y: scaleLinear()
        .domain(fitY ? [y0, Math.max(y1, y0 + 1e-9)] : [Math.min(0, y0), Math.max(1, y1)])
        .nice()
        .range([innerH, 0]),
    };
  }, [curves, innerW, innerH, fitY]);
  // Colour-blind-safe colours, and past eight curves the same colours dashed (seriesStyle).
  const pathOf = (s: CurveSeries): string =>
    line<number>()
      .x((_, i) => x(s.x[i] as number))
      .y((v) => y(v))(Array.from(s.y)) ?? '';
  const roc = /false-positive/.test(curves.xLabel);
  const shown = curves.series.filter((s) => !hidden.has(s.name));
  return (
    <figure className="curves" data-testid="curves-chart" data-series={curves.series.length}>
      <figcaption>{curves.title}</figcaption>
      <div ref={ref} className="curves-body">
        <svg
          width={w}
          height={HEIGHT}
          role="img"
          aria-label={`${curves.title}: ${curves.yLabel} against ${curves.xLabel}`}
          onPointerMove={(e) => {
            const px = localPoint(e, e.currentTarget)[0] - MARGIN.left;
            setHoverX(px >= 0 && px <= innerW ? x.invert(px) : null);
          }}
          onPointerLeave={() => setHoverX(null)}
        >
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {x.ticks(5).map((t) => (
              <g key={`x${t}`} transform={`translate(${x(t)},${innerH})`}>
                <line y2={5} className="chart-axis" stroke="#888" />
                <text y={17} textAnchor="middle" fontSize={11}>
                  {t}
                </text>
              </g>
            ))}
            {y.ticks(5).map((t) => (
              <g key={`y${t}`} transform={`translate(0,${y(t)})`}>
                <line x2={-5} className="chart-axis" stroke="#888" />
                <line x2={innerW} className="chart-grid" stroke="#eee" />
                <text x={-8} dy="0.32em" textAnchor="end" fontSize={11}>
                  {t}
                </text>
              </g>
            ))}
            <line y1={innerH} y2={innerH} x2={innerW} className="chart-axis" stroke="#888" />
            <line y2={innerH} className="chart-axis" stroke="#888" />
            {roc && (
              <line
                x1={x(0)}
                y1={y(0)}
                x2={x(1)}
                y2={y(1)}
                className="chart-diagonal"
                stroke="#bbb"
                strokeDasharray="4 4"
              />
            )}
            {curves.series.map((s, i) =>
              hidden.has(s.name) ? null : (
                <path
                  key={s.name}
                  d={pathOf(s)}
                  fill="none"
                  stroke={seriesStyle(i).color}
                  strokeDasharray={seriesStyle(i).dash || undefined}
                  strokeWidth={2}
                  data-series={s.name}
                />
              ),
            )}
            {hoverX !== null && (
              <line
                x1={x(hoverX)}
                x2={x(hoverX)}
                y2={innerH}
                className="chart-guide"
                stroke="#666"
                strokeDasharray="2 2"
              />
            )}
            <text x={innerW / 2} y={innerH + 32} textAnchor="middle" fontSize={12}>
              {curves.xLabel}
            </text>
            <text
              transform={`translate(${-36},${innerH / 2}) rotate(-90)`}
              textAnchor="middle"
              fontSize={12}
            >
              {curves.yLabel}
            </text>
          </g>
        </svg>
        <ul className="curves-legend" aria-label="Curves">
          {curves.series.map((s, i) => {
            const at = hoverX === null ? null : valueAt(s, hoverX);
            return (
              <li key={s.name}>
                <button
                  type="button"
                  aria-pressed={!hidden.has(s.name)}
                  onClick={() =>
                    setHidden((h) => {
                      const next = new Set(h);
                      if (next.has(s.name)) next.delete(s.name);
                      else next.add(s.name);
                      return next;
                    })
                  }
                >
                  <svg className="line-swatch" width={24} height={10} aria-hidden="true">
                    <line
                      x1={1}
                      x2={23}
                      y1={5}
                      y2={5}
                      stroke={seriesStyle(i).color}
                      strokeWidth={2.5}
                      strokeDasharray={seriesStyle(i).dash || undefined}
                    />
                  </svg>
                  {s.name}
                </button>
                {at !== null && !hidden.has(s.name) && (
                  <span className="muted" data-testid="curve-readout">
                    {' '}
                    {curves.yLabel} {at.toFixed(3)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {hoverX !== null && shown.length > 0 && (
        <p className="muted">
          at {curves.xLabel} {hoverX.toFixed(3)}
        </p>
      )}
      {curves.notes?.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
    </figure>
  );
}
