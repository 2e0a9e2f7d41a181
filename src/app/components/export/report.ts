import type { WorkspaceState } from '../../workspace/schema.ts';
import { tablesIn } from './domTables.ts';
import type { ExportTable } from './exportHooks.ts';
import { panelSvg, type PanelCaption } from './panelPicture.ts';
import { escapeXml as esc, withoutDeclaration } from './svgMarkup.ts';

/** Rows of one table the report prints; the panel's CSV export holds them all. */
const REPORT_ROWS = 1000;

/** What the report needs of each panel on the page. */
export interface ReportPanel {
  section: HTMLElement;
  caption: PanelCaption;
}

/** The most cells of one table in the report (a 2,000-value matrix has 4 million). */
const REPORT_CELLS = 200_000;

function tableHtml(t: ExportTable): string {
  const kept = Math.min(REPORT_ROWS, Math.floor(REPORT_CELLS / Math.max(1, t.columns.length)));
  const rows = t.rows.slice(0, kept);
  const more =
    t.rows.length > kept
      ? `<p class="note">The first ${kept.toLocaleString('en-US')} of ${t.rows.length.toLocaleString('en-US')} rows; the panel's CSV export holds them all.</p>`
      : '';
  const cell = (c: string | number | null) => `<td>${esc(c === null ? '' : String(c))}</td>`;
  return [
    `<table><caption>${esc(t.name)}</caption>`,
    `<thead><tr>${t.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('\n')}</tbody></table>`,
    more,
  ].join('\n');
}

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2430; margin: 24px auto; max-width: 1200px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 32px 0 4px; border-top: 1px solid #e3e6eb; padding-top: 16px; }
.meta, .call, .note { color: #555; font-size: 12px; margin: 2px 0; }
.call { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
figure { margin: 12px 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 12px; margin: 12px 0; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #e3e6eb; padding: 2px 6px; text-align: right; }
th { background: #f6f7f9; }
`;

/**
 * One self-contained HTML file of the workspace: per panel its picture (inline SVG, images as
 * data URLs), its tables and its call; the workspace state at the end, to reopen it. No script,
 * no link: it opens offline in any browser.
 */
export async function workspaceReport(
  panels: readonly ReportPanel[],
  about: { data: string; state: WorkspaceState | null },
): Promise<string> {
  const parts: string[] = [];
  for (const { section, caption } of panels) {
    const svg = withoutDeclaration(await panelSvg(section, caption));
    const body = section.querySelector('.panel-body') ?? section;
    const tables = await tablesIn(body);
    parts.push(
      `<section class="panel-report">`,
      `<h2>${esc(caption.title)}</h2>`,
      `<p class="call">${esc(caption.detail)}</p>`,
      `<figure>${svg}</figure>`,
      ...tables.map(tableHtml),
      `</section>`,
    );
  }
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const state = about.state
    ? `<h2>Workspace</h2><p class="note">Save this as a .json file and open it with “Open workspace…” to get the same panels again.</p><pre class="call">${esc(JSON.stringify(about.state, null, 1))}</pre>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>Report — ${esc(about.data)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>Coupled categorical-data explorer — report</h1>`,
    `<p class="meta">${esc(about.data)} · ${panels.length} panels · written ${when} UTC</p>`,
    ...parts,
    state,
    '</body></html>',
    '',
  ].join('\n');
}
