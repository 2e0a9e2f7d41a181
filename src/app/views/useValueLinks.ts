import { useMemo } from 'react';
import type { ShareSpec } from '../components/heatmap/MatrixFrame.tsx';
import { useStore } from '../store/index.ts';
import { emphasisedValues } from '../store/linkSlice.ts';
import { valueName } from '../model/values.ts';

/**
 * What every value view shares through the store: the values to emphasise (hovered values, the
 * hovered object's values, else the selected values) and, while objects are selected, the share
 * of them holding each value.
 */
export function useValueLinks(): { emphasised: ReadonlySet<number>; shares: ShareSpec | null } {
  const meta = useStore((s) => s.loaded?.meta);
  const hover = useStore((s) => s.hover);
  const selectedValues = useStore((s) => s.selectedValues);
  const hoveredObjectValues = useStore((s) => s.hoveredObjectValues);
  const selection = useStore((s) => s.selectionCounts);
  const emphasised = useMemo(
    () => emphasisedValues({ hover, selectedValues, hoveredObjectValues }),
    [hover, selectedValues, hoveredObjectValues],
  );
  const shares = useMemo(
    () => (meta && selection ? shareSpec(meta, selection) : null),
    [meta, selection],
  );
  return { emphasised, shares };
}

function shareSpec(
  meta: NonNullable<ReturnType<typeof useStore.getState>['loaded']>['meta'],
  { counts, objects }: { counts: Int32Array; objects: number },
): ShareSpec {
  const of = (v: number) => (objects > 0 ? (counts[v] ?? 0) / objects : 0);
  return {
    of,
    describe: (v) =>
      `${valueName(meta, v)}: held by ${counts[v] ?? 0} of the ${objects.toLocaleString('en-US')} selected objects (${formatShare(of(v))})`,
  };
}

/** A share as a percentage with the precision a reader needs (“3 %”, “0.4 %”, “100 %”). */
export function formatShare(share: number): string {
  const pct = share * 100;
  if (pct === 0 || pct >= 10) return `${Math.round(pct)} %`;
  return `${pct >= 1 ? pct.toFixed(0) : pct.toFixed(1)} %`;
}
