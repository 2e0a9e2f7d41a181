/**
 * How far a reproduced number may sit from the paper's, fixed by a rule before any result is
 * looked at (issue 31), never chosen per number:
 *
 * - a deterministic number (a worked value, a distance, an index, a method with no randomness
 *   scored under a deterministic protocol) is held to the paper's printed precision: half a unit
 *   of its last printed digit, and never more than 0.02;
 * - a mean over seeded runs is held to Z standard errors of the difference between our mean and
 *   the paper's (Z = 1.96, 95 % confidence), plus half a printed unit for the paper's rounding.
 *   The paper's number is a mean too — of the runs it states (the clustering papers average 50
 *   k-means starts; SAnDCat's Table IV is one abnormal sample) — and we take its runs to spread
 *   as ours do: se = sd · √(1/runs + 1/paperRuns). More runs of ours cannot make a paper's
 *   number more precise than the paper made it.
 *
 * The runs are seeded, so a test of the rule is deterministic: it does not fail at random.
 */
export const CONFIDENCE = 0.95;
export const Z = 1.96;
/** The largest tolerance a deterministic number may have (issue 31: "a fixed 0.02"). */
export const DETERMINISTIC_CAP = 0.02;

export type Basis =
  | {
      kind: 'printed';
      /** Decimals the paper prints the number with (on our scale: 88.36 % is 4 decimals). */
      decimals: number;
    }
  | {
      kind: 'runs';
      decimals: number;
      /** Independent seeded runs behind our mean, and their standard deviation. */
      runs: number;
      sd: number;
      /** Runs behind the paper's number, as the paper states them. */
      paperRuns: number;
    }
  | {
      /**
       * A difference between two methods: ours the mean of paired differences (run r of one
       * against run r of the other: same seed, same folds), the paper's a difference of two of
       * its means, each of `paperRuns` runs spreading as ours (their sds: sdA, sdB).
       */
      kind: 'paired';
      decimals: number;
      runs: number;
      /** Standard deviation of our paired differences. */
      sd: number;
      sdA: number;
      sdB: number;
      paperRuns: number;
    };

/** Half a unit of the last printed digit. */
function halfUnit(decimals: number): number {
  return 0.5 * 10 ** -decimals;
}

export function standardError(basis: Basis): number {
  if (basis.kind === 'runs') return basis.sd * Math.sqrt(1 / basis.runs + 1 / basis.paperRuns);
  if (basis.kind === 'paired')
    return Math.sqrt(
      basis.sd ** 2 / basis.runs + (basis.sdA ** 2 + basis.sdB ** 2) / basis.paperRuns,
    );
  return 0;
}

export function toleranceOf(basis: Basis): number {
  if (basis.kind === 'printed') return Math.min(halfUnit(basis.decimals), DETERMINISTIC_CAP);
  return Z * standardError(basis) + halfUnit(basis.decimals);
}

/** A one-line statement of the rule behind one tolerance, for the published tables. */
export function basisText(basis: Basis): string {
  if (basis.kind === 'printed') return `printed to ${basis.decimals} decimals`;
  if (basis.kind === 'paired')
    return `${Z} se; ${basis.runs} paired runs, sd ${basis.sd.toFixed(3)}; the paper's two means of ${basis.paperRuns} runs, sd ${basis.sdA.toFixed(3)} and ${basis.sdB.toFixed(3)}`;
  if (basis.sd === 0)
    return `no spread over ${basis.runs} runs: printed to ${basis.decimals} decimals`;
  return `${Z} se; runs: ours ${basis.runs}, paper ${basis.paperRuns}; sd ${basis.sd.toFixed(3)}`;
}

/**
 * The widest tolerance a pin may have (issue 45: never a ±0.1-wide band). A number whose rule
 * gives more — a paper's single run against the spread of ours (Ienco et al. 2016's Table IV is
 * one abnormal sample) — cannot pin a method: it is declared (results/pins/declared.ts) and
 * held to our own measurement instead.
 */
export const MAX_PIN_TOLERANCE = 0.05;

/**
 * How far a re-run may move a declared measurement (results/pins/declared.ts): our mean is held
 * to Z standard errors of itself (the paper's spread does not enter: it is ours, re-measured
 * with the same seeds), plus half a printed unit; a deterministic one to its printed digits.
 */
export function measurementTolerance(basis: Basis): number {
  const half = halfUnit(basis.decimals);
  return basis.kind === 'printed' ? half : Z * (basis.sd / Math.sqrt(basis.runs)) + half;
}
