import type { ReactNode } from 'react';
import type { OptionValue } from '../../core/base/parameters.ts';
import { methodSpec } from '../../core/platform/registry.ts';
import type { Call, MethodOutput } from '../../core/platform/spec.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { ParamControls } from '../components/ParamControls.tsx';
import { SettingsBar } from '../components/SettingsBar.tsx';
import { changedSettings, settingsLine } from '../model/settingsSummary.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useResult } from './useResult.ts';

/**
 * The frame of a view of one method's results: the method's controls (from its parameter
 * table; a change gives this panel a new call, other panels keep theirs) collapsed to one line
 * that says what differs from the defaults, its status while it
 * runs or after it failed or was cancelled, then the view itself with the output.
 */
export function MethodPanel({
  panel,
  what,
  extraControls,
  extraSummary = [],
  pending,
  children,
}: {
  panel: Panel;
  /** "its value matrices", for the empty state. */
  what: string;
  extraControls?: ReactNode;
  /** What the extra controls have chosen, for the collapsed settings line ("outlier class x"). */
  extraSummary?: readonly string[];
  /** What to show while there is no output yet (a running or cancelled UNTIE's last iterate). */
  pending?(entry: ResultEntry): ReactNode;
  children(output: MethodOutput, meta: TableMeta): ReactNode;
}) {
  const meta = useStore((s) => s.loaded?.meta);
  const setPanelCall = useStore((s) => s.setPanelCall);
  const call = panel.call as Call;
  const { entry, invalid } = useResult(call);
  if (!meta) return <p className="muted">Load a data set to see {what}.</p>;
  const spec = methodSpec(call.method);
  const change = (c: Record<string, OptionValue>) =>
    setPanelCall(panel.id, { ...call, options: { ...call.options, ...c } });
  const output = entry?.output ?? null;
  return (
    <div className="view">
      <SettingsBar
        summary={settingsLine(
          [spec.title],
          [...changedSettings(spec, call.options), ...extraSummary],
        )}
      >
        <ParamControls
          spec={spec}
          options={call.options}
          automatic={output?.automatic}
          onChange={change}
        />
        {extraControls}
      </SettingsBar>
      {(!output || entry?.status !== 'done') && <MethodStatus entry={entry} invalid={invalid} />}
      {!output && entry && pending?.(entry)}
      {output && output.warnings.length > 0 && (
        <p className="muted" data-testid="method-warnings">
          {output.warnings.join(' · ')}
        </p>
      )}
      {output && children(output, meta)}
    </div>
  );
}
