import { formatScore } from '../../model/numberFormat.ts';
import { memo } from 'react';
import type { CloudWord } from './cloudLayout.ts';
import { useTourHighlight } from '../tourHighlight.ts';

/** A value for ordering: not-a-number last. */
const key = (v: number): number => (Number.isNaN(v) ? -Infinity : v);

/**
 * The numbers of a word cloud as a list sorted largest first: name, a bar proportional to the
 * value (full = the largest), and the value to 4 decimals. The accessible form of the cloud.
 * Memoised: a resize re-lays the cloud out but leaves the list as it is.
 */
export const ImpactBars = memo(function ImpactBars({
  words,
  label,
}: {
  words: CloudWord[];
  label: string;
}) {
  const sorted = words
    .map((w, i) => ({ ...w, i }))
    .sort((a, b) => key(b.value) - key(a.value) || a.i - b.i);
  const tourWords = useTourHighlight()?.words;
  let max = 0;
  for (const w of words) if (Number.isFinite(w.value) && w.value > max) max = w.value;
  return (
    <ol className="impact-bars" data-testid="impact-bars" aria-label={label}>
      {sorted.map((w) => {
        const fraction = max > 0 && Number.isFinite(w.value) ? Math.max(0, w.value) / max : 0;
        return (
          <li
            key={w.i}
            data-word={w.text}
            data-value={String(w.value)}
            data-highlight={tourWords?.includes(w.text) ? 'tour' : undefined}
          >
            <span className="impact-name" title={w.text}>
              {w.text}
            </span>
            <span className="impact-bar" aria-hidden="true">
              <span style={{ width: `${(100 * fraction).toFixed(2)}%` }} />
            </span>
            <span className="impact-number">{formatScore(w.value)}</span>
          </li>
        );
      })}
    </ol>
  );
});
