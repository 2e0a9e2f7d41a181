import { useEffect } from 'react';
import type { Call } from '../../core/platform/spec.ts';
import { useStore } from '../store/index.ts';
import { colorChoices } from '../store/colorChoices.ts';
import { useSettledResults } from '../store/settledResults.ts';

const NO_ATTRIBUTES: readonly { name: string }[] = [];
const NO_CHOICES: ReturnType<typeof colorChoices> = [];

/**
 * The status of the result the objects are coloured by (null when they are not): a colouring
 * restored from a link, or whose result was cleared with its table, is computed again.
 */
function useColouringResult(): 'running' | 'failed' | 'done' | null {
  const colorBy = useStore((s) => s.colorBy);
  const status = useStore((s) => {
    if (s.colorBy.kind !== 'result') return null;
    const entry = s.results[s.colorBy.key] as
      { status: 'running' | 'done' | 'failed' | 'cancelled' } | undefined;
    return entry?.status ?? 'missing';
  });
  const loaded = useStore((s) => s.loaded !== null);
  useEffect(() => {
    if (colorBy.kind !== 'result' || !loaded || status !== 'missing') return;
    const { ensure, setColorBy } = useStore.getState();
    try {
      const key = ensure(JSON.parse(colorBy.key) as Call);
      if (key !== colorBy.key) setColorBy({ ...colorBy, key });
    } catch {
      setColorBy({ kind: 'none' }); // a call this table cannot run
    }
  }, [colorBy, status, loaded]);
  if (status === null) return null;
  if (status === 'failed' || status === 'cancelled') return 'failed';
  return status === 'done' ? 'done' : 'running';
}

/**
 * The top bar's "Colour by" menu: nothing, the class, an attribute's values, or a result (a
 * clustering or a score); a clustering not computed yet is run when chosen. It follows results
 * as they arrive.
 */
export function ColourBySelect() {
  const colorBy = useStore((s) => s.colorBy);
  const setColorBy = useStore((s) => s.setColorBy);
  const ensure = useStore((s) => s.ensure);
  const results = useSettledResults();
  const hasClass = useStore((s) => s.loaded?.meta.classColumn != null);
  const nRows = useStore((s) => s.loaded?.meta.nRows ?? null);
  // A counts file has no objects to colour by a clustering or a score.
  const rowless = useStore((s) => s.loaded?.meta.rowless === true);
  const choices = rowless ? NO_CHOICES : colorChoices(results, nRows);
  const colouring = useColouringResult();
  // Selected as it is (a fresh [] from the selector would re-render forever).
  const attributes = useStore((s) => s.loaded?.meta.attributes) ?? NO_ATTRIBUTES;
  const current =
    colorBy.kind === 'result'
      ? `result:${colorBy.key}:${colorBy.name}`
      : colorBy.kind === 'attribute'
        ? `attribute:${colorBy.attribute}`
        : colorBy.kind;
  return (
    <label>
      Colour by
      <select
        value={current}
        aria-label="Colour by"
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'none' || v === 'class') return setColorBy({ kind: v });
          if (v.startsWith('attribute:'))
            return setColorBy({ kind: 'attribute', attribute: Number(v.slice(10)) });
          // A computed result's option is named by its key; a clustering to run by its index.
          const choice = v.startsWith('result:')
            ? choices.find((c) => c.kind === 'result' && `result:${c.key}:${c.name}` === v)
            : choices[Number(v.slice('choice:'.length))];
          if (choice?.kind === 'result') setColorBy(choice);
          else if (choice?.kind === 'run') {
            const key = ensure(choice.call);
            setColorBy({ kind: 'result', key, name: 'partition' });
          }
        }}
      >
        <option value="none">nothing</option>
        <option value="class" disabled={!hasClass}>
          class{hasClass ? '' : ' (choose a class column)'}
        </option>
        {attributes.length > 0 && (
          <optgroup label="an attribute’s values">
            {attributes.map((a, i) => (
              <option key={a.name} value={`attribute:${i}`}>
                {a.name}
              </option>
            ))}
          </optgroup>
        )}
        {colorBy.kind === 'result' &&
          !choices.some((c) => c.kind === 'result' && c.key === colorBy.key) && (
            <option value={current}>
              {colouring === 'failed' ? `${colorBy.name}: could not be computed` : 'computing…'}
            </option>
          )}
        {choices.map((c, i) => (
          <option key={i} value={c.kind === 'result' ? `result:${c.key}:${c.name}` : `choice:${i}`}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
