import { useMemo } from 'react';
import { ImpactCloud } from '../components/wordcloud/ImpactCloud.tsx';
import type { CloudWord } from '../components/wordcloud/cloudLayout.ts';
import { useWidth } from '../components/useWidth.ts';
import { formatScore } from '../model/numberFormat.ts';
import { rowName } from '../model/rowNames.ts';
import { valueName } from '../model/values.ts';
import { attributeItems } from '../model/numberTables.ts';
import type { ObjectExplanations } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { useObjectValues } from './useObjectValues.ts';

/** Selected objects averaged at most (the mean of a larger selection is of its first ones). */
const MEAN_OF = 5000;

/**
 * Why the shown objects score as they do, for any detector: its explanation terms (one per
 * attribute, the detector's own definition) as a word cloud and a bar list. One object: its
 * values, named "attribute = value"; a selection: the mean of its objects' terms, by attribute.
 * Positive terms size the cloud's words (the layout counts a negative one as 0); the bars show
 * each term with its sign, and the terms that lower the score are also named in the note.
 */
export function ObjectExplanation({
  meta,
  explanations,
  objects,
}: {
  meta: TableMeta;
  explanations: ObjectExplanations;
  /** The selected objects, or the top-ranked one when nothing is selected. */
  objects: number[];
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const single = objects.length === 1 ? (objects[0] as number) : null;
  const codes = useObjectValues(single === null ? [] : [single]).get(single ?? -1) ?? null;
  const terms = useMemo(() => meanTerms(explanations, objects), [explanations, objects]);
  const words = useMemo<CloudWord[]>(
    () =>
      meta.attributes.map((a, k) => ({
        text: codes ? valueName(meta, a.offset + (codes[k] ?? 0)) : a.name,
        value: terms[k] ?? 0,
      })),
    [meta, codes, terms],
  );
  // Word k is attribute k: with its value for one object, by attribute alone for a mean.
  const numbers = useMemo(
    () => ({
      items: codes
        ? {
            heads: ['attribute', 'value'],
            count: meta.attributes.length,
            cells: (k: number) => {
              const a = meta.attributes[k];
              return [a?.name ?? '', a?.labels[codes[k] ?? 0] ?? ''];
            },
          }
        : attributeItems(meta.attributes),
      title: codes ? 'term' : 'mean term',
    }),
    [meta, codes],
  );
  const lowering = words.filter((w) => w.value < 0);
  const who =
    single !== null
      ? rowName(meta, single)
      : `the mean of ${objects.length.toLocaleString('en-US')} selected objects`;
  return (
    <div ref={ref} data-testid="explanation" data-objects={objects.slice(0, 50).join(',')}>
      <ImpactCloud
        title={`Why ${who} scores as it does`}
        words={words}
        width={Math.max(240, width)}
        numbers={numbers}
        note={
          <p className="muted" data-testid="explanation-definition">
            {explanations.definition}; {explanations.relationText}.
            {lowering.length > 0 &&
              ` Lowering the score: ${lowering
                .map((w) => `${w.text} (${formatScore(w.value)})`)
                .join(', ')}.`}
          </p>
        }
      />
    </div>
  );
}

/** The mean over `objects` of each attribute's term. */
export function meanTerms(e: ObjectExplanations, objects: number[]): Float64Array {
  const out = new Float64Array(e.dims);
  const used = objects.slice(0, MEAN_OF);
  for (const r of used)
    for (let a = 0; a < e.dims; a++)
      out[a] = (out[a] as number) + (e.values[r * e.dims + a] as number);
  if (used.length > 0) for (let a = 0; a < e.dims; a++) out[a] = (out[a] as number) / used.length;
  return out;
}
