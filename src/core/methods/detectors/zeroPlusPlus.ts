import type { ZeroOptions } from './zeroPlusPlusParameters.ts';
import { pacer, type Steps } from '../../base/jobs.ts';
import { createRandom, shuffleFront, type Random } from '../../base/random.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { badOption } from '../../base/errors.ts';

/**
 * ZERO++ (Pang, Ting, Albrecht, Jin, JAIR 57, 2016, "ZERO++: Harnessing the power of zero
 * appearances to detect anomalies in large-scale data sets"). An anomaly's value combinations
 * are rare, so in a small random sub-sample they are likely to appear zero times. An ensemble of
 * t members, each a sub-sample D_i of ψ fit rows (without replacement) and a random subspace
 * S_i of 2 features (one random pair per member, as our reference notes read the ensemble; the
 * paper's text was not at hand to check whether a member examines more subspaces):
 *   score(x) = (1/t) Σ_i 1[n_{D_i}(x_{S_i}) = 0]
 * where n_{D_i}(x_S) counts the rows of D_i holding x's values on S. Higher = more anomalous;
 * the score is in [0, 1]. Defaults t = 50, ψ = 8 (the paper's). A table of one feature uses
 * that feature alone as the subspace. The model is t × ψ value pairs: constant space, and
 * scoring is linear in the scored rows.
 */
/** One member: its subspace and the sorted keys of the value pairs its sub-sample holds. */
export type { ZeroOptions };

/** One member: its subspace and the sorted keys of the value pairs its sub-sample holds. */
export interface ZeroMember {
  a: number;
  b: number;
  keys: Float64Array;
}

/**
 * One member's draw: its subspace {a, b} and its sub-sample as positions into the fit rows. The
 * draws depend on the number of fit rows, the number of features and the seed alone, so an
 * engine holding the rows elsewhere (outliers-sql) draws the same members.
 */
export interface ZeroDraw {
  a: number;
  b: number;
  positions: Int32Array;
}

/** The t members' draws over nFit fit rows and D features. */
export function zeroDraws(nFit: number, D: number, options: ZeroOptions): ZeroDraw[] {
  if (nFit === 0) throw badOption('ZERO++ needs at least one row to learn from');
  const rng = createRandom(options.seed);
  const psi = Math.min(options.n, nFit);
  const pool = Int32Array.from({ length: nFit }, (_, i) => i);
  const draws: ZeroDraw[] = [];
  for (let i = 0; i < options.t; i++) {
    // The first ψ entries become a uniform sample without replacement.
    shuffleFront(pool, psi, rng);
    const [a, b] = randomPair(rng, D);
    draws.push({ a, b, positions: pool.slice(0, psi) });
  }
  return draws;
}

/** Draws the t members from the fit rows. */
export function zeroMembers(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: ZeroOptions,
): ZeroMember[] {
  return zeroDraws(fitRows.length, table.attributes.length, options).map(({ a, b, positions }) => {
    const { ca, cb, nb } = pairCodes(table, a, b);
    const keys = Float64Array.from(positions, (p) => {
      const r = fitRows[p] as number;
      return (ca[r] as number) * nb + (cb[r] as number);
    });
    keys.sort();
    return { a, b, keys };
  });
}

/** Two distinct features, uniformly (the same feature twice when the table has one). */
function randomPair(rng: Random, D: number): [number, number] {
  if (D === 1) return [0, 0];
  const a = rng.int(D);
  let b = rng.int(D - 1);
  if (b >= a) b++;
  return [a, b];
}

/** The codes of features a and b, and how a row's pair of values becomes one number. */
function pairCodes(
  table: CategoricalTable,
  a: number,
  b: number,
): { ca: Int32Array; cb: Int32Array; nb: number } {
  const B = table.attributes[b] as { codes: Int32Array; labels: string[] };
  return {
    ca: (table.attributes[a] as { codes: Int32Array }).codes,
    cb: B.codes,
    nb: B.labels.length,
  };
}

function contains(sorted: Float64Array, key: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid] as number;
    if (x === key) return true;
    if (x < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The members drawn from the fit rows, as steps (ZERO++'s fit). */
export function* zeroMemberSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: ZeroOptions,
): Steps<ZeroMember[]> {
  yield { fraction: 0, message: 'ZERO++: sub-samples…' };
  return zeroMembers(table, fitRows, options);
}

/** score(x) = (1/t)·#{members whose sub-sample holds x's pair zero times}, for `scoreRows`. */
export function* zeroScoreSteps(
  table: CategoricalTable,
  members: readonly ZeroMember[],
  scoreRows: Int32Array,
): Steps<Float64Array> {
  const scores = new Float64Array(scoreRows.length);
  const pace = pacer();
  for (let m = 0; m < members.length; m++) {
    const { a, b, keys } = members[m] as ZeroMember;
    const { ca, cb, nb } = pairCodes(table, a, b);
    for (let s = 0; s < scoreRows.length; s++) {
      const r = scoreRows[s] as number;
      if (!contains(keys, (ca[r] as number) * nb + (cb[r] as number)))
        scores[s] = (scores[s] as number) + 1;
    }
    if (pace(scoreRows.length * (1 + Math.log2(keys.length + 1))))
      yield {
        fraction: (m + 1) / members.length,
        message: `ZERO++: zero appearances in member ${(m + 1).toLocaleString('en-US')} of ${members.length.toLocaleString('en-US')}…`,
      };
  }
  const t = members.length;
  for (let s = 0; s < scores.length; s++) scores[s] = (scores[s] as number) / t;
  return scores;
}
