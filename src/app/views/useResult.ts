import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { isDefect, toErrorInfo, type ErrorInfo } from '../../core/base/errors.ts';
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
      const info = toErrorInfo(error);
      // A defect met while resolving the call is told with the call (MethodStatus).
      return { key: null, invalid: isDefect(info) && !info.call ? { ...info, call: text } : info };
    }
  }, [text]);
  const entry = useEntryInTransitions(resolved.key);
  const run = useCallback(() => {
    if (loaded && text !== null && resolved.key) ensure(JSON.parse(text) as Call);
  }, [loaded, text, resolved.key, ensure]);
  useEffect(() => {
    if (start) run();
  }, [start, run, version]);
  return { key: resolved.key, entry, invalid: resolved.invalid, run };
}

function entryOf(key: string | null): ResultEntry | null {
  return key === null ? null : (useStore.getState().results[key] ?? null);
}

/**
 * A call's entry in the store, re-rendered in a transition when it changes: a result arriving
 * (or a running t-SNE's next frame) renders its views interruptibly, in slices between
 * components, instead of in one task with the worker's message — zustand's own hook
 * (useSyncExternalStore) always renders synchronously. A view may show the previous entry for a
 * frame; a view that asks for another key reads that key's entry at once.
 */
function useEntryInTransitions(key: string | null): ResultEntry | null {
  const [followed, setFollowed] = useState(() => ({ key, entry: entryOf(key) }));
  useEffect(() => {
    const follow = () => {
      const entry = entryOf(key);
      startTransition(() =>
        setFollowed((f) => (f.key === key && f.entry === entry ? f : { key, entry })),
      );
    };
    follow();
    return useStore.subscribe((state, previous) => {
      if (key !== null && state.results[key] !== previous.results[key]) follow();
    });
  }, [key]);
  return followed.key === key ? followed.entry : entryOf(key);
}
