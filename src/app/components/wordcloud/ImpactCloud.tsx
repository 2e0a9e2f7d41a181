import type { ReactNode } from 'react';
import { ImpactBars } from './ImpactBars.tsx';
import type { CloudWord } from './cloudLayout.ts';
import { WordCloud } from './WordCloud.tsx';

/** From this width on, the bar list stands beside the cloud instead of under it. */
const BESIDE_FROM = 800;
const BARS_WIDTH = 320;
const GAP = 16;

/**
 * A titled word cloud of impacts with the same numbers as a sorted bar list under it, or beside
 * it when there is room (DILCA/SAnDCat, Ienco et al. 2016, Figs. 4, 10, 11: an attribute's font size proportional to its
 * impact).
 */
export function ImpactCloud({
  title,
  words,
  width,
  note,
}: {
  title: string;
  words: CloudWord[];
  width: number;
  note?: ReactNode;
}) {
  const beside = width >= BESIDE_FROM;
  return (
    <figure className={`impact-cloud${beside ? ' beside' : ''}`} data-testid="impact-cloud">
      <h3>{title}</h3>
      {note}
      <div className="impact-cloud-body" style={{ columnGap: GAP }}>
        <WordCloud
          words={words}
          width={beside ? width - BARS_WIDTH - GAP : width}
          label={`${title}: word cloud`}
        />
        <div className="impact-bars-scroll" style={beside ? { width: BARS_WIDTH } : undefined}>
          <ImpactBars words={words} label={`${title}: impacts, largest first`} />
        </div>
      </div>
    </figure>
  );
}
