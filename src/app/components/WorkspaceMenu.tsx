import { useRef, useState } from 'react';
import { useStore } from '../store/index.ts';
import { captureWorkspace } from '../workspace/capture.ts';
import { hashOf, workspaceFileText } from '../workspace/persist.ts';
import { openWithKeptFile, openWorkspace, workspaceRefused } from '../workspace/restore.ts';
import { parseWorkspaceText, type WorkspaceState } from '../workspace/schema.ts';
import { downloadBlob } from './download.ts';
import { FileInput } from './FileInput.tsx';
import { writeReport } from './export/writeReport.ts';

/**
 * The Workspace menu of the top bar (one button, so the bar keeps to one line at 1280 px):
 * save the workspace as a `.json` file, open one, write the HTML report, or copy a link to it (bundled samples only: a
 * link cannot carry the user's file). A workspace on the user's file asks for that file when
 * opened, and checks it is the same.
 */
export function WorkspaceMenu() {
  const loaded = useStore((s) => s.loaded !== null);
  const isSample = useStore((s) => s.source?.sample !== undefined);
  const stateInput = useRef<HTMLInputElement>(null);
  const dataInput = useRef<HTMLInputElement>(null);
  /** The workspace file being opened, while its data file is asked for. */
  const waiting = useRef<Promise<WorkspaceState | null> | null>(null);
  const [copied, setCopied] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);

  const save = async () => {
    const state = await captureWorkspace(useStore.getState());
    if (!state) return;
    const base = state.source.name.replace(/\.[^.]*$/, '');
    downloadBlob(
      new Blob([workspaceFileText(state)], { type: 'application/json' }),
      `${base}-workspace.json`,
    );
  };
  const openStateFile = (file: File) => {
    const state = file.text().then((text) => {
      const parsed = parseWorkspaceText(text);
      if (parsed.ok) return parsed.value;
      workspaceRefused(`the workspace file “${file.name}” was not opened: ${parsed.message}`);
      return null;
    });
    // The data file, if asked for, may be chosen before this file is read: it waits for it.
    waiting.current = state;
    void state.then(async (s) => {
      if (!s) return;
      // Its data is the user's own file: its copy kept in this browser, else ask for it.
      if (s.source.kind === 'file') {
        if (!(await openWithKeptFile(s))) dataInput.current?.click();
        return;
      }
      const refused = await openWorkspace(s);
      if (refused) workspaceRefused(refused);
    });
  };
  const openWithData = async (file: File) => {
    const state = await waiting.current;
    waiting.current = null;
    if (state?.source.kind !== 'file') return;
    const refused = await openWorkspace(state, file);
    if (refused) workspaceRefused(refused);
  };
  const [reporting, setReporting] = useState(false);
  const report = async () => {
    setReporting(true);
    try {
      await writeReport();
    } finally {
      setReporting(false);
    }
  };
  const copyLink = async () => {
    const state = await captureWorkspace(useStore.getState());
    if (!state) return;
    const url = new URL(window.location.href);
    url.hash = hashOf(state);
    await navigator.clipboard?.writeText(url.href).catch(() => {});
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  /** Runs a choice of the menu, closing it first. */
  const pick = (f: () => void) => () => {
    if (menu.current) menu.current.open = false;
    f();
  };
  return (
    <>
      <details ref={menu} className="menu workspace-menu" data-testid="workspace-menu">
        <summary>Workspace</summary>
        <div className="menu-items" role="group" aria-label="Workspace">
          <button type="button" disabled={!loaded} onClick={pick(() => void save())}>
            Save workspace
          </button>
          <button type="button" onClick={pick(() => stateInput.current?.click())}>
            Open workspace…
          </button>
          <button
            type="button"
            disabled={!loaded || !isSample}
            title={
              isSample
                ? 'Copy a link that opens this workspace'
                : 'A link cannot carry your own file: save the workspace as a file instead'
            }
            onClick={() => void copyLink()}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </button>
          <button type="button" disabled={!loaded || reporting} onClick={pick(() => void report())}>
            {reporting ? 'Writing the report…' : 'Export report'}
          </button>
        </div>
      </details>
      <FileInput
        ref={stateInput}
        accept=".json,application/json"
        label="Workspace file to open"
        testId="workspace-file-input"
        opener
        onFile={openStateFile}
      />
      <FileInput
        ref={dataInput}
        label="The workspace's data file"
        testId="workspace-data-input"
        opener
        onFile={(file) => void openWithData(file)}
      />
    </>
  );
}
