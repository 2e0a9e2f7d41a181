import { memo, useEffect, useState, type ReactNode } from 'react';
import { fetchManifest, type SampleManifest } from '../model/samples.ts';
import { openSample } from '../workspace/openSample.ts';
import { useStore } from '../store/index.ts';
import { FileInput } from './FileInput.tsx';
import { KeepFiles } from './KeepFiles.tsx';
import { openInitialWorkspace } from '../workspace/startup.ts';

/** The first workspace is opened once per page, even when React runs effects twice in development. */
let openedInitialWorkspace = false;

/** Drop zone, file picker and the gallery of bundled samples with their provenance. */
/** Memoised: the top bar's re-renders (results arriving) do not reach the sample list. */
export const DataSidebar = memo(function DataSidebar({ children }: { children?: ReactNode }) {
  const loadSource = useStore((s) => s.loadSource);
  const source = useStore((s) => s.source);
  const [manifest, setManifest] = useState<SampleManifest | null>(null);
  const [manifestError, setManifestError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const openFile = (file: File) => void loadSource({ name: file.name, file });

  // The sample list, and the first workspace, once, on mount.
  useEffect(() => {
    fetchManifest().then(
      (m) => {
        setManifest(m);
        if (!openedInitialWorkspace) {
          openedInitialWorkspace = true;
          void openInitialWorkspace(m, openSample);
        }
      },
      (e: unknown) => setManifestError(String(e)),
    );
  }, []);

  // Dropping a file anywhere on the page opens it.
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file) openFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <aside className="sidebar">
      <label className={dragging ? 'dropzone dragging' : 'dropzone'} data-testid="dropzone">
        <FileInput
          accept=".csv,.tsv,.txt,.parquet,.arrow,.feather,.json,text/csv,text/tab-separated-values,application/json"
          testId="file-input"
          onFile={openFile}
        />
        <strong>Drop a CSV file here</strong>
        <span>
          or click to choose one. Comma, semicolon or tab separated, Parquet, Arrow, or a counts
          file; it never leaves this tab.
        </span>
      </label>
      <KeepFiles />
      {children}
      {/* A standalone copy (export-app) carries its own data and no samples. */}
      {manifest?.datasets.length !== 0 && <h2>Samples</h2>}
      {manifestError && <p className="error-text">{manifestError}</p>}
      <ul className="gallery" data-testid="gallery">
        {manifest?.datasets.map((d) => (
          <li key={d.file}>
            <button
              type="button"
              className={source?.sample === d.file ? 'sample active' : 'sample'}
              onClick={() => void openSample(d)}
              data-testid={`sample-${d.file}`}
            >
              <span className="sample-title">{d.title}</span>
              <span className="sample-meta">
                {d.rows} rows{d.classColumn ? ` · class ${d.classColumn}` : ''}
              </span>
              <span className="sample-source">{d.source}</span>
            </button>
          </li>
        ))}
      </ul>
      {manifest && (
        <p className="provenance" data-testid="provenance">
          {manifest.license}
        </p>
      )}
    </aside>
  );
});
