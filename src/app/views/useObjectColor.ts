import { quantize, scaleSequentialSqrt } from 'd3';
import { useMemo } from 'react';
import { classPalette, scorePalette } from '../colors.ts';
import { useStore } from '../store/index.ts';

export interface ObjectColoring {
  color(i: number): string;
  /** Legend entries for categorical colourings; a ramp description for scores. */
  legend: { label: string; color: string }[];
  ramp: { title: string; color(x: number): string; domain: [number, number] } | null;
}

const GREY = '#6b7280';

/** Object colours for the store's colour-by choice: class, CDE k-means cluster or COSH score. */
export function useObjectColor(): ObjectColoring {
  const colorBy = useStore((s) => s.colorBy);
  const meta = useStore((s) => s.loaded?.meta);
  const version = useStore((s) => s.tableVersion);
  const cde = useStore((s) => (s.cde?.version === version ? s.cde.value : null));
  const cosh = useStore((s) => (s.cosh?.version === version ? s.cosh.value : null));
  return useMemo((): ObjectColoring => {
    const cls = meta?.classColumn;
    if (colorBy === 'class' && cls) {
      const palette = classPalette(cls.labels.length);
      return {
        color: (i) => palette[cls.codes[i] ?? 0] ?? GREY,
        legend: cls.labels.map((label, c) => ({ label, color: palette[c] ?? GREY })),
        ramp: null,
      };
    }
    if (colorBy === 'cluster' && cde) {
      const palette = classPalette(cde.objectClusterK);
      return {
        color: (i) => palette[cde.objectClusters[i] ?? 0] ?? GREY,
        legend: palette.map((color, c) => ({ label: `cluster ${c + 1}`, color })),
        ramp: null,
      };
    }
    if (colorBy === 'outlier' && cosh) {
      let max = 0;
      for (const x of cosh.objectScores) if (x > max) max = x;
      const top = max || 1;
      const scale = scaleSequentialSqrt(scorePalette).domain([0, top]);
      // 64 steps of the same sqrt ramp look continuous and keep the scatter's colour groups few.
      const steps = quantize(scorePalette, 64);
      return {
        color: (i) =>
          steps[
            Math.round(63 * Math.sqrt(Math.min(1, Math.max(0, cosh.objectScores[i] ?? 0) / top)))
          ] ?? GREY,
        legend: [],
        ramp: { title: 'COSH score', color: (x) => scale(x), domain: [0, top] },
      };
    }
    return { color: () => GREY, legend: [], ramp: null };
  }, [colorBy, meta, cde, cosh]);
}
