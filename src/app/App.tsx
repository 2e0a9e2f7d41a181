import { useSettledResults } from './store/settledResults.ts';
import { memo, useEffect, useMemo } from 'react';
import type { Call } from '../core/platform/spec.ts';
import { DataSidebar } from './components/DataSidebar.tsx';
import { NoticeBanner } from './components/NoticeBanner.tsx';
import { UpdateReady } from './components/UpdateReady.tsx';
import { Panel } from './views/Panel.tsx';
import { useStore } from './store/index.ts';
import { colorChoices } from './store/colorChoices.ts';
import { panelChoices } from './views/registry.tsx';
import { ValueThreshold } from './components/ValueThreshold.tsx';
import { RunAllBar } from './components/RunAllBar.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { CompareWorkspace } from './views/compare/CompareWorkspace.tsx';
import { WorkspaceMenu } from './components/WorkspaceMenu.tsx';
import { AddPanelMenu } from './components/AddPanelMenu.tsx';
import { TaskLauncher } from './views/TaskLauncher.tsx';
import { WorkspaceReopen } from './components/WorkspaceReopen.tsx';
import { WorkspaceNotices } from './components/WorkspaceNotices.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { viewSpec } from './views/registry.tsx';
import { TourCard } from './views/tour/TourCard.tsx';
import { ThemeToggle } from './components/ThemeToggle.tsx';

const NO_ATTRIBUTES: readonly { name: string }[] = [];
const NO_CHOICES: ReturnType<typeof colorChoices> = [];

/**
 * The status of the result the objects are coloured by (null when they are not): a colouring
 * restored from a link, or whose result was cleared with its table, is computed again.
 */
function useColouringResult(): 'running' | 'failed' | 'done' | null {
  const colorBy = useStore((s) => s.colorBy);
  const status = useStore((s) => {
    if (s.colorBy.kind !== 'result') return null;
    const entry = s.results[s.colorBy.key] as
      { status: 'running' | 'done' | 'failed' | 'cancelled' } | undefined;
    return entry?.status ?? 'missing';
  });
  const loaded = useStore((s) => s.loaded !== null);
  useEffect(() => {
    if (colorBy.kind !== 'result' || !loaded || status !== 'missing') return;
    const { ensure, setColorBy } = useStore.getState();
    try {
      const key = ensure(JSON.parse(colorBy.key) as Call);
      if (key !== colorBy.key) setColorBy({ ...colorBy, key });
    } catch {
      setColorBy({ kind: 'none' }); // a call this table cannot run
    }
  }, [colorBy, status, loaded]);
  if (status === null) return null;
  if (status === 'failed' || status === 'cancelled') return 'failed';
  return status === 'done' ? 'done' : 'running';
}

/**
 * The top bar: colour by, search, selection, layout, Run all and Add panel. It follows results
 * as they arrive (the colour-by menu lists them); the workspace below does not re-render with it.
 * Long: the markup of seven controls in one bar; each control's logic is a store action or its own component (SearchBox, RunAllBar, ValueThreshold).
 */
