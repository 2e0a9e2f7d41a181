import { interpolateLab } from 'd3';
import { useMemo } from 'react';
import type { CloudLayoutRequest, CloudWord } from './cloudLayout.ts';
import { useCloudLayout } from './useCloudLayout.ts';
import { useTourHighlight } from '../tourHighlight.ts';

/** The font of the cloud's words: measured in the worker with it, drawn in the SVG with it. */
export const CLOUD_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
/** Font size of the largest value (px) when everything fits; the scale shrinks until it does. */
export const CLOUD_MAX_FONT = 56;
/** Readability floor (px): a word whose proportional size is smaller is drawn at this size. */
export const CLOUD_MIN_FONT = 10;

/** Space kept above and below the words when the cloud is cropped to them (px). */
const MARGIN = 10;

/** One hue (blue), darker for a higher rank; both ends have a contrast over 5:1 on white. */
const rankColor = interpolateLab('#0b2a5b', '#3b6eaa');

/** A height for a cloud of `n` words at this width. */
export function cloudHeight(width: number, n: number): number {
  return Math.round(Math.min(420, Math.max(200, width * 0.45 + n * 2.5)));
}

/**
 * A word cloud: each word's font size proportional to its value (size = scale × value, the
 * scale chosen so that every word is placed; see layout.ts), laid out in a worker, drawn as SVG
 * text (never markup: the words are names from the user's file). Each word carries its name in
 * `data-word` and its exact value in a tooltip. While a new layout runs, the previous one stays,
 * faded.
 */
export function WordCloud({
  words,
  width,
  height,
  label,
  seed = 1,
}: {
  words: CloudWord[];
  width: number;
  height?: number;
  /** What the cloud shows, for screen readers (the bar list beside it has the numbers). */
  label: string;
  seed?: number;
}) {
  const h = height ?? cloudHeight(width, words.length);
  const request = useMemo<CloudLayoutRequest | null>(
    () =>
      width > 0 && words.length > 0
        ? {
            words,
            width,
            height: h,
            seed,
            fontFamily: CLOUD_FONT,
            maxFontSize: CLOUD_MAX_FONT,
            minFontSize: CLOUD_MIN_FONT,
          }
        : null,
    [words, width, h, seed],
  );
  const { layout, current, error, ms, where } = useCloudLayout(request);
  // A guided tour's step may point at words (attribute names): drawn bold and outlined.
  const tourWords = useTourHighlight()?.words;
  // Rank of each placed word among the layout's words (0 = largest; equal values share a rank).
  const rank = useMemo(() => {
    const placed = layout?.placed ?? [];
    const v = placed.map((p) => (Number.isFinite(p.value) ? p.value : -Infinity));
    return v.map((x) => {
      let above = 0;
      for (const y of v) if (y > x) above++;
      return placed.length > 1 ? above / (placed.length - 1) : 0;
    });
  }, [layout]);
  const w = layout?.width ?? Math.max(0, Math.floor(width));
  // Cropped to the placed words (centred by the layout), with a margin.
  const hh = layout ? Math.min(layout.height, Math.ceil(layout.content.height) + 2 * MARGIN) : h;
  const missing = current && layout ? layout.missing.map((i) => words[i]?.text ?? String(i)) : [];
  return (
    <div className="word-cloud">
      <svg
        data-testid="word-cloud"
        data-words={words.length}
        data-placed={current && layout ? layout.placed.length : undefined}
        data-missing={missing.length > 0 ? missing.length : undefined}
        data-state={error ? 'failed' : current ? 'done' : 'laying-out'}
        data-attempts={current && layout ? layout.attempts : undefined}
        data-scale={current && layout ? layout.scale.toPrecision(4) : undefined}
        data-layout-ms={ms !== null ? Math.round(ms) : undefined}
        data-layout-where={where ?? undefined}
        width={w}
        height={hh}
        viewBox={`0 0 ${w} ${hh}`}
        role="img"
        aria-label={label}
      >
        <g
          transform={`translate(${w / 2}, ${hh / 2})`}
          opacity={current ? 1 : 0.35}
          fontFamily={CLOUD_FONT}
          textAnchor="middle"
        >
          {layout?.placed.map((p, i) => (
            <text
              key={p.index}
              data-word={p.text}
              data-highlight={tourWords?.includes(p.text) ? 'tour' : undefined}
              x={p.x}
              y={p.y}
              fontSize={p.size}
              fill={rankColor(rank[i] ?? 0)}
            >
              <title>{`${p.text}: ${p.value}`}</title>
              {p.display}
            </text>
          ))}
        </g>
      </svg>
      {error && (
        <p className="cloud-note error" data-testid="cloud-error">
          The cloud could not be laid out: {error}
        </p>
      )}
      {missing.length > 0 && (
        <p className="cloud-note error" data-testid="cloud-missing">
          Not placed in the cloud even at {layout?.minFontSize} px (no room): {missing.join(', ')}.
          Their numbers are in the list.
        </p>
      )}
      {current && layout && layout.truncated > 0 && (
        <p className="cloud-note muted">
          {layout.truncated === 1 ? 'A name wider' : `${layout.truncated} names wider`} than the
          cloud {layout.truncated === 1 ? 'is' : 'are'} shortened with “…” (full names in the
          tooltips and the list).
        </p>
      )}
    </div>
  );
}
