import { useEffect, useState } from 'react';
import { useStore } from '../store/index.ts';

/**
 * Feature codes of a few objects (rows), fetched from the worker: map row → local codes per
 * attribute. Re-fetched when the rows or the table change.
 */
export function useObjectValues(rows: number[]): Map<number, Int32Array> {
  const query = useStore((s) => s.query);
  const version = useStore((s) => s.tableVersion);
  const D = useStore((s) => s.loaded?.meta.attributes.length ?? 0);
  const [values, setValues] = useState<Map<number, Int32Array>>(new Map());
  const key = rows.join(',');
  useEffect(() => {
    if (rows.length === 0 || D === 0) return;
    let live = true;
    const wanted = Int32Array.from(rows);
    void query((api) => api.objectRows(wanted)).then((outcome) => {
      if (!live || !outcome.ok) return;
      setValues(valuesByRow(rows, outcome.value, D));
    });
    return () => {
      live = false;
    };
    // `key` stands for `rows`: a new array with the same rows must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version, D, query]);
  return values;
}

/** Each row's D codes, from the worker's rows × D block in the order asked. */
export function valuesByRow(
  rows: readonly number[],
  codes: Int32Array,
  D: number,
): Map<number, Int32Array> {
  const map = new Map<number, Int32Array>();
  rows.forEach((r, i) => map.set(r, codes.slice(i * D, (i + 1) * D)));
  return map;
}
