import { DataSidebar } from './components/DataSidebar.tsx';
import { NoticeBanner } from './components/NoticeBanner.tsx';
import { Panel } from './components/Panel.tsx';
import { useStore } from './store/index.ts';
import type { ColorBy } from './store/linkSlice.ts';
import { VIEWS, type ViewId } from './views/registry.tsx';

export function App() {
  const panels = useStore((s) => s.panels);
  const addPanel = useStore((s) => s.addPanel);
  const colorBy = useStore((s) => s.colorBy);
  const setColorBy = useStore((s) => s.setColorBy);
  const hasClass = useStore((s) => s.loaded?.meta.classColumn != null);
  const selected = useStore((s) => s.selectedValues.length + s.selectedObjects.length);
  const clearSelection = useStore((s) => s.clearSelection);
  const version = useStore((s) => s.tableVersion);
  const hasClusters = useStore((s) => s.cde?.version === version);
  const hasScores = useStore((s) => s.cosh?.version === version);
  return (
    <div className="app">
      <header className="topbar">
        <h1>
          Coupled categorical-data explorer{' '}
          <span className="muted">— values, couplings, clusters, outliers</span>
        </h1>
        <div className="topbar-controls">
          <label>
            Colour by
            <select
              value={colorBy}
              onChange={(e) => setColorBy(e.target.value as ColorBy)}
              aria-label="Colour by"
            >
              <option value="none">nothing</option>
              <option value="class" disabled={!hasClass}>
                class{hasClass ? '' : ' (choose a class column)'}
              </option>
              <option value="cluster" disabled={!hasClusters}>
                {hasClusters ? 'k-means cluster (CDE)' : 'cluster (open a CDE view)'}
              </option>
              <option value="outlier" disabled={!hasScores}>
                {hasScores ? 'outlier score (COSH)' : 'outlier score (open the COSH view)'}
              </option>
            </select>
          </label>
          {selected > 0 && (
            <button type="button" onClick={clearSelection}>
              Clear selection ({selected})
            </button>
          )}
          <label>
            Add panel
            <select
              value=""
              aria-label="Add panel"
              onChange={(e) => {
                if (e.target.value) addPanel(e.target.value as ViewId);
              }}
            >
              <option value="">choose a view…</option>
              {VIEWS.map((v) => (
                <option key={v.id} value={v.id} title={v.description}>
                  {v.title}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      <div className="main">
        <DataSidebar />
        <main className="workspace-area">
          <NoticeBanner />
          <div className="workspace" data-testid="workspace">
            {panels.map((p, i) => (
              <Panel key={p.id} panel={p} index={i} count={panels.length} />
            ))}
            {panels.length === 0 && <p className="muted">No panels. Add one from “Add panel”.</p>}
          </div>
        </main>
      </div>
    </div>
  );
}
