import type { Call } from '../../../core/platform/spec.ts';
import { useStore } from '../../store/index.ts';
import { captureWorkspace } from '../../workspace/capture.ts';
import { downloadBlob } from '../download.ts';
import { exportCaption } from './caption.ts';
import { fileBase } from './PanelExportMenu.tsx';
import { workspaceReport } from './report.ts';

/** Writes the report of every panel on the page (report.ts) and downloads it as DATA-report.html. */
export async function writeReport(): Promise<void> {
  const store = useStore.getState();
  const panels = [...document.querySelectorAll<HTMLElement>('section.panel')].map((section) => ({
    section,
    caption: exportCaption(
      section.getAttribute('aria-label') ?? '',
      section.dataset.call ? (JSON.parse(section.dataset.call) as Call) : null,
    ),
  }));
  const data = store.source?.name ?? 'no data';
  const html = await workspaceReport(panels, { data, state: await captureWorkspace(store) });
  downloadBlob(new Blob([html], { type: 'text/html' }), `${fileBase(data)}-report.html`);
}
