/**
 * A detector's AUC over resamples of the objects (bootstrap.ts): the objects ordered by score
 * once, in runs of tied scores, then each resample's AUC in one pass — every outlier drawn w
 * times beats the normal objects drawn below its run and ties half of those in its run (the
 * Mann–Whitney statistic of partitions.ts's `auc`, each object counted as often as drawn).
 */
export interface ScoreRuns {
  /** Objects by ascending score. */
  order: Int32Array;
  /** Where each run of tied scores ends in `order` (exclusive), ascending. */
  ends: Int32Array;
}

export function scoreRuns(scores: ArrayLike<number>): ScoreRuns {
  const order = Int32Array.from({ length: scores.length }, (_, i) => i).sort(
    (a, b) => (scores[a] as number) - (scores[b] as number),
  );
  const ends: number[] = [];
  for (let i = 1; i <= order.length; i++)
    if (i === order.length || scores[order[i] as number] !== scores[order[i - 1] as number])
      ends.push(i);
  return { order, ends: Int32Array.from(ends) };
}

/** AUC of the outliers (`positive`) over one resample (`weights` by object); NaN without both kinds drawn. */
export function resampledAuc(
  runs: ScoreRuns,
  positive: ArrayLike<boolean>,
  weights: Int32Array,
): number {
  let below = 0; // normal objects drawn with a lower score
  let wins = 0;
  let pos = 0;
  let start = 0;
  for (const end of runs.ends) {
    let runPos = 0;
    let runNeg = 0;
    for (let r = start; r < end; r++) {
      const i = runs.order[r] as number;
      if (positive[i]) runPos += weights[i] as number;
      else runNeg += weights[i] as number;
    }
    wins += runPos * (below + runNeg / 2);
    below += runNeg;
    pos += runPos;
    start = end;
  }
  return pos > 0 && below > 0 ? wins / (pos * below) : Number.NaN;
}
