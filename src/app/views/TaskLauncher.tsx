import { useMemo } from 'react';
import { sampleNamed } from '../model/samples.ts';
import { TASKS, type Task } from '../model/tasks.ts';
import type { PanelChoice } from '../model/panelMenu.ts';
import { useStore } from '../store/index.ts';
import { openSample } from '../workspace/openSample.ts';
import { panelChoices } from './registry.tsx';
import { TourList } from './tour/TourList.tsx';

/**
 * The four tasks beside the samples: each replaces the panels by a ready layout (on the table
 * loaded now, or on the task's own sample). The guided tours of the papers follow them.
 */
export function TaskLauncher() {
  const choices = useMemo(() => panelChoices().flatMap((g) => g.choices), []);
  const replacePanels = useStore((s) => s.replacePanels);
  const start = async (task: Task) => {
    if (task.sample && useStore.getState().source?.sample !== task.sample) {
      const sample = await sampleNamed(task.sample);
      if (sample) await openSample(sample);
    }
    replacePanels(taskPanels(task, choices), 'panels');
  };
  return (
    <>
      <nav className="tasks" aria-label="Start with a task">
        <h2>Start with a task</h2>
        <ul>
          {TASKS.map((t) => (
            <li key={t.id}>
              <button type="button" data-testid={`task-${t.id}`} onClick={() => void start(t)}>
                <span className="task-title">{t.title}</span>
                <span className="task-blurb">{t.blurb}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <TourList />
    </>
  );
}

/** A task's panels, by add-panel entry, in its order (an entry the menu lacks is left out). */
export function taskPanels(task: Task, choices: readonly PanelChoice[]) {
  return task.panels.flatMap((id) => {
    const choice = choices.find((c) => c.id === id);
    return choice ? [{ view: choice.view, call: choice.call, settings: {} }] : [];
  });
}
