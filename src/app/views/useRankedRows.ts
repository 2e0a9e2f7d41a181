import { useMemo, useState } from 'react';
import type { ObjectScores } from '../../core/platform/results.ts';
import { rankedObjects } from '../model/values.ts';
import { tiedGroups, type TiedGroup } from './tiedGroups.ts';
import { useObjectValues } from './useObjectValues.ts';

const TOP_OBJECTS = 25;
/** Objects ranked and grouped where tied, of which the first TOP_OBJECTS entries are shown. */
const RANKED = 500;

/** A line of the ranking: an object, its rank, and the tied group it leads (null if none). */
export interface ShownObject {
  r: number;
  rank: number;
  group: readonly number[] | null;
}

/**
 * The ranking's state: the top objects (training rows left out when `training` is given) with
 * their values, identical rows tied in one group shown by its first until it is expanded.
 */
export function useRankedRows(scores: ObjectScores, training: ArrayLike<number> | null) {
  const ranked = useMemo(() => rankedObjects(scores, RANKED, training), [scores, training]);
  const rows = useObjectValues(ranked);
  const groups = useMemo(
    () => tiedGroups(ranked, scores.scores, rows).slice(0, TOP_OBJECTS),
    [ranked, scores, rows],
  );
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggleGroup = (lead: number) => setExpanded(toggled(expanded, lead));
  return { rows, shown: shownObjects(groups, expanded), expanded, toggleGroup };
}

/** The lines of the ranking: each group's leader, and the rest of it when it is expanded. */
export function shownObjects(
  groups: readonly TiedGroup[],
  expanded: ReadonlySet<number>,
): ShownObject[] {
  return groups.flatMap((g) =>
    (expanded.has(g.rows[0] as number) ? g.rows : g.rows.slice(0, 1)).map((r, k) => ({
      r,
      rank: g.rank + k,
      group: k === 0 && g.rows.length > 1 ? g.rows : null,
    })),
  );
}

/** The expanded groups once `lead`'s is opened, or closed if it was open (a new set). */
export function toggled(expanded: ReadonlySet<number>, lead: number): ReadonlySet<number> {
  const next = new Set(expanded);
  if (next.has(lead)) next.delete(lead);
  else next.add(lead);
  return next;
}
