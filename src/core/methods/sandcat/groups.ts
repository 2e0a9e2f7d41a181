import type { CategoricalTable } from '../../data/table/types.ts';

/**
 * Attributes grouped for the distance scans: consecutive attributes whose value combinations
 * number at most GROUP_CELLS form one group, and for a tested object each combination's summed
 * squared distance is tabulated once. A distance to a training object is then one look-up per
 * group instead of one per attribute (14 attributes of 3-8 values: 5 look-ups, not 14).
 */
export const GROUP_CELLS = 512;

export interface AttributeGroups {
  /** Attributes of each group. */
  members: number[][];
  /** The same as flat arrays (for a team's threads): group g's are list[memberStart[g]] …. */
  memberStart: Int32Array;
  memberList: Int32Array;
  /** Each attribute's first global value and its number of values. */
  offsets: Int32Array;
  widths: Int32Array;
  /** Start of each group's table in the tested object's look-up. */
  start: Int32Array;
  /** Cells of all the groups' tables. */
  cells: number;
}

export function attributeGroups(table: CategoricalTable): AttributeGroups {
  const members: number[][] = [];
  const start: number[] = [];
  let cells = 0;
  let current: number[] = [];
  let size = 1;
  const close = (): void => {
    if (current.length === 0) return;
    members.push(current);
    start.push(cells);
    cells += size;
    current = [];
    size = 1;
  };
  table.attributes.forEach((attr, a) => {
    const m = attr.labels.length;
    if (current.length > 0 && size * m > GROUP_CELLS) close();
    current.push(a);
    size *= m;
  });
  close();
  const memberStart = new Int32Array(members.length + 1);
  members.forEach((m, g) => (memberStart[g + 1] = (memberStart[g] as number) + m.length));
  return {
    members,
    memberStart,
    memberList: Int32Array.from(members.flat()),
    offsets: Int32Array.from(table.attributes, (a) => a.offset),
    widths: Int32Array.from(table.attributes, (a) => a.labels.length),
    start: Int32Array.from(start),
    cells,
  };
}

/**
 * Each tuple's cell per group (tuples given by their global values, size × D): the group's
 * start plus the mixed-radix number of its members' local codes (the first member slowest).
 */
export function groupCells(
  table: CategoricalTable,
  groups: AttributeGroups,
  values: Int32Array,
  size: number,
): Int32Array {
  const D = table.attributes.length;
  const G = groups.members.length;
  const out = new Int32Array(size * G);
  for (let u = 0; u < size; u++)
    groups.members.forEach((members, g) => {
      let cell = 0;
      for (const a of members) {
        const attr = table.attributes[a] as { offset: number; labels: string[] };
        cell = cell * attr.labels.length + ((values[u * D + a] as number) - attr.offset);
      }
      out[u * G + g] = (groups.start[g] as number) + cell;
    });
  return out;
}

/**
 * The tested object's squared distance to every combination of each group: the sum over the
 * group's members of m_a(t_a, ·)², from the per-value squared distances (`squared`, by global
 * value). Built member by member, so each cell costs one addition. Reads only the groups' flat
 * arrays, so a team's threads run it too (scanTeam.ts).
 */
export function fillGroupTables(
  groups: FlatGroups,
  squared: Float64Array,
  out: Float64Array,
): void {
  const { memberStart, memberList, offsets, widths } = groups;
  const G = memberStart.length - 1;
  for (let g = 0; g < G; g++) {
    const start = groups.start[g] as number;
    let size = 1;
    out[start] = 0;
    for (let e = memberStart[g] as number; e < (memberStart[g + 1] as number); e++) {
      const a = memberList[e] as number;
      const offset = offsets[a] as number;
      const m = widths[a] as number;
      // Cells are laid out first member slowest: extend each existing cell by m new ones,
      // walking backwards so no cell is overwritten before it is read.
      for (let c = size - 1; c >= 0; c--) {
        const base = out[start + c] as number;
        for (let v = m - 1; v >= 0; v--)
          out[start + c * m + v] = base + (squared[offset + v] as number);
      }
      size *= m;
    }
  }
}

/** What fillGroupTables reads: plain arrays, so a team's threads can run it. */
export type FlatGroups = Pick<
  AttributeGroups,
  'memberStart' | 'memberList' | 'offsets' | 'widths' | 'start'
>;
