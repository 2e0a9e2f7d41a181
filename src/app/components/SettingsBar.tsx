import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** The form controls a settings row holds (a subset's checkboxes count one each). */
const CONTROLS = 'select, input, textarea';

/**
 * A panel's settings on one line: a button naming how many there are, which expands them all
 * (aria-expanded; Enter or Space), and a line saying the key choices and what differs from the
 * defaults. Collapsed, the controls stay mounted but hidden, so a half-typed number and a
 * view's own state survive; `actions` (a Run button) stay on the line either way. Exports leave
 * the line out (their caption names the call).
 */
export function SettingsBar({
  summary,
  actions,
  children,
}: {
  /** "CDE · t-SNE · perplexity 50": what the collapsed line says. */
  summary: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  const controls = useRef<HTMLDivElement>(null);
  const id = useId();
  // The controls a view renders change with its call (a representation's own parameters).
  useLayoutEffect(() => {
    const el = controls.current;
    if (!el) return;
    const update = () => setCount(el.querySelectorAll(CONTROLS).length);
    update();
    const observer = new MutationObserver(update);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className="settings" data-testid="panel-settings" data-open={open}>
      <div className="settings-line">
        <button
          type="button"
          className="settings-toggle"
          aria-expanded={open}
          aria-controls={id}
          title={open ? 'Hide the settings' : 'Show every setting'}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {count}{' '}
          {count === 1 ? 'setting' : 'settings'}
        </button>
        {!open && (
          <span
            className="settings-summary"
            data-testid="settings-summary"
            data-export="skip"
            title={summary}
          >
            {summary}
          </span>
        )}
        {actions}
      </div>
      <div id={id} ref={controls} className="view-controls wrap" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
