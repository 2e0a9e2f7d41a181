import { Abbreviated } from '../components/Abbreviated.tsx';
import { memo, useEffect, useMemo, useRef } from 'react';
import { describeCall, resolveCall } from '../../core/platform/calls.ts';
import type { Call } from '../../core/platform/spec.ts';
import { useStore } from '../store/index.ts';
import type { Panel as PanelModel } from '../store/panelsSlice.ts';
import { viewSpec } from './registry.tsx';
import { methodSpec } from '../../core/platform/registry.ts';
import { JobProgress } from '../components/JobProgress.tsx';
import { afterNextFrame, useShownAfterFrame } from '../components/afterFrame.ts';
import { fileBase, PanelExportMenu } from '../components/export/PanelExportMenu.tsx';
import { exportCaption } from '../components/export/caption.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { NeedsRows } from '../components/NeedsRows.tsx';
import { panelNeedsRows } from '../model/rowless.ts';

/** The key of a call, or null when it is not valid (the view says why). */
export function keyOf(call: Call | null | undefined): string | null {
  if (!call) return null;
  try {
    return resolveCall(call).key;
  } catch {
    return null;
  }
}

/**
 * A run no panel shows any more (its panel closed, or took another call) is cancelled; a run's
 * result stays in the store for panels opened later, and a cancelled one can be run again.
 */
function useStopWhenClosed(panelId: number, key: string | null): void {
  useEffect(
    () => () => {
      if (key === null) return;
      const s = useStore.getState();
      // Still shown (by this panel after a re-render, or by another): keep it running.
      const shown = s.panels.some(
        (p) => keyOf((p.settings.ran as Call | undefined) ?? p.call) === key,
      );
      if (!shown) s.cancelRun(key);
    },
    [panelId, key],
  );
}

/**
 * One workspace panel: a header with its title (the view, and the call it shows), its running
 * jobs with progress and cancel, move and close; the view below.
 */
export const Panel = memo(function Panel({
  panel,
  index,
  count,
}: {
  panel: PanelModel;
  index: number;
  count: number;
}) {
  const spec = viewSpec(panel.view);
  // A comparison shows the call it ran; a method view the call it holds.
  const shown = (panel.settings.ran as Call | undefined) ?? panel.call;
  const key = useMemo(() => keyOf(shown), [shown]);
  // On a counts file, a view of objects (or of a method reading them) says it needs the rows.
  const rowless = useStore((s) => s.loaded?.meta.rowless === true);
  const needsRows = useMemo(
    () => rowless && panelNeedsRows(panel.view, shown ?? null),
    [rowless, panel.view, shown],
  );
  const allJobs = useStore((s) => s.jobs);
  const jobs = allJobs.filter((j) =>
    j.kind === 'run' ? j.key !== undefined && j.key === key : spec.dataJobs.includes(j.kind),
  );
  const movePanel = useStore((s) => s.movePanel);
  const removePanel = useStore((s) => s.removePanel);
  const newest = useStore((s) => s.newestPanel === panel.id);
  const ref = useRef<HTMLElement>(null);
  useStopWhenClosed(panel.id, key);
  // A panel the user adds shows its header in the click's own render and its view after that
  // frame, rendered as a transition (a view of two 97-value heatmaps took 30–50 ms to render
  // inside the click); panels present when a table loads render their views at once.
  const bodyShown = useShownAfterFrame(!newest);
  useEffect(() => {
    if (!newest) return;
    // A new panel comes into view and takes the keyboard focus — once the frame that shows it
    // is drawn, so that scrolling does not force a layout inside the click that added it.
    return afterNextFrame(() => {
      ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      ref.current?.focus({ preventScroll: true });
    });
  }, [newest]);
  const View = spec.component;
  // The view re-renders when its panel changes, not at every progress tick of a job.
  const view = useMemo(
    () =>
      needsRows ? (
        <NeedsRows />
      ) : bodyShown ? (
        <ErrorBoundary
          what={`The view “${spec.title}”`}
          remove={{ label: 'Remove this panel', run: () => removePanel(panel.id) }}
        >
          <View panel={panel} />
        </ErrorBoundary>
      ) : (
        <p className="muted">Opening…</p>
      ),
    [View, panel, bodyShown, needsRows, spec.title, removePanel],
  );
  // A method's view names its call; a comparison or walk-through is its step.
  const title =
    spec.consumes && panel.call
      ? `${spec.title} — ${describeCall(panel.call)}`
      : spec.showsStep && panel.call
        ? methodSpec(panel.call.method).title
        : spec.title;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`panel panel-${panel.view}`}
      data-testid={`panel-${panel.view}`}
      aria-label={title}
      data-call={shown ? JSON.stringify(shown) : undefined}
    >
      <header className="panel-header">
        <h2 title={title}>
          <Abbreviated text={title} />
        </h2>
        <div className="panel-actions">
          <PanelExportMenu
            section={ref}
            caption={() => exportCaption(title, shown ?? null)}
            base={fileBase(shown ? `${panel.view}-${shown.method}` : panel.view)}
          />
          <button
            type="button"
            className="icon"
            aria-label={`Move ${title} earlier`}
            disabled={index === 0}
            onClick={() => movePanel(panel.id, -1)}
          >
            ←
          </button>
          <button
            type="button"
            className="icon"
            aria-label={`Move ${title} later`}
            disabled={index === count - 1}
            onClick={() => movePanel(panel.id, 1)}
          >
            →
          </button>
          <button
            type="button"
            className="icon"
            aria-label={`Close ${title}`}
            onClick={() => removePanel(panel.id)}
          >
            ×
          </button>
        </div>
      </header>
      {jobs.map((job) => (
        <JobProgress key={job.id} job={job} />
      ))}
      <div className="panel-body">{view}</div>
    </section>
  );
});
