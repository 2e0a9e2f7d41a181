import { useCallback, useEffect, useMemo } from 'react';
import { toErrorInfo, type ErrorInfo } from '../../core/errors.ts';
import { canonicalJson, resolveCall } from '../../core/platform/calls.ts';
import type { Call } from '../../core/platform/spec.ts';
import { useStore } from '../store/index.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';

/**
 * A call's result for a view: started on first use (or when the table changes), shared with
 * every other view asking for the same call. `invalid` is set when the call itself is refused
 * (an option out of range), so the view can say why instead of waiting. With `start: false` the
 * result is only read (a compare cell: Run all computes) and `run` starts it when asked.
 */
export function useResult(
  call: Call | null,
  { start = true }: { start?: boolean } = {},
): {
  key: string | null;
  entry: ResultEntry | null;
  invalid: ErrorInfo | null;
  run(): void;
} {
  const loaded = useStore((s) => s.loaded);
  const version = useStore((s) => s.tableVersion);
  const ensure = useStore((s) => s.ensure);
  const text = call ? canonicalJson(call) : null;
  const resolved = useMemo(() => {
    if (text === null) return { key: null, invalid: null };
    try {
      return { key: resolveCall(JSON.parse(text) as Call).key, invalid: null };
    } catch (error) {
      return { key: null, invalid: toErrorInfo(error) };
    }
  }, [text]);
  const entry = useStore((s) => (resolved.key ? (s.results[resolved.key] ?? null) : null));
  const run = useCallback(() => {
    if (loaded && text !== null && resolved.key) ensure(JSON.parse(text) as Call);
  }, [loaded, text, resolved.key, ensure]);
  useEffect(() => {
    if (start) run();
  }, [start, run, version]);
  return { key: resolved.key, entry, invalid: resolved.invalid, run };
}
