import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { matchingChoices, type PanelChoice, type PanelGroup } from '../model/panelMenu.ts';

/**
 * “Add panel”: a button opening a searchable list of every view, grouped by what it shows, each
 * method named with its paper by author and year. Type to narrow it (all words must match the
 * name, description, paper or group), ↑/↓ to move, Enter to add, Escape to close.
 */
export function AddPanelMenu({
  groups,
  onChoose,
}: {
  groups: readonly PanelGroup[];
  onChoose(choice: PanelChoice): void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const shown = useMemo(() => matchingChoices(groups, query), [groups, query]);
  const flat = useMemo(() => shown.flatMap((g) => g.choices), [shown]);
  const current = flat[Math.min(active, flat.length - 1)];

  const reset = useCallback(() => {
    setOpen(false);
    setQuery('');
    setActive(0);
  }, []);
  const close = (focusButton: boolean) => {
    reset();
    if (focusButton) button.current?.focus();
  };
  const choose = (choice: PanelChoice) => {
    close(false);
    onChoose(choice);
  };

  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) reset();
    };
    window.addEventListener('mousedown', outside);
    return () => window.removeEventListener('mousedown', outside);
  }, [open, reset]);

  // The active option stays in view while moving with the keys.
  useEffect(() => {
    if (current)
      document.getElementById(`${listId}-${current.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [current, listId]);

  return (
    <div className="add-panel" ref={root}>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="add-panel-button"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        Add panel
      </button>
      {open && (
        <div className="add-panel-popover" role="dialog" aria-label="Add a panel">
          <input
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
            aria-label="Search views, methods and papers"
            placeholder="Search views, methods, papers…"
            data-testid="add-panel-search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, flat.length - 1));
              else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
              else if (e.key === 'Enter' && current) choose(current);
              else if (e.key === 'Escape') close(true);
              else return;
              e.preventDefault();
            }}
          />
          <ChoiceList
            shown={shown}
            current={current}
            listId={listId}
            query={query}
            onChoose={choose}
          />
        </div>
      )}
    </div>
  );
}

/** The matching views by group, the active one marked; a click adds one. */
function ChoiceList({
  shown,
  current,
  listId,
  query,
  onChoose,
}: {
  shown: readonly PanelGroup[];
  current: PanelChoice | undefined;
  listId: string;
  query: string;
  onChoose(choice: PanelChoice): void;
}) {
  return (
    <ul className="add-panel-list" id={listId} role="listbox" aria-label="Views">
      {shown.map((g) => (
        <li key={g.group} role="presentation">
          <div className="add-panel-group" aria-hidden="true">
            {g.group}
          </div>
          <ul role="group" aria-label={g.group}>
            {g.choices.map((c) => (
              <li
                key={c.id}
                id={`${listId}-${c.id}`}
                role="option"
                aria-selected={c === current}
                className={c === current ? 'active' : undefined}
                data-choice={c.id}
                title={c.detail}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onChoose(c)}
              >
                <span className="add-panel-label">{c.label}</span>
                {c.cite && <span className="muted add-panel-cite">{c.cite}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
      {shown.every((g) => g.choices.length === 0) && (
        <li role="presentation" className="muted add-panel-none">
          Nothing matches “{query}”.
        </li>
      )}
    </ul>
  );
}
