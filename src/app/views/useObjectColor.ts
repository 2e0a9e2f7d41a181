import { formatScore } from '../model/numberFormat.ts';
import { quantize, scaleSequentialSqrt } from 'd3';
import { useEffect, useMemo, useState } from 'react';
import type { Result } from '../../core/platform/results.ts';
import { classPalette, labelColors, labelOrder, scorePalette } from '../model/colors.ts';
import { useStore } from '../store/index.ts';
import type { ColorCodes } from '../components/scatter/colorGroups.ts';

export interface ObjectColoring {
  color(i: number): string;
  /** The same colours as codes into a palette (the scatter groups points by them). */
  codes: ColorCodes | null;
  /** Legend entries for categorical colourings; a ramp description for scores. */
  legend: { label: string; color: string }[];
  ramp: { title: string; color(x: number): string; domain: [number, number] } | null;
  /** The value behind the colour of object i, for tables ("cluster 3", "0.412"). */
  valueOf: ((i: number) => string) | null;
  /** What the colour means ("k-means of CDE embedding (k = 7)"). */
  title: string | null;
}

const GREY = '#6b7280';
const NONE: ObjectColoring = {
  color: () => GREY,
  codes: null,
  legend: [],
  ramp: null,
  valueOf: null,
  title: null,
};

/** The result the store's colour-by points at, when it is computed. */
export function useColorResult(): Result | null {
  return useStore((s) => {
    const c = s.colorBy;
    if (c.kind !== 'result') return null;
    return s.results[c.key]?.output?.results[c.name] ?? null;
  });
}

/** Object colours for the store's colour-by choice: class, or any object partition or score. */
export function useObjectColor(): ObjectColoring {
  const colorBy = useStore((s) => s.colorBy);
  const meta = useStore((s) => s.loaded?.meta);
  const result = useColorResult();
  const codes = useAttributeCodes(colorBy.kind === 'attribute' ? colorBy.attribute : null);
  return useMemo((): ObjectColoring => {
    const cls = meta?.classColumn;
    const attribute = colorBy.kind === 'attribute' ? meta?.attributes[colorBy.attribute] : null;
    if (attribute && codes) {
      const palette = labelColors(attribute.labels);
      return {
        color: (i) => palette[codes[i] ?? 0] ?? GREY,
        codes: { codes, palette, fallback: GREY },
        legend: legendOf(attribute.labels, palette),
        ramp: null,
        valueOf: (i) => attribute.labels[codes[i] ?? 0] ?? '',
        title: attribute.name,
      };
    }
    if (colorBy.kind === 'class' && cls) {
      const palette = labelColors(cls.labels);
      return {
        color: (i) => palette[cls.codes[i] ?? 0] ?? GREY,
        codes: { codes: cls.codes, palette, fallback: GREY },
        legend: legendOf(cls.labels, palette),
        ramp: null,
        valueOf: null,
        title: cls.name,
      };
    }
    if (result?.kind === 'object-partition') {
      const palette = classPalette(result.k);
      return {
        color: (i) => palette[result.labels[i] ?? 0] ?? GREY,
        codes: { codes: result.labels, palette, fallback: GREY },
        legend: palette.map((color, c) => ({ label: `cluster ${c + 1}`, color })),
        ramp: null,
        valueOf: (i) => String((result.labels[i] ?? 0) + 1),
        title: result.title,
      };
    }
    if (result?.kind === 'object-scores') {
      const s = result.direction === 'higher-is-more-anomalous' ? 1 : -1;
      let lo = Infinity;
      let hi = -Infinity;
      for (const x of result.scores) {
        lo = Math.min(lo, s * x);
        hi = Math.max(hi, s * x);
      }
      // The ramp spans the scores' own range: SAnDCat's OS sit far from 0 (e.g. 50-68), and a
      // ramp from 0 would paint them all alike.
      const base = lo;
      const top = hi > base ? hi : base + 1;
      const scale = scaleSequentialSqrt(scorePalette).domain([base, top]);
      // 64 steps of the same sqrt ramp look continuous and keep the scatter's colour groups few.
      const steps = quantize(scorePalette, 64);
      // Each object's step, once (255, outside the steps, for a NaN score: grey).
      const step = new Uint8Array(result.scores.length);
      for (let i = 0; i < step.length; i++) {
        const x = (s * (result.scores[i] ?? 0) - base) / (top - base);
        step[i] = Number.isNaN(x) ? 255 : Math.round(63 * Math.sqrt(Math.min(1, Math.max(0, x))));
      }
      return {
        color: (i) => steps[step[i] ?? 0] ?? GREY,
        codes: { codes: step, palette: steps, fallback: GREY },
        legend: [],
        ramp: { title: result.title, color: (x) => scale(x), domain: [base, top] },
        valueOf: (i) => formatScore(result.scores[i] ?? 0),
        title: result.title,
      };
    }
    return NONE;
  }, [colorBy, meta, result, codes]);
}

/** A column's legend: its labels with their colours, ordered labels from the lowest. */
export function legendOf(labels: readonly string[], palette: readonly string[]) {
  const entries = labels.map((label, c) => ({ label, color: palette[c] ?? GREY }));
  const order = labelOrder(labels);
  return order ? order.map((c) => entries[c] as (typeof entries)[number]) : entries;
}

/** One attribute's code for every row, fetched from the worker (null until it arrives). */
function useAttributeCodes(attribute: number | null): Int32Array | null {
  const query = useStore((s) => s.query);
  const version = useStore((s) => s.tableVersion);
  const [codes, setCodes] = useState<{ key: string; codes: Int32Array } | null>(null);
  const key = `${version}:${attribute}`;
  useEffect(() => {
    if (attribute === null) return;
    let live = true;
    void query((api) => api.attributeCodes(attribute)).then((outcome) => {
      if (live && outcome.ok) setCodes({ key, codes: outcome.value });
    });
    return () => {
      live = false;
    };
  }, [attribute, key, query]);
  return attribute !== null && codes?.key === key ? codes.codes : null;
}