const TopBar = memo(function TopBar() {
  const panels = useStore((s) => s.panels);
  const addPanel = useStore((s) => s.addPanel);
  const colorBy = useStore((s) => s.colorBy);
  const setColorBy = useStore((s) => s.setColorBy);
  const ensure = useStore((s) => s.ensure);
  const results = useSettledResults();
  const hasClass = useStore((s) => s.loaded?.meta.classColumn != null);
  const selected = useStore((s) => s.selectedValues.length + s.selectedObjects.length);
  const clearSelection = useStore((s) => s.clearSelection);
  const nRows = useStore((s) => s.loaded?.meta.nRows ?? null);
  const layout = useStore((s) => s.layout);
  const setLayout = useStore((s) => s.setLayout);
  const runAll = useStore((s) => s.runAll);
  const startRunAll = useStore((s) => s.startRunAll);
  // A counts file has no objects to colour by a clustering or a score.
  const rowless = useStore((s) => s.loaded?.meta.rowless === true);
  const choices = rowless ? NO_CHOICES : colorChoices(results, nRows);
  const colouring = useColouringResult();
  // The registry is fixed once the app runs: the menu is built once.
  const menu = useMemo(panelChoices, []);
  // Selected as it is (a fresh [] from the selector would re-render forever).
  const attributes = useStore((s) => s.loaded?.meta.attributes) ?? NO_ATTRIBUTES;
  const current =
    colorBy.kind === 'result'
      ? `result:${colorBy.key}:${colorBy.name}`
      : colorBy.kind === 'attribute'
        ? `attribute:${colorBy.attribute}`
        : colorBy.kind;
  return (
    <header className="topbar">
      <h1>
        Coupled categorical-data explorer{' '}
        <span className="muted">— values, couplings, clusters, outliers</span>
      </h1>
      {/* Beside the title: the controls' row keeps its width (Add panel's menu opens leftwards). */}
      <ThemeToggle />
      <div className="topbar-controls">
        <label>
          Colour by
          <select
            value={current}
            aria-label="Colour by"
            onChange={(e) => {
              const v = e.target.value;
              if (v === 'none' || v === 'class') return setColorBy({ kind: v });
              if (v.startsWith('attribute:'))
                return setColorBy({ kind: 'attribute', attribute: Number(v.slice(10)) });
              // A computed result's option is named by its key; a clustering to run by its index.
              const choice = v.startsWith('result:')
                ? choices.find((c) => c.kind === 'result' && `result:${c.key}:${c.name}` === v)
                : choices[Number(v.slice('choice:'.length))];
              if (choice?.kind === 'result') setColorBy(choice);
              else if (choice?.kind === 'run') {
                const key = ensure(choice.call);
                setColorBy({ kind: 'result', key, name: 'partition' });
              }
            }}
          >
            <option value="none">nothing</option>
            <option value="class" disabled={!hasClass}>
              class{hasClass ? '' : ' (choose a class column)'}
            </option>
            {attributes.length > 0 && (
              <optgroup label="an attribute’s values">
                {attributes.map((a, i) => (
                  <option key={a.name} value={`attribute:${i}`}>
                    {a.name}
                  </option>
                ))}
              </optgroup>
            )}
            {colorBy.kind === 'result' &&
              !choices.some((c) => c.kind === 'result' && c.key === colorBy.key) && (
                <option value={current}>
                  {colouring === 'failed' ? `${colorBy.name}: could not be computed` : 'computing…'}
                </option>
              )}
            {choices.map((c, i) => (
              <option
                key={i}
                value={c.kind === 'result' ? `result:${c.key}:${c.name}` : `choice:${i}`}
              >
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {selected > 0 && (
          <button type="button" onClick={clearSelection}>
            Clear selection ({selected})
          </button>
        )}
        <SearchBox />
        <ValueThreshold />
        <div className="layout-toggle" role="group" aria-label="Layout">
          {(['panels', 'compare'] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={layout === l}
              className={layout === l ? 'active' : undefined}
              onClick={() => setLayout(l)}
            >
              {l === 'panels' ? 'Panels' : 'Compare'}
            </button>
          ))}
        </div>
        {runAll ? (
          <RunAllBar compact />
        ) : (
          <button
            type="button"
            disabled={nRows === null}
            title="Compute every registered method on this data set and open the results board"
            onClick={() => {
              void startRunAll();
              if (layout === 'panels' && !panels.some((p) => p.view === 'results-board'))
                addPanel('results-board');
            }}
          >
            Run all
          </button>
        )}
        <WorkspaceMenu />
        <AddPanelMenu groups={menu} onChoose={(c) => addPanel(c.view, c.call)} />
      </div>
    </header>
  );
});

export function App() {
  // Made once: the sidebar is memoised and re-renders only with its own data.
  const tasks = useMemo(() => <TaskLauncher />, []);
  const panels = useStore((s) => s.panels);
  const layout = useStore((s) => s.layout);
  const removePanel = useStore((s) => s.removePanel);
  return (
    <div className="app">
      <TopBar />
      <div className="main">
        <DataSidebar>{tasks}</DataSidebar>
        <main className="workspace-area">
          <UpdateReady />
          <TourCard />
          <WorkspaceNotices />
          <WorkspaceReopen />
          <NoticeBanner />
          {layout === 'compare' ? (
            <ErrorBoundary what="The compare layout">
              <CompareWorkspace />
            </ErrorBoundary>
          ) : (
            <div className="workspace" data-testid="workspace">
              {panels.map((p, i) => (
                <ErrorBoundary
                  key={p.id}
                  what={`The panel “${viewSpec(p.view).title}”`}
                  remove={{ label: 'Remove this panel', run: () => removePanel(p.id) }}
                >
                  <Panel panel={p} index={i} count={panels.length} />
                </ErrorBoundary>
              ))}
              {panels.length === 0 && <p className="muted">No panels. Add one from “Add panel”.</p>}
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
