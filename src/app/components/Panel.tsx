import { useStore } from '../store/index.ts';
import type { Panel as PanelModel } from '../store/panelsSlice.ts';
import { viewSpec } from '../views/registry.tsx';
import { JobProgress } from './JobProgress.tsx';

/** One workspace panel: a header with its title, running jobs, move and close; the view below. */
export function Panel({
  panel,
  index,
  count,
}: {
  panel: PanelModel;
  index: number;
  count: number;
}) {
  const spec = viewSpec(panel.view);
  const jobs = useStore((s) => s.jobs).filter(
    (j) => spec.jobs.includes(j.kind) && (j.owner === undefined || j.owner === panel.id),
  );
  const movePanel = useStore((s) => s.movePanel);
  const removePanel = useStore((s) => s.removePanel);
  const View = spec.component;
  return (
    <section
      className={`panel panel-${panel.view}`}
      data-testid={`panel-${panel.view}`}
      aria-label={spec.title}
    >
      <header className="panel-header">
        <h2>{spec.title}</h2>
        <div className="panel-actions">
          <button
            type="button"
            className="icon"
            aria-label={`Move ${spec.title} earlier`}
            disabled={index === 0}
            onClick={() => movePanel(panel.id, -1)}
          >
            ←
          </button>
          <button
            type="button"
            className="icon"
            aria-label={`Move ${spec.title} later`}
            disabled={index === count - 1}
            onClick={() => movePanel(panel.id, 1)}
          >
            →
          </button>
          <button
            type="button"
            className="icon"
            aria-label={`Close ${spec.title}`}
            onClick={() => removePanel(panel.id)}
          >
            ×
          </button>
        </div>
      </header>
      {jobs.map((job) => (
        <JobProgress key={job.id} job={job} />
      ))}
      <div className="panel-body">
        <View panelId={panel.id} />
      </div>
    </section>
  );
}
