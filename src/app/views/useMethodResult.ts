import { useEffect } from 'react';
import type { CdeReport, CoshReport } from '../../core/analysis.ts';
import type { ErrorInfo } from '../../core/errors.ts';
import { useStore } from '../store/index.ts';

/**
 * The current table's CDE or COSH result, started in the worker on first use. Stale results
 * (from a previous table) are not returned.
 */
export function useMethodResult(kind: 'cde'): { value: CdeReport | null; error: ErrorInfo | null };
export function useMethodResult(kind: 'cosh'): {
  value: CoshReport | null;
  error: ErrorInfo | null;
};
export function useMethodResult(kind: 'cde' | 'cosh') {
  const loaded = useStore((s) => s.loaded);
  const version = useStore((s) => s.tableVersion);
  const result = useStore((s) => s[kind]);
  const error = useStore((s) => s.methodErrors[kind] ?? null);
  const ensureResult = useStore((s) => s.ensureResult);
  useEffect(() => {
    if (loaded) ensureResult(kind);
  }, [loaded, version, kind, ensureResult]);
  return { value: result && result.version === version ? result.value : null, error };
}
