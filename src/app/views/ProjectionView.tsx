import { describeCall } from '../../core/platform/calls.ts';
import { methodSpec, methodsProducing } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { Call, MethodOutput } from '../../core/platform/spec.ts';
import { findResult } from '../../core/platform/results.ts';
import { ChoiceSelect } from '../components/ChoiceSelect.tsx';
import { ParamControls } from '../components/ParamControls.tsx';
import { SettingsBar } from '../components/SettingsBar.tsx';
import { changedSettings, settingsLine } from '../model/settingsSummary.ts';
import { ProjectionScatter } from '../components/scatter/ProjectionScatter.tsx';
import { ShapeLegend } from '../components/scatter/ShapeLegend.tsx';
import { shapeOf } from '../components/scatter/shapes.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useLinkedObjects } from './useLinkedObjects.ts';
import { useObjectColor } from './useObjectColor.ts';
import { useResult } from './useResult.ts';
import { projectionFor, projectionsOf } from '../model/steps.ts';

/**
 * Objects of any representation — every method producing an object embedding or distance —
 * projected to 2-D by t-SNE, MDS or PCA in a worker. A t-SNE animates while it iterates; the
 * representation's own parameters and the projection's are this panel's, so panels side by
 * side can compare settings. Hover and selection are shared with every view.
 */
export function ProjectionView({ panel }: { panel: Panel }) {
  const loaded = useStore((s) => s.loaded);
  const sourceName = useStore((s) => s.source?.name ?? 'objects');
  const setPanelCall = useStore((s) => s.setPanelCall);
  const call = panel.call as Call;
  const of = call.inputs?.of as Call;
  const { entry, invalid } = useResult(call);
  const linked = useLinkedObjects();
  const coloring = useObjectColor();
  if (!loaded) return <p className="muted">Load a data set to project its objects.</p>;
  const step = methodSpec(call.method);
  const source = methodSpec(of.method);
  const setCall = (c: Call) => setPanelCall(panel.id, c);
  const output = entry?.output ?? null;
  const layout = output ? findResult(output.results, 'object-embedding')?.result : null;
  const live = entry?.status === 'running' ? entry.live : null;
  const points = live?.layout ?? (layout?.form === 'dense' ? layout.data : null);
  const cls = loaded.meta.classColumn;
  // Shape by class, so the colour can show a score (SAnDCat's MDS inspector, Ienco et al. 2016, Fig. 5).
  const byClass = cls !== null && panel.settings.shapeByClass === true;
  const shapes = byClass ? Uint8Array.from(cls.codes, shapeOf) : null;
  return (
    <div
      className="view"
      data-testid="projection-view"
      data-state={
        live ? 'animating' : entry?.status === 'running' ? 'running' : output ? 'done' : 'idle'
      }
    >
      <SettingsBar
        summary={settingsLine(
          [source.title, step.title],
          [
            ...changedSettings(source, of.options, { prefix: `${source.title} ` }),
            ...changedSettings(step, call.options, { except: ['quality'] }),
            ...(byClass ? [`shape by ${cls.name}`] : []),
          ],
        )}
      >
        <ChoiceSelect
          label="Of"
          ariaLabel="Representation"
          value={of.method}
          choices={methodsProducing(REPRESENTATION_KINDS).map((s) => [s.id, s.title] as const)}
          onChange={(method) => {
            // A distance has no principal components: PCA becomes MDS.
            const projection = projectionFor(call.method, methodSpec(method));
            setCall({
              method: projection,
              options: projection === call.method ? call.options : {},
              inputs: { of: { method } },
            });
          }}
        />
        <ParamControls
          spec={source}
          labelPrefix={`${source.title} `}
          options={of.options}
          onChange={(c) =>
            setCall({ ...call, inputs: { of: { ...of, options: { ...of.options, ...c } } } })
          }
        />
        <ChoiceSelect
          label="By"
          ariaLabel="Projection"
          value={call.method}
          choices={projectionsOf(source).map((p) => [p.id, p.title] as const)}
          onChange={(method) => setCall({ method, options: {}, inputs: call.inputs ?? {} })}
        />
        <ParamControls
          spec={step}
          options={call.options}
          automatic={output?.automatic}
          except={['quality']}
          onChange={(c) => setCall({ ...call, options: { ...call.options, ...c } })}
        />
        {cls && <ShapeByClass panel={panel} on={byClass} className={cls.name} />}
      </SettingsBar>
      {live ? (
        <p className="muted" data-testid="projection-status">
          {step.title} {live.message}…
        </p>
      ) : output ? (
        <ProjectionStatus output={output} />
      ) : (
        <MethodStatus entry={entry} invalid={invalid} />
      )}
      {points && (
        <ProjectionScatter
          name={`projection-${panel.id}`}
          points={points}
          layoutKey={entry?.key}
          color={coloring.color}
          colorCodes={coloring.codes}
          legend={coloring}
          emphasised={linked.emphasised}
          tooltip={linked.tooltip}
          onHover={linked.onHover}
          onSelect={linked.onSelect}
          labelOf={linked.labelOf}
          exportName={`${sourceName.replace(/\.[^.]*$/, '')}-${of.method}-${call.method}`}
          aspect="equal"
          shapes={shapes}
        />
      )}
      {points && byClass && cls && <ShapeLegend labels={cls.labels} title={cls.name} />}
      <p className="muted" data-testid="projection-selection">
        {linked.selectionText}
      </p>
    </div>
  );
}

