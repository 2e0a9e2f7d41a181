/**
 * Coupled attribute similarity at scale (issue 12): `npm run bench:cas`.
 *
 * A seeded 30,000 × 14 table from the latent-class generator (bench/generate.ts; 3-8 values per
 * attribute, 4 latent classes) — the size of Adult (30,162 rows), on which Wang et al. 2015's
 * competitors ran out of memory. One run each, printed with the peak resident memory:
 *  - counts + the CAS value tables (IRSI), the only O(values²) part;
 *  - CADO k-modes (k = 4, one seeded start, the platform's partitioner on the value tables);
 *  - CASO nearest neighbours (k = 10) of 1,000 seeded query objects, exactly, and of all 30,000
 *    (the full k-NN graph), scanning distinct objects with one look-up per attribute group.
 * No n × n matrix is built. Figures only, no pass/fail.
 *
 * --smoke: 500 rows, 50 query objects.
 */
import { casoNeighboursSteps } from '../src/core/methods/cas/neighbours.ts';
import { casModelSteps } from '../src/core/methods/cas/casModel.ts';
import { summedDistance } from '../src/core/platform/valueTables.ts';
import { computeCounts } from '../src/core/data/counts/counts.ts';
import { objectValues } from '../src/core/platform/objectEmbedding.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { partitionerFor } from '../src/core/clustering/partition.ts';
import { createRandom } from '../src/core/base/random.ts';
import { generateTable } from './generate.ts';
import { seconds, sized } from './timing.ts';

const ROWS = sized(30_000, 500);
const QUERIES = sized(1000, 50);
const ATTRIBUTES = 14;
const SEED = 20261123;

let peak = process.memoryUsage().rss;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const table = generateTable({
  rows: ROWS,
  valueCounts: Array.from({ length: ATTRIBUTES }, (_, a) => 3 + (a % 6)),
  classes: 4,
  seed: SEED,
});
const time = <T>(f: () => T): [T, number] => {
  const t0 = process.hrtime.bigint();
  const out = f();
  return [out, seconds(t0, process.hrtime.bigint())];
};
console.log(
  `${ROWS.toLocaleString('en-US')} rows × ${ATTRIBUTES} attributes, ${table.nValues} values`,
);
const [model, tModel] = time(() =>
  runToEnd(casModelSteps(table, computeCounts(table), { irs: 'I' })),
);
console.log(`counts + CAS value tables (IRSI): ${(tModel * 1000).toFixed(0)} ms`);
const cado = summedDistance(table, model.cado, model.tableStart, 'CADO', []);
const [, tKmodes] = time(() => {
  const p = partitionerFor(cado, table, objectValues(table));
  return p.run(4, createRandom(1), 100);
});
console.log(`CADO k-modes, k = 4, one start: ${(tKmodes * 1000).toFixed(0)} ms`);
const rng = createRandom(SEED);
const some = Int32Array.from({ length: QUERIES }, () => Math.floor(rng.next() * ROWS));
const [, tSome] = time(() => runToEnd(casoNeighboursSteps(table, model, some, 10)));
console.log(
  `CASO 10 nearest neighbours of ${QUERIES.toLocaleString('en-US')} objects: ${(tSome * 1000).toFixed(0)} ms`,
);
const all = Int32Array.from({ length: ROWS }, (_, i) => i);
const [, tAll] = time(() => runToEnd(casoNeighboursSteps(table, model, all, 10)));
console.log(
  `CASO 10 nearest neighbours of all ${ROWS.toLocaleString('en-US')} objects: ${tAll.toFixed(1)} s`,
);
clearInterval(sample);
console.log(
  `peak resident memory: ${(peak / 2 ** 20).toFixed(0)} MB (an n × n float matrix alone would be ${((ROWS * ROWS * 8) / 2 ** 30).toFixed(1)} GB)`,
);
