import { canonicalJson } from '../../../core/platform/calls.ts';
import type { Call } from '../../../core/platform/spec.ts';
import type { PanelChoice } from '../../model/panelMenu.ts';
import type { TourPanel, TourStep } from '../../model/tours.ts';
import type { Panel } from '../../store/panelsSlice.ts';
import { panelChoices } from '../registry.tsx';

let menu: PanelChoice[] | null = null;
/** The add-panel entries, built once (the registry is fixed once the app runs). */
function choices(): PanelChoice[] {
  menu ??= panelChoices().flatMap((g) => g.choices);
  return menu;
}

/** A tour panel's call: its entry's, with the step's options and compared methods. */
export function tourCall(panel: TourPanel): { view: Panel['view']; call: Call | null } | null {
  const choice = choices().find((c) => c.id === panel.entry);
  if (!choice) return null;
  if (!choice.call) return { view: choice.view, call: null };
  const { methods } = panel;
  const call: Call = {
    ...choice.call,
    ...(panel.options && { options: { ...choice.call.options, ...panel.options } }),
    ...(methods &&
      choice.call.inputs && {
        inputs: Object.fromEntries(
          Object.keys(choice.call.inputs).map((k) => [k, methods.map((m) => ({ method: m }))]),
        ),
      }),
  };
  return { view: choice.view, call };
}

/** The panels of a step, as the store holds them (without ids). */
export function stepPanels(step: TourStep): Omit<Panel, 'id'>[] {
  return step.panels.flatMap((p) => {
    const made = tourCall(p);
    return made ? [{ ...made, settings: {} }] : [];
  });
}

/** Whether the panels shown are already these (same views and calls, in order). */
export function samePanels(
  shown: readonly Omit<Panel, 'id'>[],
  wanted: readonly Omit<Panel, 'id'>[],
) {
  const key = (p: Omit<Panel, 'id'>) => `${p.view} ${p.call ? canonicalJson(p.call) : ''}`;
  return (
    shown.length === wanted.length &&
    shown.every((p, i) => key(p) === key(wanted[i] as Omit<Panel, 'id'>))
  );
}
