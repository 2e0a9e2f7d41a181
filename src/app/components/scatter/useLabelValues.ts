import { useEffect, useState } from 'react';
import { useStore } from '../../store/index.ts';
import type { TableMeta } from '../../../core/platform/session.ts';
import type { LabelValues } from './clusterLabels.ts';

/**
 * Every row's values (and its class, as one more attribute), fetched from the worker once a
 * scatter's cluster labels are asked for, again when the table changes; null while off, while
 * loading, or when the scatter's points are not the table's rows (n differs).
 */
export function useLabelValues(enabled: boolean, n: number): LabelValues | null {
  const query = useStore((s) => s.query);
  const version = useStore((s) => s.tableVersion);
  const meta = useStore((s) => s.loaded?.meta);
  const [fetched, setFetched] = useState<{ version: number; values: LabelValues } | null>(null);
  const wanted = enabled && meta !== undefined && meta.nRows === n;
  useEffect(() => {
    if (!wanted || !meta || fetched?.version === version) return;
    let live = true;
    const rows = Int32Array.from({ length: meta.nRows }, (_, i) => i);
    void query((api) => api.objectRows(rows)).then((outcome) => {
      if (live && outcome.ok) setFetched({ version, values: withClass(meta, outcome.value) });
    });
    return () => {
      live = false;
    };
  }, [wanted, meta, version, query, fetched]);
  return wanted && fetched?.version === version ? fetched.values : null;
}

/** The attributes' codes, and the class column's as a last attribute when there is one. */
function withClass(meta: TableMeta, codes: Int32Array): LabelValues {
  const D = meta.attributes.length;
  const cls = meta.classColumn;
  const names = meta.attributes.map((a) => a.name);
  const labels = meta.attributes.map((a) => a.labels);
  if (!cls) return { codes, sizes: labels.map((l) => l.length), names, labels };
  const out = new Int32Array(meta.nRows * (D + 1));
  for (let i = 0; i < meta.nRows; i++) {
    out.set(codes.subarray(i * D, (i + 1) * D), i * (D + 1));
    out[i * (D + 1) + D] = cls.codes[i] as number;
  }
  return {
    codes: out,
    sizes: [...labels.map((l) => l.length), cls.labels.length],
    names: [...names, cls.name],
    labels: [...labels, cls.labels],
  };
}
