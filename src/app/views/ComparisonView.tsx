import { canonicalJson } from '../../core/platform/calls.ts';
import { listInput, methodSpec, methodsProducing } from '../../core/platform/registry.ts';
import type { Call, InputRef, MethodOutput, MethodSpec } from '../../core/platform/spec.ts';
import { findResult, resultsOfKind } from '../../core/platform/results.ts';
import { CurvesChart } from '../components/CurvesChart.tsx';
import { ResultTableView } from '../components/ResultTableView.tsx';
import { ParamControls } from '../components/ParamControls.tsx';
import { SettingsBar } from '../components/SettingsBar.tsx';
import { changedSettings, settingsLine } from '../model/settingsSummary.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useResult } from './useResult.ts';
import { inSentence } from '../model/numberFormat.ts';

/**
 * An evaluation step over several methods (clustering evaluation, outlier evaluation): a
 * checkbox for every registered method producing what the step compares, the step's own
 * parameters, and its table — the paper's numbers beside ours when the table matches one of
 * the paper's data sets. Runs when asked (evaluations are long), in a worker.
 */
export function ComparisonView({ panel }: { panel: Panel }) {
  const meta = useStore((s) => s.loaded?.meta);
  const setPanelCall = useStore((s) => s.setPanelCall);
  const setSettings = useStore((s) => s.setPanelSettings);
  const draft = panel.call as Call;
  const version = useStore((s) => s.tableVersion);
  // What was run, on which table: after the table changes nothing runs until asked again.
  const ran =
    panel.settings.ranOn === version ? ((panel.settings.ran as Call | undefined) ?? null) : null;
  const { entry, invalid } = useResult(ran);
  if (!meta) return <p className="muted">Load a data set to compare methods.</p>;
  const step = methodSpec(draft.method);
  const input = listInput(step);
  // A step comparing calls (evaluations) lists them; one running its own protocol (the
  // detector comparison) has only its parameters.
  const chosen = (input ? (draft.inputs?.[input.name] ?? []) : []) as InputRef[];
  const candidates = input ? methodsProducing(input.accepts) : [];
  const toggle = (id: string, on: boolean) =>
    input &&
    setPanelCall(panel.id, {
      ...draft,
      inputs: {
        ...draft.inputs,
        [input.name]: toggledMethods(candidates, chosen, id, on),
      },
    });
  const running = entry?.status === 'running';
  // A parameter with no default the user has to choose (the outlier class).
  const missing = missingParameters(step, draft.options);
  const stale = ran !== null && canonicalJson(ran) !== canonicalJson(draft);
  const protocol = step.paperProtocol;
  const output = entry?.output ?? null;
  return (
    <div className="view">
      <SettingsBar
        summary={settingsLine(
          [
            input ? `${chosen.length} of ${candidates.length} methods` : step.title,
            ...chosen.map((r) => methodSpec(r.method).title),
          ],
          changedSettings(step, draft.options),
        )}
        actions={
          <>
            {protocol && (
              <PaperProtocolButton
                onApply={() =>
                  setPanelCall(panel.id, { ...draft, options: { ...draft.options, ...protocol } })
                }
              />
            )}
            <button
              type="button"
              disabled={
                running || (input !== undefined && chosen.length === 0) || missing.length > 0
              }
              onClick={() => setSettings(panel.id, { ran: draft, ranOn: version })}
            >
              {ran ? `${step.title}: run again` : `Run ${inSentence(step.title)}`}
            </button>
          </>
        }
      >
        {candidates.map((c) => (
          <label key={c.id} title={c.description}>
            <input
              type="checkbox"
              checked={chosen.some((r) => r.method === c.id)}
              onChange={(e) => toggle(c.id, e.target.checked)}
            />
            {c.title}
          </label>
        ))}
        <ParamControls
          spec={step}
          options={draft.options}
          onChange={(c) =>
            setPanelCall(panel.id, { ...draft, options: { ...draft.options, ...c } })
          }
        />
      </SettingsBar>
      {ran && (!output || entry?.status !== 'done') && (
        <MethodStatus entry={entry} invalid={invalid} />
      )}
      {missing.length > 0 && (
        <p className="muted" data-testid="comparison-missing">
          Choose {missing.map((p) => p.description.toLowerCase()).join(' and ')} first.
        </p>
      )}
      {!ran && missing.length === 0 && (
        <p className="muted" data-testid="comparison-idle">
          {panel.settings.ran
            ? 'The table changed since this was run: press Run to compare the methods on it.'
            : 'Press Run to compare the chosen methods (runs in a worker).'}
        </p>
      )}
      {output && <ComparisonOutput output={output} stale={stale} />}
    </div>
  );
}

