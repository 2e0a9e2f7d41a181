/**
 * Ranked objects grouped where they tie: consecutive objects of the ranking with the same score
 * and the same values are one entry ("25 identical rows, lines …"), led by the first of them.
 * Objects whose values are not known yet stand alone.
 */
export interface TiedGroup {
  /** The objects of the group, in ranking order; the first leads it. */
  rows: number[];
  /** The rank (from 0) of the leader. */
  rank: number;
}

export function tiedGroups(
  ranked: readonly number[],
  scores: ArrayLike<number>,
  codes: ReadonlyMap<number, Int32Array>,
): TiedGroup[] {
  const groups: TiedGroup[] = [];
  let current: TiedGroup | null = null;
  ranked.forEach((r, rank) => {
    const lead = current?.rows[0];
    if (current && lead !== undefined && scores[lead] === scores[r] && same(codes, lead, r))
      current.rows.push(r);
    else {
      current = { rows: [r], rank };
      groups.push(current);
    }
  });
  return groups;
}

function same(codes: ReadonlyMap<number, Int32Array>, a: number, b: number): boolean {
  const x = codes.get(a);
  const y = codes.get(b);
  if (!x || !y || x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
