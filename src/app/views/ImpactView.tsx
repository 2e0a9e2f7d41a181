import { useEffect, useMemo, useState } from 'react';
import type { MethodOutput } from '../../core/platform/spec.ts';
import {
  findResult,
  resultsOfKind,
  type AttributeImpacts,
  type ObjectImpacts,
  type ObjectScores,
} from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { useWidth } from '../components/useWidth.ts';
import { ImpactCloud } from '../components/wordcloud/ImpactCloud.tsx';
import type { CloudWord } from '../components/wordcloud/cloudLayout.ts';
import { CLOUD_MAX_FONT, CLOUD_MIN_FONT } from '../components/wordcloud/WordCloud.tsx';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { ImpactInspector } from './ImpactInspector.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { rankedObjects } from '../model/values.ts';
import { attributeItems } from '../model/numberTables.ts';

/** Objects whose distance impact is shown when none is selected: the most anomalous. */
const TOP_OBJECTS = 10;
/** A cloud is never narrower than this; as many as fit stand side by side. */
const MIN_CLOUD_WIDTH = 340;
const GAP = 16;

/**
 * Attribute impacts as word clouds (SAnDCat, Ienco et al. 2016, Sec. IV-C, Figs. 4, 10, 11): an
 * attribute's font size is proportional to its impact. One cloud per attribute-impacts result
 * (the attribute model impact), and one of the mean attribute distance impact over the objects
 * selected in any linked view (a projection, the ranking, the data table), or over the most
 * anomalous objects when none is selected. Each cloud has its numbers as a sorted bar list.
 */
export function ImpactView({ panel }: { panel: Panel }) {
  return (
    <MethodPanel panel={panel} what="its attribute impacts">
      {(output, meta) => <Impacts output={output} meta={meta} />}
    </MethodPanel>
  );
}

/** The attribute names, one per feature attribute (a placeholder past the table's). */
export function attributeWords(meta: TableMeta, values: ArrayLike<number>): CloudWord[] {
  return Array.from({ length: values.length }, (_, k) => ({
    text: meta.attributes[k]?.name ?? `attribute ${k + 1}`,
    value: values[k] ?? 0,
  }));
}

