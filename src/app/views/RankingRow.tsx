import { interpolateReds, scaleSequentialSqrt, type ScaleSequential } from 'd3';
import { useMemo } from 'react';
import type {
  ObjectExplanations,
  ObjectImpacts,
  ObjectScores,
  ValueScores,
} from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { formatScore } from '../model/numberFormat.ts';
import { lineOf, rowName } from '../model/rowNames.ts';
import { valueName } from '../model/values.ts';
import { useStore } from '../store/index.ts';

/** Lines listed in a tied group's summary before “…”. */
const GROUP_LINES = 8;
/** Values shown per ranked object: those with the largest scores. */
const CHIPS = 5;

/**
 * An object's values (global value indices), each with its score: its impact on the attribute
 * when `impacts` is given, else the value's score; largest first when either is given, else in
 * attribute order with score 0.
 */
export function contributions(
  meta: TableMeta,
  values: ValueScores | null,
  codes: Int32Array,
  impacts: ArrayLike<number> | null,
): { v: number; score: number }[] {
  const out = meta.attributes.map((a, k) => {
    const v = a.offset + (codes[k] ?? 0);
    return { v, score: impacts ? (impacts[k] ?? 0) : (values?.scores[v] ?? 0) };
  });
  return values || impacts ? out.sort((x, y) => y.score - x.score) : out;
}

/**
 * Row `r`'s terms per attribute that order its chips: its impacts when the detector has them,
 * else its terms of the score when the detector has neither value scores nor impacts (and the
 * explanations reach the row), else null (the value scores order them).
 */
export function rowTerms(
  r: number,
  D: number,
  valueScores: ValueScores | null,
  impacts: ObjectImpacts | null,
  explanations: ObjectExplanations | null,
): Float64Array | null {
  if (impacts) return impacts.values.subarray(r * D, r * D + D);
  if (!valueScores && explanations && r < explanations.n)
    return explanations.values.subarray(r * D, r * D + D);
  return null;
}

/** What a chip's score is, for its title. */
export function chipScoreName(impacts: unknown, valueScores: unknown): string {
  return impacts ? 'distance impact' : valueScores ? 'value score' : 'term of the score';
}

/** The button of a tied group: its size and first GROUP_LINES lines, “…” past them. */
export function tiedGroupLabel(meta: TableMeta, group: readonly number[]): string {
  const lines = group
    .slice(0, GROUP_LINES)
    .map((x) => lineOf(meta, x))
    .join(', ');
  return `${group.length} identical rows, lines ${lines}${group.length > GROUP_LINES ? ', …' : ''}`;
}

/** What a ranking row shows of the detector's scores, and the colour scale of its value chips. */
export interface RowScores {
  scores: ObjectScores;
  valueScores: ValueScores | null;
  /** Per object and attribute (SAnDCat's distance impact): the chips' order and colour. */
  impacts: ObjectImpacts | null;
  /** Each object's terms of its score: the chips' order without value scores or impacts. */
  explanations: ObjectExplanations | null;
  valueScale: ScaleSequential<string>;
}

export function useRowScores(
  scores: ObjectScores,
  valueScores: ValueScores | null,
  impacts: ObjectImpacts | null,
  explanations: ObjectExplanations | null,
): RowScores {
  const valueScale = useMemo(() => {
    let max = 0;
    for (const x of impacts?.values ?? valueScores?.scores ?? []) if (x > max) max = x;
    return scaleSequentialSqrt(interpolateReds).domain([0, max || 1]);
  }, [valueScores, impacts]);
  return {
    scores,
    valueScores,
    impacts,
    explanations,
    valueScale,
  };
}

/**
 * One object of the ranking: rank, line (and its tied group's button), score, class, its values
 * as chips, and the feedback cell; a click selects it, hovering lights it in every view.
 */
export function RankingRow({
  row: r,
  rank,
  group,
  expanded,
  onToggleGroup,
  selected,
  codes,
  meta,
  rowScores,
  onMarkNormal,
  learned,
}: {
  row: number;
  rank: number;
  /** The tied group this row leads, or null. */
  group: readonly number[] | null;
  expanded: boolean;
  onToggleGroup(): void;
  selected: boolean;
  /** Its value codes; undefined while they are fetched. */
  codes: Int32Array | undefined;
  meta: TableMeta;
  rowScores: RowScores;
  onMarkNormal: ((row: number) => void) | null;
  learned: ((row: number) => boolean) | null;
}) {
  const setSelectedObjects = useStore((s) => s.setSelectedObjects);
  const setHover = useStore((s) => s.setHover);
  const { scores } = rowScores;
  const cls = meta.classColumn;
  return (
    <tr
      data-row={r}
      className={`clickable${selected ? ' selected' : ''}`}
      onClick={() => setSelectedObjects([r])}
      onPointerEnter={() => setHover({ kind: 'objects', objects: [r] })}
      onPointerLeave={() => setHover(null)}
    >
      <td>{rank + 1}</td>
      <td>
        {lineOf(meta, r)}
        {group && (
          <button
            type="button"
            className="small tied-group"
            data-testid="tied-group"
            aria-expanded={expanded}
            title={`Lines ${group.map((x) => lineOf(meta, x)).join(', ')}`}
            onClick={(e) => {
              e.stopPropagation();
              onToggleGroup();
            }}
          >
            {tiedGroupLabel(meta, group)}
          </button>
        )}
      </td>
      <td data-score={scores.scores[r] ?? 0}>{formatScore(scores.scores[r] ?? 0)}</td>
      {cls && <td>{cls.labels[cls.codes[r] ?? 0]}</td>}
      <td style={{ textAlign: 'left', whiteSpace: 'normal' }}>
        {codes ? <ValueChips row={r} codes={codes} meta={meta} rowScores={rowScores} /> : '…'}
      </td>
      {onMarkNormal && learned?.(r) === true && (
        <td className="muted" title="The model already learns from this object">
          training
        </td>
      )}
      {onMarkNormal && learned?.(r) !== true && (
        <td>
          <button
            type="button"
            aria-label={`Mark ${rowName(meta, r)} normal`}
            title="This object is normal: add it to the training set and learn the model again"
            onClick={(e) => {
              e.stopPropagation();
              onMarkNormal(r);
            }}
          >
            normal
          </button>
        </td>
      )}
    </tr>
  );
}

/**
 * An object's values as chips, those with the largest scores (or impacts, or terms of its
 * score) first, coloured by them; CHIPS of them, then how many more.
 */
function ValueChips({
  row: r,
  codes,
  meta,
  rowScores,
}: {
  row: number;
  codes: Int32Array;
  meta: TableMeta;
  rowScores: RowScores;
}) {
  const { valueScores, impacts, explanations, valueScale } = rowScores;
  const D = meta.attributes.length;
  return (
    <>
      {contributions(
        meta,
        valueScores,
        codes,
        rowTerms(r, D, valueScores, impacts, explanations),
      ).map(({ v, score }, k) =>
        k < CHIPS ? (
          <span
            key={v}
            className="chip"
            title={`${chipScoreName(impacts, valueScores)} ${formatScore(score)}`}
            style={{
              background: valueScale(score),
              color: score > valueScale.domain()[1] * 0.5 ? '#fff' : '#111',
            }}
          >
            {valueName(meta, v)}
          </span>
        ) : k === CHIPS ? (
          <span key={v} className="muted">
            {' '}
            +{meta.attributes.length - CHIPS} more
          </span>
        ) : null,
      )}
    </>
  );
}
