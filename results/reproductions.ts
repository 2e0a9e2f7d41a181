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
import { sandcatTableIV } from './pins/sandcatTableIV.ts';
import { lofTableIV } from './pins/lofTableIV.ts';
import { casImprovement } from './pins/casImprovement.ts';
import { untieHousevotes } from './pins/untieHousevotes.ts';
import { UNTIE_PUBLIC_DATA } from './pins/untieData.ts';

export { reproduces, type ReproducedRow, type Reproduction } from './pins/kit.ts';

/** Each reproduction with the id of the files it writes (results/ID.md and .json). */
export const REPRODUCTIONS: { id: string; make: () => Promise<Reproduction> }[] = [
  { id: 'cure-zoo', make: cureZoo },
  ...CURE_PUBLIC_DATA,
  { id: 'dilca-contact-lenses', make: dilcaLenses },
  { id: 'sandcat-table-iv', make: sandcatTableIV },
  { id: 'lof-table-iv', make: lofTableIV },
  { id: 'cas-worked-values', make: casWorkedValues },
  { id: 'cas-improvement', make: casImprovement },
  { id: 'untie-housevotes', make: untieHousevotes },
  ...UNTIE_PUBLIC_DATA,
];
