import { CURE_TABLE_1, type PaperTableRow } from '../methods/cure/table1.ts';
import { UNTIE_TABLE_4 } from '../methods/untie/table4.ts';

/** A published F-score table row matched to a loaded table by its shape. */
export interface PaperMatch {
  /** "Jian et al. 2019 (CURE) Table 1" */
  source: string;
  data: string;
  objects: number;
  values: number;
  fscore: Readonly<Record<string, number>>;
  /** FCI, when the table prints it (CURE, Jian et al. 2019). */
  fci?: number;
}

/** The row of either table for a table of this shape, if a paper has one (CURE, Jian et al. 2019 first). */
export function paperRowFor(objects: number, values: number): PaperMatch | null {
  const cure = CURE_TABLE_1.find((r) => r.objects === objects && r.values === values);
  if (cure) return { source: 'Jian et al. 2019 (CURE) Table 1', ...cure };
  const untie = UNTIE_TABLE_4.find((r) => r.objects === objects && r.values === values);
  return untie ? { source: 'Zhu et al. 2022 (UNTIE) Table 4', ...untie } : null;
}

/** A Table 1 row with the same number of objects but other values (e.g. Zoo with `legs` kept). */
export function paperNearMatch(objects: number, values: number): PaperTableRow | null {
  return CURE_TABLE_1.find((r) => r.objects === objects && r.values !== values) ?? null;
}
