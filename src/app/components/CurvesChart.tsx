import { area, extent, line, scaleLinear, type ScaleLinear } from 'd3';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { Curves, CurveSeries } from '../../core/platform/results.ts';
import { seriesStyle } from '../model/colors.ts';
import { formatScore } from '../model/numberFormat.ts';
import { curvesTable } from '../model/numberTables.ts';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportNumbers } from './export/exportHooks.ts';
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
 * The y axis of a chart: fitted to what is drawn (curves and bands, chance), padded a little, or
 * 0 to 1 (a share, a precision) when asked, or always for a ROC curve, whose axes are both rates.
 */
export function yDomain(curves: Curves, fit: boolean): [number, number] {
  const ys = curves.series.flatMap((s) => [
    ...Array.from(s.y),
    ...Array.from(s.low ?? []),
    ...Array.from(s.high ?? []),
  ]);
  if (curves.chance !== undefined) ys.push(curves.chance);
  const [y0 = 0, y1 = 1] = extent(ys.filter(Number.isFinite));
  if (!fit) return [Math.min(0, y0), Math.max(1, y1)];
  const pad = Math.max(y1 - y0, 1e-6) * 0.06;
  return [y0 - pad, y1 + pad];
}

/**
 * Curves on one chart (ROC, (ε,γ)- and precision@k curves, a loss curve): a legend whose entries
 * toggle their curve, a hover read-out of every shown curve's value at the pointer's x, each
 * curve's 95 % band when measured, chance as a dashed line, and the leader marked ★. The y axis
 * fits the data, with a toggle back to 0–1 (not on a ROC curve, whose axes are rates).
 */
