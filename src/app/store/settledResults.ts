import { useMemo } from 'react';
import { useStore } from './index.ts';

/**
 * The store's results, followed only when a call starts or settles — not at each animation
 * frame of a running t-SNE (its live layout also lives in the results). For views that list
 * results (the colour-by menu, the results board, the run-all bar), so they stay still while a
 * projection animates.
 */
export function useSettledResults(): ReturnType<typeof useStore.getState>['results'] {
  const signature = useStore((s) => {
    let text = '';
    for (const key in s.results) text += `${key}\u0000${s.results[key]?.status}\u0001`;
    return text;
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the results
  return useMemo(() => useStore.getState().results, [signature]);
}