/** The switch drawing each class with its own shape. */
function ShapeByClass({ panel, on, className }: { panel: Panel; on: boolean; className: string }) {
  const setSettings = useStore((s) => s.setPanelSettings);
  return (
    <label title="Draw each class with its own shape (the colour stays the colour-by choice)">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => setSettings(panel.id, { shapeByClass: e.target.checked })}
      />
      shape by {className}
    </label>
  );
}

function ProjectionStatus({ output }: { output: MethodOutput }) {
  return (
    <p className="muted" data-testid="projection-status">
      {projectionStatus(output)}
    </p>
  );
}

/**
 * The line under a projection: what was projected (and its dimensions), the method's note, the
 * share of variance of PCA's axes, KL or stress, trustworthiness and continuity (and how many
 * objects they sampled), and the time taken.
 */
export function projectionStatus(output: MethodOutput): string {
  const layout = findResult(output.results, 'object-embedding')?.result;
  const measures = findResult(output.results, 'measures')?.result;
  const m = (name: string): number | null =>
    measures?.values.find((v) => v.name === name)?.value ?? null;
  const of = output.call.inputs.of;
  const dims = m('dims');
  const kl = m('kl');
  const stress = m('stress');
  const t = m('trustworthiness');
  const c = m('continuity');
  const pc1 = m('pc1Share');
  const pc2 = m('pc2Share');
  const sampled = m('sampled');
  const n = layout?.n ?? 0;
  return [
    of && !Array.isArray(of) ? describeCall(of) : '',
    dims !== null ? ` (${dims} dims)` : '',
    ` · ${layout?.notes?.[0] ?? ''}`,
    pc1 !== null && pc2 !== null
      ? ` · PC1 ${(100 * pc1).toFixed(1)}%, PC2 ${(100 * pc2).toFixed(1)}% of the variance`
      : '',
    kl !== null ? ` · KL ${kl.toFixed(3)}` : '',
    stress !== null ? ` · stress ${stress.toFixed(3)}` : '',
    t !== null && c !== null
      ? ` · trustworthiness ${t.toFixed(3)}, continuity ${c.toFixed(3)} (k = ${m('k')}${sampled !== null && sampled < n ? `, ${sampled} sampled` : ''})`
      : '',
    ` · ${output.seconds.toFixed(1)} s`,
  ].join('');
}
