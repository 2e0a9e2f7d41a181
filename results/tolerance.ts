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
    };

/** Half a unit of the last printed digit. */
function halfUnit(decimals: number): number {
  return 0.5 * 10 ** -decimals;
}

export function standardError(basis: Basis): number {
  return basis.kind === 'runs' ? basis.sd * Math.sqrt(1 / basis.runs + 1 / basis.paperRuns) : 0;
}

export function toleranceOf(basis: Basis): number {
  if (basis.kind === 'printed') return Math.min(halfUnit(basis.decimals), DETERMINISTIC_CAP);
  return Z * standardError(basis) + halfUnit(basis.decimals);
}

/** A one-line statement of the rule behind one tolerance, for the published tables. */
export function basisText(basis: Basis): string {
  if (basis.kind === 'printed') return `printed to ${basis.decimals} decimals`;
  if (basis.sd === 0)
    return `no spread over ${basis.runs} runs: printed to ${basis.decimals} decimals`;
  return `${Z} se; runs: ours ${basis.runs}, paper ${basis.paperRuns}; sd ${basis.sd.toFixed(3)}`;
}
