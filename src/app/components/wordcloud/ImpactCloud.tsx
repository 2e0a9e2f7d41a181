import { useCallback, useRef, type ReactNode } from 'react';
import { itemTable, type MatrixItems } from '../../model/numberTables.ts';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportNumbers } from '../export/exportHooks.ts';
import { ImpactBars } from './ImpactBars.tsx';
import type { CloudWord } from './cloudLayout.ts';
import { WordCloud } from './WordCloud.tsx';

/** From this width on, the bar list stands beside the cloud instead of under it. */
const BESIDE_FROM = 800;
const BARS_WIDTH = 320;
const GAP = 16;

/**
 * What names each word in the export (its attribute, or its attribute and value), word k being
 * item k, and the title of the numbers' column ("impact", "term").
 */
export interface CloudNumbers {
  items: Pick<MatrixItems, 'heads' | 'count' | 'cells'>;
  title: string;
}

/**
 * A titled word cloud of impacts with the same numbers as a sorted bar list under it, or beside
 * it when there is room (DILCA/SAnDCat, Ienco et al. 2016, Figs. 4, 10, 11: an attribute's font size proportional to its
 * impact). The panel's CSV and JSON export the words' numbers, named by `numbers`, at full
 * precision in the words' (file) order, not the bars' (the bars show 4 digits).
 */
export function ImpactCloud({
  title,
  words,
  width,
  note,
  numbers,
}: {
  title: string;
  words: CloudWord[];
  width: number;
  note?: ReactNode;
  numbers: CloudNumbers;
}) {
  const beside = width >= BESIDE_FROM;
  const ref = useRef<HTMLElement>(null);
  const table = useCallback(
    () =>
      itemTable(title, { ...numbers.items, count: words.length }, [
        { title: numbers.title, value: (k) => words[k]?.value },
      ]),
    [title, words, numbers],
  );
  useExportNumbers(ref, table);
  return (
    <figure
      ref={ref}
      className={`impact-cloud${beside ? ' beside' : ''}`}
      data-testid="impact-cloud"
      {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
    >
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
