import { memo, useMemo } from 'react';
import { DataSidebar } from './components/DataSidebar.tsx';
import { NoticeBanner } from './components/NoticeBanner.tsx';
import { UpdateReady } from './components/UpdateReady.tsx';
import { Panel } from './views/Panel.tsx';
import { useStore } from './store/index.ts';
import { panelChoices } from './views/registry.tsx';
import { ValueThreshold } from './components/ValueThreshold.tsx';
import { RunAllBar } from './components/RunAllBar.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { ColourBySelect } from './components/ColourBySelect.tsx';
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

/**
 * The top bar: colour by, search, selection, layout, Run all and Add panel. It follows results
 * as they arrive (the colour-by menu lists them); the workspace below does not re-render with it.
 */
const TopBar = memo(function TopBar() {
  const panels = useStore((s) => s.panels);
  const addPanel = useStore((s) => s.addPanel);
  const selected = useStore((s) => s.selectedValues.length + s.selectedObjects.length);
  const clearSelection = useStore((s) => s.clearSelection);
  const nRows = useStore((s) => s.loaded?.meta.nRows ?? null);
  const layout = useStore((s) => s.layout);
  const setLayout = useStore((s) => s.setLayout);
  const runAll = useStore((s) => s.runAll);
  const startRunAll = useStore((s) => s.startRunAll);
  // The registry is fixed once the app runs: the menu is built once.
  const menu = useMemo(panelChoices, []);
  return (
    <header className="topbar">
      <h1>
        Coupled categorical-data explorer{' '}
        <span className="muted">— values, couplings, clusters, outliers</span>
      </h1>
      {/* Beside the title: the controls' row keeps its width (Add panel's menu opens leftwards). */}
      <ThemeToggle />
      <div className="topbar-controls">
        <ColourBySelect />
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
