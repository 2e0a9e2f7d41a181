import { useEffect, useMemo, useState } from 'react';
import type { TableMeta } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';

/** Objects found by the worker's search: how many, and the first ones with the matching cell. */
export interface FoundObjects {
  total: number;
  rows: { row: number; column: string; cell: string }[];
}

/**
 * What the search box finds for `needle` (trimmed, lower case): the values whose "attribute =
 * label" contains it, at once, and the objects, asked of the worker 150 ms after the last key
 * (null while the first answer is awaited, or when there is no needle).
 */
export function useSearchMatches(
  meta: TableMeta | undefined,
  needle: string,
): { values: number[]; found: FoundObjects | null } {
  const query = useStore((s) => s.query);
  const version = useStore((s) => s.tableVersion);
  const [objects, setObjects] = useState<FoundObjects | null>(null);
  const values = useMemo(() => {
    if (!meta || needle === '') return [];
    const found: number[] = [];
    meta.attributes.forEach((a) =>
      a.labels.forEach((label, k) => {
        if (`${a.name} = ${label}`.toLowerCase().includes(needle)) found.push(a.offset + k);
      }),
    );
    return found;
  }, [meta, needle]);
  useEffect(() => {
    if (needle === '') return;
    let live = true;
    const timer = setTimeout(() => {
      void query((api) => api.searchRows(needle, 200)).then((outcome) => {
        if (live && outcome.ok) setObjects(outcome.value);
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [needle, query, version]);
  return { values, found: needle === '' ? null : objects };
}
