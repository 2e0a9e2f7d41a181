import { useRef, useState, type RefObject } from 'react';
import { downloadBlob } from '../download.ts';
import { countTables, tableCsv, tablesIn, tablesJson } from './domTables.ts';
import { panelSvg, svgToPng, type PanelCaption } from './panelPicture.ts';

/** A file name of the words of a title: "value-matrices-cde". */
export const fileBase = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80) || 'export';

/**
 * A panel's Export menu: PNG and SVG of its whole view (title, legends, axes; every row and
 * column, not the zoomed or scrolled part), and CSV (one file per table) and JSON of its tables.
 */
export function PanelExportMenu({
  section,
  caption,
  base,
}: {
  section: RefObject<HTMLElement | null>;
  caption: () => PanelCaption;
  base: string;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [tables, setTables] = useState(0);
  const [busy, setBusy] = useState(false);
  const body = () => section.current?.querySelector('.panel-body') ?? null;
  const run = async (f: (el: HTMLElement) => Promise<void> | void) => {
    const el = section.current;
    if (menu.current) menu.current.open = false;
    if (!el) return;
    setBusy(true);
    try {
      await f(el);
    } finally {
      setBusy(false);
    }
  };
  const svg = () =>
    run(async (el) => {
      const text = await panelSvg(el, caption());
      downloadBlob(new Blob([text], { type: 'image/svg+xml' }), `${base}.svg`);
    });
  const png = () =>
    run(async (el) => downloadBlob(await svgToPng(await panelSvg(el, caption())), `${base}.png`));
  const csv = (raw: boolean) =>
    run(async () => {
      const found = await tablesIn(body() ?? document.createElement('div'));
      for (const t of found) {
        const name = found.length > 1 ? `${base}-${fileBase(t.name)}` : base;
        downloadBlob(
          new Blob([tableCsv(t, { raw })], { type: 'text/csv;charset=utf-8' }),
          `${name}.csv`,
        );
      }
    });
  const json = () =>
    run(async () => {
      const c = caption();
      const text = tablesJson(await tablesIn(body() ?? document.createElement('div')), {
        title: c.title,
        about: c.detail,
        call: c.call ?? null,
      });
      downloadBlob(new Blob([text], { type: 'application/json' }), `${base}.json`);
    });
  return (
    <details
      ref={menu}
      className="menu export-menu"
      data-testid="panel-export"
      onToggle={(e) => {
        const b = body();
        if ((e.currentTarget as HTMLDetailsElement).open && b) setTables(countTables(b));
      }}
    >
      <summary aria-label={`Export ${caption().title}`} aria-busy={busy}>
        {busy ? 'Exporting…' : 'Export'}
      </summary>
      <div className="menu-items" role="group" aria-label="Export as">
        <button type="button" onClick={() => void png()}>
          PNG picture
        </button>
        <button type="button" onClick={() => void svg()}>
          SVG drawing
        </button>
        <button
          type="button"
          disabled={tables === 0}
          title={tables === 0 ? 'This view has no table' : undefined}
          onClick={() => void csv(false)}
        >
          CSV{tables > 1 ? ` (${tables} tables)` : ''}
        </button>
        <button
          type="button"
          disabled={tables === 0}
          title={
            tables === 0
              ? 'This view has no table'
              : 'Texts exactly as they are: no leading apostrophe before =, +, - or @ (for a program, not a spreadsheet)'
          }
          onClick={() => void csv(true)}
        >
          CSV, raw texts
        </button>
        <button
          type="button"
          disabled={tables === 0}
          title={tables === 0 ? 'This view has no table' : undefined}
          onClick={() => void json()}
        >
          JSON
        </button>
      </div>
    </details>
  );
}
