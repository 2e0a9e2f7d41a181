import type { Store } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { sha256Of } from './fileHash.ts';
import {
  WORKSPACE_FORMAT,
  WORKSPACE_VERSION,
  type SavedPanel,
  type WorkspaceSource,
  type WorkspaceState,
} from './schema.ts';

/**
 * A view setting naming the table version an evaluation ran on (ComparisonView): saved as
 * CURRENT when it ran on the table shown, and given the restored table's version when opened.
 */
export const RAN_ON = 'ranOn';
export const CURRENT = 'current';

/** The workspace as it stands, or null while no table is loaded. */
export async function captureWorkspace(s: Store): Promise<WorkspaceState | null> {
  if (!s.source || !s.loaded) return null;
  return workspaceOf(s, s.source.sample ? null : await sha256Of(s.source.file));
}

/**
 * The workspace as it stands, at once: `fileHash` is the user's file's SHA-256 (null for a
 * bundled sample; a user's file without it gives null).
 */
export function workspaceOf(s: Store, fileHash: string | null): WorkspaceState | null {
  if (!s.source || !s.loaded) return null;
  let source: WorkspaceSource;
  if (s.source.sample) source = { kind: 'sample', name: s.source.sample };
  else if (fileHash === null) return null;
  else source = { kind: 'file', name: s.source.name, size: s.source.file.size, sha256: fileHash };
  return {
    format: WORKSPACE_FORMAT,
    version: WORKSPACE_VERSION,
    source,
    parse: { ...s.parseOptions },
    prepare: { ...s.prepareOptions },
    panels: s.panels.map((p) => savedPanel(p, s.tableVersion)),
    layout: s.layout,
    selection: {
      values: [...s.selectedValues],
      objects: [...s.selectedObjects],
      valueThreshold: s.valueThreshold,
    },
    colorBy: s.colorBy,
  };
}

function savedPanel(p: Panel, tableVersion: number): SavedPanel {
  const settings = { ...p.settings };
  if (RAN_ON in settings) {
    if (settings[RAN_ON] === tableVersion) settings[RAN_ON] = CURRENT;
    else {
      delete settings[RAN_ON];
      delete settings.ran;
    }
  }
  return { view: p.view, call: p.call, settings };
}
