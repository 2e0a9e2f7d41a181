import { max, scaleBand, scaleLinear } from 'd3';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { KERNEL_SETS, kernelName } from '../../core/methods/untie/kernelFunctions.ts';
import { spaceLayout } from '../../core/methods/untie/vectorRepresentation.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportNumbers } from '../components/export/exportHooks.ts';
import { useWidth } from '../components/useWidth.ts';
import { itemTable } from '../model/numberTables.ts';

const KINDS = ['intra', 'inter'] as const;
const KIND_COLOR = { intra: '#4477aa', inter: '#ee7733' } as const;
const KIND_TITLE = { intra: 'intra-attribute (Eq. 1)', inter: 'inter-attribute (Eq. 4)' } as const;

const BAR_HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 76, left: 44 };

/** Mean learned weight per kernel and coupling space, over all attributes or one. */
export function KernelWeightBars({
  meta,
  kernels,
  weights,
}: {
  meta: TableMeta;
  kernels: keyof typeof KERNEL_SETS;
  weights: Float64Array;
}) {
  const [attribute, setAttribute] = useState(-1);
  const [ref, width] = useWidth<HTMLDivElement>();
  const names = useMemo(() => KERNEL_SETS[kernels].map(kernelName), [kernels]);
  const layout = useMemo(
    () =>
      spaceLayout(
        meta.attributes.map((a) => a.labels.length),
        names.length,
      ),
    [meta, names],
  );
  const svgRef = useSpaceNumbers(meta, names, layout, weights);
  const bars = meanBars(names, layout, weights, attribute);
  const w = Math.max(320, Math.min(width, 720));
  const innerW = w - MARGIN.left - MARGIN.right;
  const innerH = BAR_HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>().domain(names).range([0, innerW]).paddingInner(0.25);
  const inner = scaleBand<string>().domain(KINDS).range([0, x.bandwidth()]).padding(0.05);
  const y = scaleLinear()
    .domain([0, 1.05 * Math.max(1, max(bars, (b) => b.mean) ?? 1)])
    .nice()
    .range([innerH, 0]);
  return (
    <figure className="kernel-weights" data-testid="kernel-weights">
      <figcaption>
        Learned kernel-space weights (mean of ω over values; 1 before learning) for{' '}
        <select
          aria-label="Attribute of the kernel weights"
          value={attribute}
          onChange={(e) => setAttribute(Number(e.target.value))}
        >
          <option value={-1}>all attributes</option>
          {meta.attributes.map((a, i) => (
            <option key={a.name} value={i}>
              {a.name}
            </option>
          ))}
        </select>
      </figcaption>
      <div ref={ref}>
        <svg
          ref={svgRef}
          {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
          width={w}
          height={BAR_HEIGHT}
          role="img"
          aria-label="Kernel-space weights"
        >
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {y.ticks(4).map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x2={innerW} className="chart-grid" stroke="#eee" />
                <text x={-6} dy="0.32em" textAnchor="end" fontSize={11}>
                  {t}
                </text>
              </g>
            ))}
            <line
              x1={0}
              x2={innerW}
              y1={y(1)}
              y2={y(1)}
              className="chart-guide"
              stroke="#999"
              strokeDasharray="3 3"
            />
            {bars.map((b) => (
              <rect
                key={`${b.kernel}-${b.kind}`}
                x={(x(b.kernel) ?? 0) + (inner(b.kind) ?? 0)}
                y={y(b.mean)}
                width={inner.bandwidth()}
                height={Math.max(0, innerH - y(b.mean))}
                fill={KIND_COLOR[b.kind]}
                data-kernel={b.kernel}
                data-kind={b.kind}
                data-weight={b.mean.toFixed(4)}
              >
                <title>{`${b.kernel}, ${KIND_TITLE[b.kind]}: ${b.mean.toFixed(3)}`}</title>
              </rect>
            ))}
            <line y1={innerH} y2={innerH} x2={innerW} className="chart-axis" stroke="#888" />
            {names.map((name) => (
              <text
                key={name}
                transform={`translate(${(x(name) ?? 0) + x.bandwidth() / 2},${innerH + 8}) rotate(-50)`}
                textAnchor="end"
                dy="0.32em"
                fontSize={10}
              >
                {name.replace('Gaussian ', 'G ').replace('polynomial ', 'poly ')}
              </text>
            ))}
          </g>
        </svg>
      </div>
      <p className="legend-row">
        {KINDS.map((k) => (
          <span key={k}>
            <span className="swatch" style={{ background: KIND_COLOR[k] }} /> {KIND_TITLE[k]}
          </span>
        ))}
      </p>
    </figure>
  );
}

type Layout = ReturnType<typeof spaceLayout>;

/**
 * Every space's weight out (the bars draw their means), one row each in ω's order: attribute,
 * space, kernel, weight. Returns the ref of the element that exports them.
 */
function useSpaceNumbers(
  meta: TableMeta,
  names: readonly string[],
  layout: Layout,
  weights: Float64Array,
): RefObject<SVGSVGElement | null> {
  const numbers = useCallback(
    () =>
      itemTable(
        'kernel-space weights',
        {
          heads: ['attribute', 'space', 'kernel'],
          count: layout.length,
          cells: (p) => {
            const l = layout[p];
            return l
              ? [meta.attributes[l.attribute]?.name ?? '', l.kind, names[l.kernel] ?? '']
              : [];
          },
        },
        [{ title: 'weight', value: (p) => weights[p] }],
      ),
    [layout, meta, names, weights],
  );
  const ref = useRef<SVGSVGElement>(null);
  useExportNumbers(ref, numbers);
  return ref;
}

/** The mean weight of each kernel and kind of space, over all attributes (−1) or one. */
export function meanBars(
  names: readonly string[],
  layout: Layout,
  weights: Float64Array,
  attribute: number,
) {
  return names
    .flatMap((kernel, k) =>
      KINDS.map((kind) => {
        // A result of the previous table may be drawn for a frame against the new table's layout.
        const picked = layout
          .map((l, p) => ({ l, w: weights[p] as number }))
          .filter(
            ({ l, w }) =>
              w !== undefined &&
              l.kernel === k &&
              l.kind === kind &&
              (attribute < 0 || l.attribute === attribute),
          );
        const mean = picked.length ? picked.reduce((s, { w }) => s + w, 0) / picked.length : 0;
        return { kernel, kind, mean, present: picked.length > 0 };
      }),
    )
    .filter((b) => b.present);
}
