import { useEffect, useState } from 'react';
import { REPRESENTATIONS, type RepresentationId } from '../../core/project/representations.ts';
import type { ProjectionKind } from '../../core/project/project.ts';
import type { ProjectionReport } from '../../core/project/report.ts';
import { ChoiceSelect, type Choices } from '../components/ChoiceSelect.tsx';
import { ProjectionScatter } from '../components/scatter/ProjectionScatter.tsx';
import { useStore } from '../store/index.ts';
import { DEFAULT_PROJECTION, type ProjectionSettings } from '../store/projectionsSlice.ts';
import { useLinkedObjects } from './useLinkedObjects.ts';
import { useObjectColor } from './useObjectColor.ts';

const REPRESENTATION_CHOICES: Choices<RepresentationId> = REPRESENTATIONS.map(
  (r) => [r.id, r.title] as const,
);
const PROJECTION_CHOICES: Choices<ProjectionKind> = [
  ['tsne', 't-SNE'],
  ['mds', 'MDS'],
  ['pca', 'PCA'],
];

/**
 * Objects of any representation projected to 2-D by t-SNE, MDS or PCA in the worker. A t-SNE
 * animates while it iterates; quality (trustworthiness, continuity, KL or stress) comes with it.
 * Several panels side by side share the hover and selection.
 */
export function ProjectionView({ panelId }: { panelId: number }) {
  const loaded = useStore((s) => s.loaded);
  const sourceName = useStore((s) => s.source?.name ?? 'objects');
  const version = useStore((s) => s.tableVersion);
  const cdeOptions = useStore((s) => s.cdeOptions);
  const state = useStore((s) => s.projections[panelId]);
  const ensureProjection = useStore((s) => s.ensureProjection);
  const disposeProjection = useStore((s) => s.disposeProjection);
  const setSettings = useStore((s) => s.setProjectionSettings);
  const linked = useLinkedObjects();
  const coloring = useObjectColor();
  useEffect(() => {
    if (loaded) ensureProjection(panelId);
  }, [loaded, version, cdeOptions, panelId, ensureProjection]);
  useEffect(() => () => disposeProjection(panelId), [panelId, disposeProjection]);
  if (!loaded) return <p className="muted">Load a data set to project its objects.</p>;
  const settings = state?.settings ?? DEFAULT_PROJECTION;
  const change = (c: Partial<ProjectionSettings>) => setSettings(panelId, c);
  const result = state?.result?.version === version ? state.result : null;
  const live = state?.live && state.live.key === state.key ? state.live : null;
  const points = live?.layout ?? result?.value.coordinates ?? null;
  const error = state?.error && state.error.key === state.key ? state.error.error : null;
  const name = `projection-${panelId}`;
  return (
    <div
      className="view"
      data-testid="projection-view"
      data-state={live ? 'animating' : state?.running ? 'running' : result ? 'done' : 'idle'}
    >
      <div className="view-controls">
        <ChoiceSelect
          label="Of"
          ariaLabel="Representation"
          value={settings.representation}
          choices={REPRESENTATION_CHOICES}
          onChange={(representation) =>
            change({
              representation,
              // Distances have no principal components: PCA becomes MDS.
              ...(representation === 'hamming' && settings.projection === 'pca'
                ? { projection: 'mds' as const }
                : {}),
            })
          }
        />
        <ChoiceSelect
          label="By"
          ariaLabel="Projection"
          value={settings.projection}
          choices={
            settings.representation === 'hamming'
              ? PROJECTION_CHOICES.filter(([p]) => p !== 'pca')
              : PROJECTION_CHOICES
          }
          onChange={(projection) => change({ projection })}
        />
        {settings.projection === 'tsne' && (
          <>
            <NumberField
              label="perplexity"
              value={settings.perplexity ?? 30}
              min={2}
              onCommit={(perplexity) => change({ perplexity })}
            />
            <NumberField
              label="iterations"
              value={settings.iterations ?? 1000}
              min={50}
              whole
              onCommit={(iterations) => change({ iterations })}
            />
          </>
        )}
        <NumberField
          label="seed"
          value={settings.seed ?? 0}
          whole
          onCommit={(seed) => change({ seed })}
        />
      </div>
      <ProjectionStatus
        report={result?.value ?? null}
        live={live?.message ?? null}
        running={state?.running ?? false}
        error={error?.message ?? null}
      />
      {points && (
        <ProjectionScatter
          name={name}
          points={points}
          layoutKey={state?.key}
          color={coloring.color}
          legend={coloring}
          emphasised={linked.emphasised}
          tooltip={linked.tooltip}
          onHover={linked.onHover}
          onSelect={linked.onSelect}
          labelOf={linked.labelOf}
          exportName={`${sourceName.replace(/\.[^.]*$/, '')}-${settings.representation}-${settings.projection}`}
          aspect="equal"
        />
      )}
      <p className="muted" data-testid="projection-selection">
        {linked.selectionText}
      </p>
    </div>
  );
}

function ProjectionStatus({
  report,
  live,
  running,
  error,
}: {
  report: ProjectionReport | null;
  live: string | null;
  running: boolean;
  error: string | null;
}) {
  if (error)
    return (
      <p className="method-error" role="alert">
        Projection failed: {error}
      </p>
    );
  if (live)
    return (
      <p className="muted" data-testid="projection-status">
        t-SNE {live}…
      </p>
    );
  if (running && !report) return <p className="muted">Projecting…</p>;
  if (!report) return null;
  const q = report.quality;
  return (
    <p className="muted" data-testid="projection-status">
      {report.representationTitle}
      {report.dims !== null ? ` (${report.dims} dims)` : ''} · {report.detail}
      {report.kl !== null ? ` · KL ${report.kl.toFixed(3)}` : ''}
      {report.stress !== null ? ` · stress ${report.stress.toFixed(3)}` : ''}
      {q
        ? ` · trustworthiness ${q.trustworthiness.toFixed(3)}, continuity ${q.continuity.toFixed(3)} (k = ${q.k}${q.sampled < report.coordinates.length / 2 ? `, ${q.sampled} sampled` : ''})`
        : ''}
      {` · ${report.seconds.toFixed(1)} s`}
      {running ? ' · updating…' : ''}
    </p>
  );
}

/** A number input that reports a valid value on Enter or blur, not on every keystroke. */
function NumberField({
  label,
  value,
  min,
  whole = false,
  onCommit,
}: {
  label: string;
  value: number;
  min?: number;
  whole?: boolean;
  onCommit(value: number): void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const x = Number(text);
    const valid = text.trim() !== '' && Number.isFinite(x) && (!whole || Number.isInteger(x));
    if (!valid || (min !== undefined && x < min)) {
      setText(String(value));
      return;
    }
    if (x !== value) onCommit(x);
  };
  return (
    <label>
      {label}
      <input
        type="number"
        value={text}
        min={min}
        step={whole ? 1 : 'any'}
        aria-label={`Projection ${label}`}
        style={{ width: 64 }}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