/** What an evaluation gave: its tables, curves, warnings and measures. */
function ComparisonOutput({ output, stale }: { output: MethodOutput; stale: boolean }) {
  return (
    <>
      {stale && <p className="muted">The settings above changed since this was run.</p>}
      {/* Curves and tables side by side where the panel is wide enough, else the curves first:
          the picture and its bands in view, then the table and its verdict below. */}
      <div className="comparison-output">
        {resultsOfKind(output.results, 'curves').map(({ name, result }) => (
          <div key={name} className="comparison-curves">
            <CurvesChart curves={result} />
          </div>
        ))}
        <div className="comparison-tables">
          {resultsOfKind(output.results, 'table').map(({ name, result }, i, tables) => (
            <section key={name} aria-label={result.title}>
              {/* Several tables (e.g. the detector comparison's per-sample AUC): each named. */}
              {tables.length > 1 && <h4 className="result-title">{result.title}</h4>}
              <ResultTableView table={result} />
            </section>
          ))}
        </div>
      </div>
      {output.warnings.length > 0 && (
        <p className="muted" data-testid="method-warnings">
          {output.warnings.join(' · ')}
        </p>
      )}
      <Measures output={output} />
    </>
  );
}

/**
 * The papers' protocol in one click: their evaluation settings and their missing-value rule
 * (rows with a missing cell dropped), which the explorer does not use by default when it would
 * lose more than 5 % of the rows; what that does to the table is said beside the button.
 */
function PaperProtocolButton({ onApply }: { onApply(): void }) {
  const summary = useStore((s) => s.loaded?.summary);
  const setPrepareOptions = useStore((s) => s.setPrepareOptions);
  if (!summary) return null;
  const dropping = summary.missingPolicy === 'drop';
  return (
    <span className="paper-protocol">
      <button
        type="button"
        title="k = classes, 50 runs, seed 0, rows with a missing cell dropped (the papers' protocol)"
        onClick={() => {
          onApply();
          if (!dropping) void setPrepareOptions({ missing: 'drop' });
        }}
      >
        Paper protocol
      </button>
      <span className="muted small" data-testid="paper-protocol-rows">
        {dropping
          ? `rows with a missing cell dropped: ${summary.rows.toLocaleString('en-US')} of ${summary.totalRows.toLocaleString('en-US')} kept`
          : `missing cells are values here; the protocol drops their rows`}
      </span>
    </span>
  );
}

function Measures({ output }: { output: MethodOutput }) {
  const measures = findResult(output.results, 'measures')?.result;
  if (!measures) return null;
  return (
    <p data-testid="indicators">
      {measures.values
        .filter((m) => m.value !== null)
        .map((m) => `${m.title} ${(m.value as number).toFixed(3)}`)
        .join(' · ')}
    </p>
  );
}

/**
 * The methods a comparison compares after one is ticked (`on`) or unticked: ticked, it joins
 * in the menu's order, each chosen method keeping its own call (its options); unticked, it leaves.
 */
export function toggledMethods(
  candidates: readonly MethodSpec[],
  chosen: readonly InputRef[],
  id: string,
  on: boolean,
): InputRef[] {
  return on
    ? candidates
        .filter((c) => c.id === id || chosen.some((r) => r.method === c.id))
        .map((c) => chosen.find((r) => r.method === c.id) ?? { method: c.id })
    : chosen.filter((r) => r.method !== id);
}

/** The parameters with no default that the user has yet to choose (the outlier class). */
export function missingParameters(step: MethodSpec, options: Call['options']) {
  return step.parameters.filter(
    (p) => p.type === 'string' && p.required === true && (options?.[p.name] ?? null) === null,
  );
}