/** The mean of the rows of `objects` (n × dims, row-major). */
export function meanImpact(impacts: ObjectImpacts, objects: readonly number[]): Float64Array {
  const mean = new Float64Array(impacts.dims);
  if (objects.length === 0) return mean;
  for (const i of objects)
    for (let k = 0; k < impacts.dims; k++) mean[k] += impacts.values[i * impacts.dims + k] ?? 0;
  for (let k = 0; k < impacts.dims; k++) mean[k] /= objects.length;
  return mean;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface CloudSpec {
  key: string;
  title: string;
  words: CloudWord[] | null;
  /** Said instead of a cloud when there is nothing to show. */
  empty?: string;
  /** The objects averaged (listed by the inspector). */
  objects?: number[];
}

/** How many of `count` parts are mounted: one more each animation frame, from one. */
function useMountedInTurn(count: number): number {
  const [mounted, setMounted] = useState(1);
  useEffect(() => {
    if (mounted >= count) return;
    const frame = requestAnimationFrame(() => setMounted((m) => m + 1));
    return () => cancelAnimationFrame(frame);
  }, [mounted, count]);
  return mounted;
}

/** The cloud of the objects' distance impact, averaged over the selection, else the most anomalous. */
function useDistanceCloud(
  objectImpacts: ObjectImpacts | null,
  scores: ObjectScores | null,
  selected: readonly number[],
  meta: TableMeta,
  training: ArrayLike<number> | null,
): CloudSpec | null {
  return useMemo((): CloudSpec | null => {
    if (!objectImpacts) return null;
    const n = objectImpacts.n;
    const chosen = selected.filter((i) => Number.isInteger(i) && i >= 0 && i < n);
    const head = objectImpacts.title || 'Attribute distance impact';
    if (chosen.length > 0)
      return {
        key: 'distance',
        title: `${head} — ${plural(chosen.length, 'selected object', 'selected objects')}`,
        words: attributeWords(meta, meanImpact(objectImpacts, chosen)),
        objects: chosen,
      };
    if (scores && scores.n === n) {
      // The ranking's top objects: training rows (SAnDCat's normal class) not among them.
      const top = rankedObjects(scores, Math.min(TOP_OBJECTS, n), training);
      return {
        key: 'distance',
        title: `${head} — the top ${plural(top.length, 'object', 'objects')} by score (none selected)`,
        words: attributeWords(meta, meanImpact(objectImpacts, top)),
        objects: top,
      };
    }
    return {
      key: 'distance',
      title: head,
      words: null,
      empty: 'No objects selected: select objects in a projection or the ranking.',
    };
  }, [objectImpacts, scores, selected, meta, training]);
}

function Impacts({ output, meta }: { output: MethodOutput; meta: TableMeta }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const selected = useStore((s) => s.selectedObjects);
  const models = useMemo(() => resultsOfKind(output.results, 'attribute-impacts'), [output]);
  const objectImpacts = findResult(output.results, 'object-impacts')?.result ?? null;
  const scores = findResult(output.results, 'object-scores')?.result ?? null;
  // SAnDCat's training rows (its normal class): ranked apart, as the ranking leaves them out.
  const training =
    output.results.training?.kind === 'object-partition' ? output.results.training.labels : null;

  const modelClouds = useMemo(
    () =>
      models.map(({ name, result }: { name: string; result: AttributeImpacts }) => ({
        key: name,
        title: result.title,
        words: attributeWords(meta, result.values),
      })),
    [models, meta],
  );

  const distanceCloud = useDistanceCloud(objectImpacts, scores, selected, meta, training);

  const clouds: CloudSpec[] = distanceCloud ? [...modelClouds, distanceCloud] : modelClouds;
  // Each cloud's word k is attribute k (attributeWords).
  const numbers = useMemo(
    () => ({ items: attributeItems(meta.attributes), title: 'impact' }),
    [meta],
  );
  const mounted = useMountedInTurn(clouds.length);
  const columns = Math.max(
    1,
    Math.min(clouds.length, Math.floor((width + GAP) / (MIN_CLOUD_WIDTH + GAP))),
  );
  const cloudWidth = Math.max(0, Math.floor((width - GAP * (columns - 1)) / columns));

  // The div is always there: its width is observed from the first render on.
  if (clouds.length === 0)
    return (
      <div ref={ref} data-testid="impact-view">
        <p className="muted">This method gives no attribute impacts.</p>
      </div>
    );
  return (
    <div ref={ref} data-testid="impact-view">
      <p className="muted impact-legend">
        Font size ∝ impact: k × impact in whole pixels, the largest at most {CLOUD_MAX_FONT} px, k
        shrunk until every attribute fits; sizes under {CLOUD_MIN_FONT} px are drawn at{' '}
        {CLOUD_MIN_FONT} px. Hover a word for its exact impact; the lists give every number.
      </p>
      <div
        className="impact-clouds"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: GAP }}
      >
        {width > 0 &&
          clouds.map((c, i) =>
            i >= mounted ? (
              // Mounted one per frame: each cloud and its bar list is a task of its own, so no
              // single task builds every cloud's DOM (a 60-attribute panel holds ~400 nodes).
              <figure key={c.key} className="impact-cloud" data-testid="impact-cloud-pending">
                <h3>{c.title}</h3>
              </figure>
            ) : c.words ? (
              <ImpactCloud
                key={c.key}
                title={c.title}
                words={c.words}
                width={cloudWidth}
                numbers={numbers}
              />
            ) : (
              <figure key={c.key} className="impact-cloud" data-testid="impact-cloud-empty">
                <h3>{c.title}</h3>
                <p className="muted">{c.empty}</p>
              </figure>
            ),
          )}
      </div>
      {objectImpacts && selected.length > 0 && distanceCloud?.objects && (
        <>
          <h3>Selected objects: values coloured by their attribute distance impact</h3>
          <ImpactInspector
            meta={meta}
            objects={distanceCloud.objects}
            impacts={objectImpacts}
            scores={scores}
            training={training}
          />
        </>
      )}
    </div>
  );
}
