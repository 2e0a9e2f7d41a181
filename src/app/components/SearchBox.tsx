import { useState } from 'react';
import type { TableMeta } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';
import { rowName } from '../model/rowNames.ts';
import { valueName } from '../model/values.ts';
import { useSearchMatches, type FoundObjects } from './useSearchMatches.ts';

const SHOWN = 8;

/**
 * Finds values (an attribute name or a value's label containing the text) and objects (a line
 * of the file, or a row any of whose cells — identifier columns included — contains it), and
 * selects them: one by one, or all at once (Enter selects every value found, else every object).
 */
export function SearchBox() {
  const meta = useStore((s) => s.loaded?.meta);
  const setSelectedValues = useStore((s) => s.setSelectedValues);
  const setSelectedObjects = useStore((s) => s.setSelectedObjects);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const needle = text.trim().toLowerCase();
  const { values, found } = useSearchMatches(meta, needle);
  if (!meta) return null;
  const selectValues = (vs: number[]) => {
    setSelectedValues(vs);
    setOpen(false);
  };
  const selectObjects = (rows: number[]) => {
    setSelectedObjects(rows);
    setOpen(false);
  };
  return (
    <div
      className="search"
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <input
        type="search"
        placeholder="Find values or objects…"
        aria-label="Find values or objects"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          if (e.key !== 'Enter') return;
          if (values.length > 0) selectValues(values);
          else if (found && found.rows.length > 0) selectObjects(found.rows.map((r) => r.row));
        }}
      />
      {open && needle !== '' && (
        <SearchResults
          meta={meta}
          values={values}
          found={found}
          selectValues={selectValues}
          selectObjects={selectObjects}
        />
      )}
    </div>
  );
}

/** The values found, then the objects, each selectable alone or all at once. */
function SearchResults({
  meta,
  values,
  found,
  selectValues,
  selectObjects,
}: {
  meta: TableMeta;
  values: number[];
  found: FoundObjects | null;
  selectValues(values: number[]): void;
  selectObjects(rows: number[]): void;
}) {
  return (
    <div className="search-results" role="listbox" data-testid="search-results">
      <div className="search-group">
        <span className="muted small">
          {values.length} {values.length === 1 ? 'value' : 'values'}
        </span>
        {values.length > 1 && (
          <button type="button" className="small" onClick={() => selectValues(values)}>
            Select all {values.length}
          </button>
        )}
      </div>
      {values.slice(0, SHOWN).map((v) => (
        <button
          key={`v${v}`}
          type="button"
          role="option"
          aria-selected={false}
          className="search-item"
          onClick={() => selectValues([v])}
        >
          {valueName(meta, v)}
        </button>
      ))}
      <div className="search-group">
        <span className="muted small">
          {found
            ? `${found.total.toLocaleString('en-US')} ${found.total === 1 ? 'object' : 'objects'}`
            : 'objects…'}
        </span>
        {found && found.rows.length > 1 && (
          <button
            type="button"
            className="small"
            onClick={() => selectObjects(found.rows.map((r) => r.row))}
          >
            Select{' '}
            {found.total > found.rows.length
              ? `the first ${found.rows.length}`
              : `all ${found.total}`}
          </button>
        )}
      </div>
      {found?.rows.slice(0, SHOWN).map((r) => (
        <button
          key={`o${r.row}`}
          type="button"
          role="option"
          aria-selected={false}
          className="search-item"
          onClick={() => selectObjects([r.row])}
        >
          {rowName(meta, r.row)}
          {r.column !== 'line' ? ` · ${r.column} = ${r.cell}` : ''}
        </button>
      ))}
    </div>
  );
}
