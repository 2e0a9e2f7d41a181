import { useCallback, useMemo } from 'react';
import { useStore } from '../../store/index.ts';
import { coincidentPoints } from '../../../core/projection/coincident.ts';
import type { IdenticalGroups } from '../../../core/neighbours/identical.ts';
import type { PlacedText } from './annotations.ts';
import { scatterAnnotations } from './clusterLabels.ts';
import { measureAnnotation } from './measureText.ts';
import { multiplicityScale } from './scatterStyle.ts';
import { useLabelValues } from './useLabelValues.ts';
import type { Mapping } from './viewTransform.ts';

/**
 * What the scatter shows of its layout's structure: the rows stacked on one spot (identical rows
 * share a position) — each dot's size and count, the badges — and, when asked, the labels of its
 * clusters, for the view on screen and for any other (the exports' whole-data picture).
 */
export function useScatterStructure(points: Float64Array, labels: boolean) {
  const n = points.length >> 1;
  const stacks = useMemo(() => {
    const groups = coincidentPoints(points);
    if (groups.count === n) return null;
    return { groups, ...stackSizes(groups) };
  }, [points, n]);
  const values = useLabelValues(labels, n);
  const annotate = useCallback(
    (mapping: Mapping, width: number, height: number, radius: number): PlacedText[] =>
      scatterAnnotations(
        {
          points,
          mapping,
          width,
          height,
          values: labels ? values : null,
          groups: stacks?.groups ?? null,
          radiusOf: (i) => radius * (stacks?.sizes[i] ?? 1),
        },
        measureAnnotation,
      ),
    [points, labels, values, stacks],
  );
  /** The rows a click on row i's dot stands for: all those on its spot. */
  const rowsAt = useCallback(
    (i: number): number[] => {
      if (!stacks) return [i];
      const g = stacks.groups.groupOf[i] as number;
      return Array.from(
        stacks.groups.members.subarray(stacks.groups.start[g], stacks.groups.start[g + 1]),
      );
    },
    [stacks],
  );
  return {
    sizes: stacks?.sizes ?? null,
    maxScale: stacks?.maxScale ?? 1,
    countOf: (i: number): number => {
      if (!stacks) return 1;
      const g = stacks.groups.groupOf[i] as number;
      return (stacks.groups.start[g + 1] as number) - (stacks.groups.start[g] as number);
    },
    rowsAt,
    annotate,
    /** Labels asked for but the rows' values not here yet (or not the table's rows). */
    labelsPending: labels && values === null,
    /** Labels need the table's values of every point (a scatter of the table's rows). */
    labelsPossible: useLabelsPossible(n),
  };
}

function useLabelsPossible(n: number): boolean {
  return useStore((s) => s.loaded?.meta.nRows === n);
}

/**
 * Each point's dot size (scatterStyle.ts `multiplicityScale` of its spot's count), worked out
 * once a spot rather than once a point, and the largest.
 */
export function stackSizes(groups: IdenticalGroups): { sizes: Float32Array; maxScale: number } {
  const sizes = new Float32Array(groups.groupOf.length).fill(1);
  let maxScale = 1;
  for (let g = 0; g < groups.count; g++) {
    const from = groups.start[g] as number;
    const to = groups.start[g + 1] as number;
    if (to - from < 2) continue;
    const scale = multiplicityScale(to - from);
    maxScale = Math.max(maxScale, scale);
    for (let k = from; k < to; k++) sizes[groups.members[k] as number] = scale;
  }
  return { sizes, maxScale };
}
