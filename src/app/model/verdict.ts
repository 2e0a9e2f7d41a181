import type { Cell, VerdictNoise } from '../../core/platform/results.ts';
import { formatMeanSd } from './values.ts';
import { formatScore } from './numberFormat.ts';

/**
 * The one sentence a comparison ends with (issue 48): which method leads on a measure, which
 * others are within noise of it, which trail, and where chance lies. Noise is each method's spread
 * over its fits (seeds or folds): two methods differ when their means are more than two standard
 * errors of the difference apart (√(sd₁² + sd₂²), the spread of one fit each), a rule fixed here,
 * not tuned to a table. With one fit each there is no spread, and the sentence says so. When the
 * step measured its noise by resampling the objects (`noise`, core/evaluation/bootstrap.ts), the
 * paired intervals decide instead: a method is within noise of the leader when the 95 % interval
 * of its difference from the leader holds 0, and no better than chance when its own interval
 * reaches chance.
 */
export interface Verdict {
  /** The leading method's title, or null when nothing was measured. */
  best: string | null;
  /** Methods within noise of the best (the best itself excluded). */
  level: string[];
  /** Methods clearly behind. */
  behind: string[];
  /** Methods not clearly above chance (when chance is known). */
  atChance: string[];
  sentence: string;
}

/** How far apart two means must be, in standard deviations of their difference. */
export const NOISE_SDS = 2;

interface Measured {
  title: string;
  mean: number;
  sd: number | null;
}

function measured(title: string, cell: Cell | undefined): Measured | null {
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { title, mean: cell, sd: null } : null;
  if (cell && typeof cell === 'object' && 'mean' in cell && Number.isFinite(cell.mean))
    return { title, mean: cell.mean, sd: Number.isFinite(cell.sd) ? cell.sd : null };
  return null;
}

const list = (names: readonly string[]): string =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export function verdict(
  rows: readonly { title: string; cell: Cell | undefined }[],
  measure: string,
  {
    higherIsBetter = true,
    chance = null,
    noise,
  }: { higherIsBetter?: boolean; chance?: number | null; noise?: VerdictNoise } = {},
): Verdict {
  if (noise) return resampledVerdict(rows, measure, noise, higherIsBetter, chance);
  const all = rows.flatMap((r) => measured(r.title, r.cell) ?? []);
  if (all.length === 0)
    return {
      best: null,
      level: [],
      behind: [],
      atChance: [],
      sentence: `No method has been measured on ${measure} yet.`,
    };
  const sign = higherIsBetter ? 1 : -1;
  const sorted = [...all].sort((x, y) => sign * (y.mean - x.mean));
  const best = sorted[0] as Measured;
  const spread = all.every((m) => m.sd !== null);
  const apart = (m: Measured): boolean =>
    spread
      ? sign * (best.mean - m.mean) > NOISE_SDS * Math.hypot(best.sd ?? 0, m.sd ?? 0)
      : m.mean !== best.mean;
  const others = sorted.slice(1);
  const level = others.filter((m) => !apart(m)).map((m) => m.title);
  const behind = others.filter(apart).map((m) => m.title);
  const atChance =
    chance === null
      ? []
      : all
          .filter((m) => sign * (m.mean - chance) <= (spread ? NOISE_SDS * (m.sd ?? 0) : 0))
          .map((m) => m.title);
  const shown = (m: Measured) =>
    m.sd === null ? formatScore(m.mean) : formatMeanSd({ mean: m.mean, sd: m.sd });
  const parts = [`${best.title} leads on ${measure} (${shown(best)})`];
  if (!spread)
    parts.push(
      'each method was fitted once, so its spread is unknown: re-fit with several seeds to tell a difference from noise',
    );
  else if (level.length > 0)
    parts.push(`${list(level)} ${level.length === 1 ? 'is' : 'are'} within noise of it`);
  else if (others.length > 0) parts.push('every other method is clearly behind');
  parts.push(...closingClauses(spread ? behind : [], level, atChance, chance));
  return { best: best.title, level, behind, atChance, sentence: `${parts.join('; ')}.` };
}

/** The verdict from the paired intervals of resampled objects (see `verdict`). */
function resampledVerdict(
  rows: readonly { title: string; cell: Cell | undefined }[],
  measure: string,
  noise: VerdictNoise,
  higherIsBetter: boolean,
  chance: number | null,
): Verdict {
  const sign = higherIsBetter ? 1 : -1;
  const measuredTitles = new Set(rows.flatMap((r) => (measured(r.title, r.cell) ? [r.title] : [])));
  const rowsOf = noise.rows.filter((r) => measuredTitles.has(r.title));
  const lead = rowsOf.find((r) => r.title === noise.leader);
  const best = rows.find((r) => r.title === noise.leader);
  const point = best ? measured(best.title, best.cell) : null;
  if (!lead || !point) return verdict(rows, measure, { higherIsBetter, chance });
  const others = rowsOf
    .filter((r) => r !== lead)
    .sort((a, b) => a.behindLow + a.behindHigh - (b.behindLow + b.behindHigh));
  // Behind: the whole interval of the difference lies above 0 (an undefined one, NaN, is not).
  const level = others.filter((r) => !(r.behindLow > 0)).map((r) => r.title);
  const behind = others.filter((r) => r.behindLow > 0).map((r) => r.title);
  const atChance =
    chance === null
      ? []
      : rowsOf
          .filter((r) => !(sign * ((higherIsBetter ? r.low : r.high) - chance) > 0))
          .map((r) => r.title);
  const parts = [
    `${lead.title} leads on ${measure} (${formatScore(point.mean)}, 95 % interval ${formatScore(lead.low)}–${formatScore(lead.high)})`,
  ];
  if (level.length > 0)
    parts.push(
      `${list(level)} ${level.length === 1 ? 'is' : 'are'} within noise of it (the interval of the difference holds 0)`,
    );
  else if (others.length > 0) parts.push('every other method is clearly behind');
  parts.push(...closingClauses(behind, level, atChance, chance));
  return {
    best: lead.title,
    level,
    behind,
    atChance,
    sentence: `${parts.join('; ')}. Noise: ${noise.resamples} resamples of the ${noise.objects.toLocaleString('en-US')} objects, the same for every method.`,
  };
}

/**
 * The sentence's last clauses, one verdict or the other: who trails (said once some are level;
 * otherwise "every other method is clearly behind" has said it), and where chance lies.
 */
function closingClauses(
  behind: readonly string[],
  level: readonly string[],
  atChance: readonly string[],
  chance: number | null,
): string[] {
  const clauses: string[] = [];
  if (behind.length > 0 && level.length > 0)
    clauses.push(`${list(behind)} ${behind.length === 1 ? 'trails' : 'trail'}`);
  if (chance !== null)
    clauses.push(
      atChance.length === 0
        ? `all lie above chance (${formatScore(chance)})`
        : `${list(atChance)} ${atChance.length === 1 ? 'is' : 'are'} no better than chance (${formatScore(chance)})`,
    );
  return clauses;
}
