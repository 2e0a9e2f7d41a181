/**
 * Every published number the product reproduces on its bundled data, paper value beside ours
 * (one file per paper table in results/pins/). `npm run reproduce` writes them to results/
 * (Markdown + JSON); test/results/paperNumbers.test.ts holds each one to the tolerance its rule
 * gives (results/tolerance.ts) and checks that its baseline does not meet it.
 */
import { casWorkedValues } from './pins/casWorkedValues.ts';
import { cureZoo } from './pins/cureZoo.ts';
import { CURE_PUBLIC_DATA } from './pins/cureData.ts';
import { dilcaLenses } from './pins/dilcaLenses.ts';
import type { Reproduction } from './pins/kit.ts';
import { withDeclarations } from './pins/declared.ts';
import { sandcatTableIV } from './pins/sandcatTableIV.ts';
import { lofTableIV } from './pins/lofTableIV.ts';
import { casImprovement } from './pins/casImprovement.ts';
import { UNTIE_PUBLIC_DATA } from './pins/untieData.ts';

export { reproduces, type ReproducedRow, type Reproduction } from './pins/kit.ts';

/**
 * Each reproduction with the id of the files it writes (results/ID.md and .json), and whether
 * test/results/paperNumbers.test.ts re-runs it (`inTest`: at most a few seconds, or a pin that was
 * there before the data sets of results/datasets.md were added) or checks only its committed
 * JSON (the runs of a minute or more: CDE fitted 200 times on 683 rows, UNTIE 50 times per table).
 */
const LISTED: {
  id: string;
  make: () => Promise<Reproduction>;
  inTest: boolean;
}[] = [
  { id: 'cure-zoo', make: cureZoo, inTest: true },
  ...CURE_PUBLIC_DATA.map((r) => ({ ...r, inTest: r.id === 'cure-zoo-table-2' })),
  { id: 'dilca-contact-lenses', make: dilcaLenses, inTest: true },
  { id: 'sandcat-table-iv', make: sandcatTableIV, inTest: true },
  { id: 'lof-table-iv', make: lofTableIV, inTest: true },
  { id: 'cas-worked-values', make: casWorkedValues, inTest: true },
  { id: 'cas-improvement', make: casImprovement, inTest: false },
  ...UNTIE_PUBLIC_DATA.map((r) => ({ ...r, inTest: r.id === 'untie-housevotes' })),
];

/** Each reproduction, its rows carrying their declarations (results/pins/declared.ts). */
export const REPRODUCTIONS = LISTED.map(({ id, make, inTest }) => ({
  id,
  inTest,
  make: async (): Promise<Reproduction> => {
    const r = await make();
    return { ...r, rows: withDeclarations(id, r.rows) };
  },
}));
