import { max, scaleBand, scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import { findResult, type Curves } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { KERNEL_SETS, kernelName } from '../../core/methods/untie/kernelFunctions.ts';
import { spaceLayout, spaceWeights } from '../../core/methods/untie/vectorRepresentation.ts';
import { CurvesChart } from '../components/CurvesChart.tsx';
import { useWidth } from '../components/useWidth.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';
import { CouplingSpacesDetails } from './CouplingSpacesView.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { methodSpec } from '../../core/platform/registry.ts';
import type { Call } from '../../core/platform/spec.ts';
import { compareProjection, projectionCall } from '../model/steps.ts';

/** The default projection's title (“t-SNE”). */
function projectionTitle(): string {
  return methodSpec(compareProjection()).title;
}

const KINDS = ['intra', 'inter'] as const;
const KIND_COLOR = { intra: '#4477aa', inter: '#ee7733' } as const;
const KIND_TITLE = { intra: 'intra-attribute (Eq. 1)', inter: 'inter-attribute (Eq. 4)' } as const;

interface Training {
  loss: Float64Array;
  /** Weight of each kernel space, in spaceLayout order. */
  spaceWeights: Float64Array;
  iteration: number;
  iterations: number;
  state: 'running' | 'cancelled' | 'done';
}

/**
 * UNTIE's training (UNTIE, Zhu et al. 2022, Secs. 4.3-4.5, Fig. 8): the loss per iteration, live while it trains,
 * and the learned weight of every kernel space — per kernel, intra- and inter-attribute coupling
 * spaces side by side, for all attributes or one. A cancelled run keeps its last iterate here.
 * Opens the t-SNE of UNTIE's vectors beside CDE's (the paper's Fig. 7).
 */
export function UntieTrainingView({ panel }: { panel: Panel }) {
  const kernels = String(panel.call?.options?.kernels ?? 'default') as keyof typeof KERNEL_SETS;
  return (
    <MethodPanel
      panel={panel}
      what="its training"
      pending={(entry) => <PendingTraining entry={entry} kernels={kernels} />}
    >
      {(output, meta) => {
        const loss = findResult(output.results, 'curves', 'loss')?.result;
        const weights = findResult(output.results, 'kernel-weights')?.result;
        if (!loss || !weights) return null;
        const series = loss.series[0];
        const spaces = findResult(output.results, 'coupling-spaces')?.result;
        return (
          <>
            <TrainingCharts
              meta={meta}
              kernels={kernels}
              panel={panel}
              training={{
                loss: series?.y ?? new Float64Array(0),
                spaceWeights: weights.weights,
                iteration: series?.y.length ?? 0,
                iterations: series?.y.length ?? 0,
                state: 'done',
              }}
              notes={weights.notes ?? []}
            />
            {spaces && <CouplingSpacesDetails meta={meta} spaces={spaces} />}
          </>
        );
      }}
    </MethodPanel>
  );
}

function PendingTraining({
  entry,
  kernels,
}: {
  entry: ResultEntry;
  kernels: keyof typeof KERNEL_SETS;
}) {
  const meta = useStore((s) => s.loaded?.meta);
  const snapshot = entry.training;
  if (!meta || !snapshot || (entry.status !== 'running' && entry.status !== 'cancelled'))
    return null;
  const layout = spaceLayout(
    meta.attributes.map((a) => a.labels.length),
    KERNEL_SETS[kernels].length,
  );
  const weights = spaceWeights(layout, snapshot.weights);
  return (
    <TrainingCharts
      meta={meta}
      kernels={kernels}
      panel={null}
      training={{
        loss: snapshot.loss,
        spaceWeights: weights,
        iteration: snapshot.iteration,
        iterations: snapshot.iterations,
        state: entry.status === 'cancelled' ? 'cancelled' : 'running',
      }}
      notes={[]}
    />
  );
}

function TrainingCharts({
  meta,
  kernels,
  panel,
  training,
  notes,
}: {
  meta: TableMeta;
  kernels: keyof typeof KERNEL_SETS;
  /** The finished run's panel (offers the Fig. 7 comparison); null while training. */
  panel: Panel | null;
  training: Training;
  notes: string[];
}) {
  const curves: Curves = useMemo(
    () => ({
      kind: 'curves',
      title:
        training.state === 'done'
          ? `Training loss (${training.iterations} iterations)`
          : training.state === 'running'
            ? `Training loss — iteration ${training.iteration} of ${training.iterations}`
            : `Training loss — cancelled at iteration ${training.iteration} of ${training.iterations}; the last iterate is shown`,
      xLabel: 'iteration',
      yLabel: 'loss',
      series: [
        {
          name: 'Tr(S(I − HHᵀ))/Tr(S), batch',
          x: Float64Array.from(training.loss, (_, i) => i + 1),
          y: training.loss,
        },
      ],
    }),
    [training],
  );
  return (
    <div className="untie-training" data-testid="untie-training" data-state={training.state}>
      {training.loss.length > 0 ? (
        <CurvesChart curves={curves} fitY />
      ) : (
        <p className="muted">No heterogeneity learning (0 iterations): every weight is 1.</p>
      )}
      <KernelWeightBars meta={meta} kernels={kernels} weights={training.spaceWeights} />
      {notes.length > 0 && <p className="muted">{notes.join(' · ')}</p>}
      {panel?.call && methodSpec(panel.call.method).shownBeside && (
        <Figure7Button panel={panel} meta={meta} />
      )}
    </div>
  );
}

const BAR_HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 76, left: 44 };

/** Mean learned weight per kernel and coupling space, over all attributes or one. */
function KernelWeightBars({
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
  const names = KERNEL_SETS[kernels].map(kernelName);
  const layout = spaceLayout(
    meta.attributes.map((a) => a.labels.length),
    names.length,
  );
  const bars = names
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
        <svg width={w} height={BAR_HEIGHT} role="img" aria-label="Kernel-space weights">
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

/** Zhu et al. 2022 (UNTIE) Fig. 7: t-SNE of the UNTIE vectors beside CDE's, coloured by class, linked. */
function Figure7Button({ panel, meta }: { panel: Panel; meta: TableMeta }) {
  const addPanel = useStore((s) => s.addPanel);
  const setColorBy = useStore((s) => s.setColorBy);
  const spec = methodSpec((panel.call as Call).method);
  return (
    <button
      type="button"
      data-testid="untie-fig7"
      onClick={() => {
        if (meta.classColumn) setColorBy({ kind: 'class' });
        const call = panel.call as Call;
        addPanel(
          'projection',
          projectionCall({ method: call.method, options: call.options ?? {} }),
        );
        const beside = methodSpec(call.method).shownBeside;
        if (beside) addPanel('projection', projectionCall({ method: beside }));
      }}
    >
      {projectionTitle()} of {spec.title} beside {methodSpec(spec.shownBeside ?? '').title} (Fig. 7)
    </button>
  );
}
