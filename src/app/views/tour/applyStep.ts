import { sampleNamed } from '../../model/samples.ts';
import type { TourStep } from '../../model/tours.ts';
import { useStore } from '../../store/index.ts';
import { sampleSource } from '../../workspace/openSample.ts';
import { samePanels, stepPanels } from './stepPanels.ts';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Reads the step's sample (with its own and the step's left-out columns) unless it is loaded so.
 * The panels are taken away first: the last step's methods are not started on the new table, and
 * no view draws its old result against the new table's values.
 */
async function loadStepTable(step: TourStep): Promise<void> {
  const sample = await sampleNamed(step.sample);
  if (!sample) return;
  const drop = [...sample.drop, ...(step.drop ?? [])];
  const { source, prepareOptions, loaded, loadSource } = useStore.getState();
  const same =
    loaded &&
    source?.sample === step.sample &&
    sameList(prepareOptions.drop ?? [], drop) &&
    (prepareOptions.classColumn ?? null) === sample.classColumn;
  if (same) return;
  useStore.getState().replacePanels([], 'panels');
  await loadSource(await sampleSource(sample), { classColumn: sample.classColumn, drop });
}

let queue: Promise<void> = Promise.resolve();
let latest = 0;

/**
 * Puts a tour step's table and panels in place. Steps are applied one after another, and a step
 * overtaken by a newer one (keys pressed quickly) is skipped, so two tables never load at once.
 */
export function applyTourStep(step: TourStep): Promise<void> {
  const request = ++latest;
  queue = queue.then(async () => {
    if (request !== latest) return;
    await loadStepTable(step);
    if (request !== latest) return;
    const store = useStore.getState();
    // A comparison runs only when asked: the step asks, on this table.
    const panels = stepPanels(step).map((p) =>
      p.view === 'comparison' && p.call
        ? { ...p, settings: { ran: p.call, ranOn: store.tableVersion } }
        : p,
    );
    if (!samePanels(store.panels, panels)) store.replacePanels(panels, 'panels');
    else if (store.layout !== 'panels') store.setLayout('panels');
  });
  return queue;
}