export function CurvesChart({
  curves,
  fitY = false,
}: {
  curves: Curves;
  /** Always fit the y axis to the data (a loss curve), with no 0–1 toggle. */
  fitY?: boolean;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [hoverX, setHoverX] = useState<number | null>(null);
  const roc = /false-positive/.test(curves.xLabel);
  const [unitAxis, setUnitAxis] = useState(false);
  const fitted = fitY || (!roc && !unitAxis);
  // The plot leaves the legend room beside it while both fit, else the legend goes below.
  const w = Math.max(260, Math.min(width - (width >= 260 + LEGEND_ROOM ? LEGEND_ROOM : 0), 640));
  const innerW = w - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const { x, y } = useMemo(() => {
    const [x0 = 0, x1 = 1] = extent(curves.series.flatMap((s) => Array.from(s.x)));
    return {
      x: scaleLinear()
        .domain([Math.min(0, x0), Math.max(x1, x0 + 1e-9)])
        .range([0, innerW]),
      y: scaleLinear().domain(yDomain(curves, fitted)).nice().range([innerH, 0]),
    };
  }, [curves, innerW, innerH, fitted]);
  const toggle = (name: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const shown = curves.series.filter((s) => !hidden.has(s.name));
  const clip = `plot${useId().replace(/:/g, '')}`;
  const figure = useRef<HTMLElement>(null);
  useExportNumbers(
    figure,
    useCallback(() => curvesTable(curves), [curves]),
  );
  return (
    <figure
      ref={figure}
      {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
      className="curves"
      data-testid="curves-chart"
      data-series={curves.series.length}
      data-y-domain={y.domain().join(',')}
    >
      <figcaption>{curves.title}</figcaption>
      {!fitY && !roc && (
        <label className="small curves-axis-toggle">
          <input
            type="checkbox"
            checked={unitAxis}
            onChange={(e) => setUnitAxis(e.target.checked)}
          />
          y axis from 0 to 1
        </label>
      )}
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
            <Axes x={x} y={y} curves={curves} innerW={innerW} innerH={innerH} roc={roc} />
            <defs>
              <clipPath id={clip}>
                <rect width={innerW} height={innerH} />
              </clipPath>
            </defs>
            <g clipPath={`url(#${clip})`}>
              <SeriesPaths curves={curves} hidden={hidden} x={x} y={y} />
            </g>
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
          </g>
        </svg>
        <CurvesLegend curves={curves} hidden={hidden} hoverX={hoverX} onToggle={toggle} />
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

type Scale = ScaleLinear<number, number>;

/** The axes, their ticks and labels, the grid, the ROC diagonal and the chance line. */
function Axes({
  x,
  y,
  curves,
  innerW,
  innerH,
  roc,
}: {
  x: Scale;
  y: Scale;
  curves: Curves;
  innerW: number;
  innerH: number;
  roc: boolean;
}) {
  const [yLow, yHigh] = y.domain() as [number, number];
  const chance = curves.chance;
  return (
    <>
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
      {chance !== undefined && chance >= yLow && chance <= yHigh && (
        <g data-testid="chance-line" transform={`translate(0,${y(chance)})`}>
          <line x2={innerW} className="chart-diagonal" stroke="#999" strokeDasharray="6 4" />
          <text x={innerW - 4} y={-4} textAnchor="end" fontSize={11} className="chart-note">
            chance {formatScore(chance)}
          </text>
        </g>
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
    </>
  );
}

/** Each shown series' band (95 %, when measured) under its line; the leader's line thicker. */
function SeriesPaths({
  curves,
  hidden,
  x,
  y,
}: {
  curves: Curves;
  hidden: ReadonlySet<string>;
  x: Scale;
  y: Scale;
}) {
  // Colour-blind-safe colours, and past eight curves the same colours dashed (seriesStyle).
  const pathOf = (s: CurveSeries): string =>
    line<number>()
      .x((_, i) => x(s.x[i] as number))
      .y((v) => y(v))(Array.from(s.y)) ?? '';
  const bandOf = (s: CurveSeries, low: Float64Array, high: Float64Array): string =>
    area<number>()
      .x((_, i) => x(s.x[i] as number))
      .y0((_, i) => y(low[i] as number))
      .y1((_, i) => y(high[i] as number))(Array.from(s.y)) ?? '';
  return (
    <>
      {curves.series.map((s, i) =>
        hidden.has(s.name) || !s.low || !s.high ? null : (
          <path
            key={`band-${s.name}`}
            d={bandOf(s, s.low, s.high)}
            fill={seriesStyle(i).color}
            fillOpacity={0.14}
            stroke="none"
            data-testid="curve-band"
            data-band={s.name}
          />
        ),
      )}
      {curves.series.map((s, i) =>
        hidden.has(s.name) ? null : (
          <path
            key={s.name}
            d={pathOf(s)}
            fill="none"
            stroke={seriesStyle(i).color}
            strokeDasharray={seriesStyle(i).dash || undefined}
            strokeWidth={s.name === curves.leader ? 3.5 : 2}
            data-series={s.name}
            data-leader={s.name === curves.leader ? 'true' : undefined}
          />
        ),
      )}
    </>
  );
}

/** The legend: each entry toggles its curve and reads its value at the pointer's x; ★ the leader. */
function CurvesLegend({
  curves,
  hidden,
  hoverX,
  onToggle,
}: {
  curves: Curves;
  hidden: ReadonlySet<string>;
  hoverX: number | null;
  onToggle(name: string): void;
}) {
  return (
    <ul className="curves-legend" aria-label="Curves">
      {curves.series.map((s, i) => {
        const at = hoverX === null ? null : valueAt(s, hoverX);
        const leader = s.name === curves.leader;
        return (
          <li key={s.name} data-leader={leader ? 'true' : undefined}>
            <button
              type="button"
              aria-pressed={!hidden.has(s.name)}
              onClick={() => onToggle(s.name)}
            >
              <svg className="line-swatch" width={24} height={10} aria-hidden="true">
                <line
                  x1={1}
                  x2={23}
                  y1={5}
                  y2={5}
                  stroke={seriesStyle(i).color}
                  strokeWidth={leader ? 4 : 2.5}
                  strokeDasharray={seriesStyle(i).dash || undefined}
                />
              </svg>
              {leader && (
                <span className="leader-mark" title="leads on the comparison's measure">
                  ★{' '}
                </span>
              )}
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
  );
}
