import { describe, expect, it } from 'vitest';
import { panelChoices } from '../../../src/app/views/registry.tsx';
import { taskPanels } from '../../../src/app/views/TaskLauncher.tsx';

const choices = panelChoices().flatMap((g) => g.choices);

describe('taskPanels: a task’s layout', () => {
  it('its entries’ views and calls, in the task’s order, with empty settings', () => {
    const task = { id: 't', title: '', blurb: '', panels: ['ranking:cbrw', 'summary'] };
    expect(taskPanels(task, choices)).toEqual([
      { view: 'ranking', call: { method: 'cbrw' }, settings: {} },
      { view: 'summary', call: null, settings: {} },
    ]);
  });

  it('leaves out an entry the menu lacks', () => {
    const task = { id: 't', title: '', blurb: '', panels: ['gone', 'pair:hamming'] };
    expect(taskPanels(task, choices)).toEqual([
      { view: 'pair', call: { method: 'hamming' }, settings: {} },
    ]);
  });
});
