/**
 * UNTIE at scale (issue 13): `npm run bench:untie`.
 *
 * Zhu et al. 2022 (UNTIE) Fig. 9(a) times UNTIE on generated tables of 1,000 to 100,000 objects, 10 attributes,
 * at most 3 values each, at its defaults (14 kernels, Adam lr 1e-3, batch 20, 1,000 iterations):
 * 1.8 s to 3.6 s in Python/TensorFlow on an i5-5300U. Here: seeded latent-class tables of the
 * same shape (bench/generate.ts), one run per size in this process, split as the paper splits it —
 * counts + coupling and kernel spaces (its "HCL") and heterogeneity learning (its "HL") — with the
 * vector representation (Eq. (21)) and the peak resident memory. No n × n matrix is built.
 * Figures only, no pass/fail.
 *
 * --smoke: 1,000 objects only.
 */
import { computeCounts } from '../src/core/data/counts/counts.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { kernelSpaces } from '../src/core/methods/untie/kernelSpaces.ts';
import { KERNEL_SETS } from '../src/core/methods/untie/kernelFunctions.ts';
import { learnHeterogeneity } from '../src/core/methods/untie/learning.ts';
import { UNTIE_PARAMETERS } from '../src/core/methods/untie/untie.ts';
import { defaultsOf } from '../src/core/base/parameters.ts';
import { untieEmbedding } from '../src/core/methods/untie/vectorRepresentation.ts';
import { generateTable } from './generate.ts';
import { seconds, sized } from './timing.ts';

const SIZES = sized([1_000, 10_000, 100_000], [1_000]);
/** Fig. 9(a)'s end points (the figure prints no other sizes as numbers). */
const PAPER: Readonly<Record<number, number>> = { 1_000: 1.8, 100_000: 3.6 };
const PAPER_SECONDS = '1.8 s (1,000 objects) … 3.6 s (100,000 objects)';

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const time = <T>(f: () => T): [T, number] => {
  const t0 = process.hrtime.bigint();
  const out = f();
  return [out, seconds(t0, process.hrtime.bigint())];
};

console.log(
  `UNTIE, 10 attributes of 3 values, defaults; UNTIE, Zhu et al. 2022, Fig. 9(a): ${PAPER_SECONDS}`,
);
console.log('objects    spaces (HCL)   learning (HL)   vectors   total    peak RSS   paper / ours');
for (const rows of SIZES) {
  const table = generateTable({
    rows,
    valueCounts: Array.from({ length: 10 }, () => 3),
    classes: 3,
    seed: 20261123 + rows,
  });
  const [spaces, tSpaces] = time(() =>
    kernelSpaces(computeCounts(table).cooccurrence, rows, KERNEL_SETS.default, true),
  );
  const [learning, tLearn] = time(() =>
    runToEnd(
      learnHeterogeneity(
        spaces,
        table.attributes.map((a) => a.codes),
        rows,
        {
          clusters: 3,
          iterations: 1000,
          batch: 20,
          learningRate: 1e-3,
          tolerance: 0,
          seed: 0,
          // The learning a run gets by default (the parameter table's).
          learning: defaultsOf(UNTIE_PARAMETERS).learning,
        },
      ),
    ),
  );
  const [, tVectors] = time(() => untieEmbedding(table, spaces, learning.weights));
  const total = tSpaces + tLearn + tVectors;
  console.log(
    `${rows.toLocaleString('en-US').padStart(7)}    ${fmt(tSpaces)}       ${fmt(tLearn)}        ${fmt(tVectors)}   ${fmt(total)}   ${(peak / 2 ** 20).toFixed(0)} MB     ${PAPER[rows] ? `${(PAPER[rows] / total).toFixed(1)}× (${PAPER[rows]} s)` : '—'}`,
  );
}
clearInterval(sampler);

function fmt(s: number): string {
  return `${s.toFixed(3)} s`.padStart(8);
}
