import { useMemo } from 'react';
import { findResult, type Curves } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { KERNEL_SETS } from '../../core/methods/untie/kernelFunctions.ts';
import { spaceLayout, spaceWeights } from '../../core/methods/untie/vectorRepresentation.ts';
import { KernelWeightBars } from './KernelWeightBars.tsx';
import { CurvesChart } from '../components/CurvesChart.tsx';
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

export interface Training {
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
  const curves = useMemo(() => lossCurves(training), [training]);
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

/** The loss curve, titled by the training's state: done, at iteration i of N, or cancelled at i. */
export function lossCurves(training: Training): Curves {
  return {
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
  };
}
