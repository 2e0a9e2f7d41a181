/**
 * The generated table of the engines bench (bench/engines.bench.ts): a seeded, streaming CSV of
 * categorical attributes with a realistic mix — 2 to 30 values per attribute, skewed (Zipf-like)
 * value frequencies, dependence between columns through 5 latent classes of unequal weight and
 * through chains (some attributes copy a function of the previous attribute's value part of the
 * time), a few rare values in most attributes (probability 1e-6 to 1e-4) and 0.05 % of rows drawn
 * uniformly over every value, rare ones included (so that outliers exist).
 *
 * Each row's draws depend only on the seed and the rows before it: the first N rows of a larger
 * file are the file of N rows (the bench counts prefixes of one table).
 *
 *   npx tsx bench/generateEnginesTable.ts --rows 200000 --out /tmp/t.csv [--seed 47]
 */
import { createWriteStream } from 'node:fs';
import { createRandom, type Random } from '../src/core/base/random.ts';
import { flag } from './generateBig.ts';

export interface EnginesTableOptions {
  rows: number;
  seed: number;
}

/** Values per attribute (20 attributes): 2 to 30, 246 values in all. */
export const CARDINALITIES = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 3, 5, 7, 9, 2, 4, 6, 30];
/** Attributes that partly copy a function of the previous attribute's value. */
const CHAINED = new Set([2, 5, 8, 11, 13, 17, 19]);
const LATENT_WEIGHTS = [0.35, 0.25, 0.2, 0.12, 0.08];
const UNIFORM_ROWS = 0.0005;

/** The generator's parameters as text (the bench reuses a file generated with the same). */
export function describeTable(options: EnginesTableOptions): string {
  return JSON.stringify({
    version: 1,
    rows: options.rows,
    seed: options.seed,
    cardinalities: CARDINALITIES,
    chained: [...CHAINED],
    latent: LATENT_WEIGHTS,
    uniformRows: UNIFORM_ROWS,
  });
}

/** A cumulative distribution as a Float64Array (last entry 1). */
function cumulative(weights: number[]): Float64Array {
  const total = weights.reduce((s, w) => s + w, 0);
  const out = new Float64Array(weights.length);
  let acc = 0;
  for (let k = 0; k < weights.length; k++) {
    acc += (weights[k] as number) / total;
    out[k] = acc;
  }
  out[weights.length - 1] = 1;
  return out;
}

function draw(cdf: Float64Array, u: number): number {
  let k = 0;
  while (u >= (cdf[k] as number)) k++;
  return k;
}

function shuffled(m: number, random: Random): number[] {
  const p = Array.from({ length: m }, (_, i) => i);
  for (let i = m - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [p[i], p[j]] = [p[j] as number, p[i] as number];
  }
  return p;
}

interface Model {
  /** [class][attribute] → cumulative distribution over the attribute's values. */
  cdf: Float64Array[][];
  /** [attribute] → how often a chained attribute copies from the previous one. */
  chain: number[];
  /** [attribute] → value of the previous attribute's value (a many-to-one map). */
  chainMap: number[][];
  latent: Float64Array;
  labels: string[][];
}

function modelOf(seed: number): Model {
  const random = createRandom(seed);
  const labels = CARDINALITIES.map((m, a) =>
    Array.from({ length: m }, (_, k) =>
      // The last value or two of most attributes are rare: named so in the file.
      rareCount(m, a) > 0 && k >= m - rareCount(m, a) ? `rare${k}` : `v${k}`,
    ),
  );
  const cdf = LATENT_WEIGHTS.map(() =>
    CARDINALITIES.map((m, a) => {
      const s = 0.6 + 0.8 * random.next(); // Zipf exponent of this class's favourites
      const order = shuffled(m - rareCount(m, a), random);
      const strength = 0.5 + 0.45 * random.next(); // how much the class leans
      const common = m - rareCount(m, a);
      const weights = Array.from({ length: m }, (_, k) => {
        if (k >= common) return 1e-6 * 10 ** (2 * random.next()); // 1e-6 … 1e-4
        const zipf = 1 / ((order[k] as number) + 1) ** s;
        const base = 1 / (k + 1) ** 0.8;
        return strength * zipf + (1 - strength) * base * 0.5;
      });
      // Normalise the common values to take what the rare ones leave.
      const rare = weights.slice(common).reduce((x, w) => x + w, 0);
      const commonTotal = weights.slice(0, common).reduce((x, w) => x + w, 0);
      return cumulative(weights.map((w, k) => (k < common ? (w / commonTotal) * (1 - rare) : w)));
    }),
  );
  const chain = CARDINALITIES.map((_, a) => (CHAINED.has(a) ? 0.25 + 0.3 * random.next() : 0));
  const chainMap = CARDINALITIES.map((m, a) => {
    const prev = CARDINALITIES[a - 1] ?? 1;
    const common = m - rareCount(m, a);
    return Array.from({ length: prev }, () => random.int(common));
  });
  return { cdf, chain, chainMap, latent: cumulative(LATENT_WEIGHTS), labels };
}

/** Rare values of attribute a (m values): none for binary attributes, two for wide ones. */
function rareCount(m: number, a: number): number {
  if (m <= 3) return 0;
  if (a % 5 === 4) return 0; // a few attributes have none
  return m >= 20 ? 2 : 1;
}

/** Writes the file; resolves with its size in bytes. */
export async function generateEnginesTable(
  file: string,
  options: EnginesTableOptions,
  progress?: (rows: number) => void,
): Promise<number> {
  const model = modelOf(options.seed);
  const random = createRandom(options.seed + 1);
  const out = createWriteStream(file, { highWaterMark: 1 << 22 });
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  await write(`${CARDINALITIES.map((_, a) => `a${a + 1}`).join(',')}\n`);
  const A = CARDINALITIES.length;
  const values = new Int32Array(A);
  let chunk = '';
  for (let r = 0; r < options.rows; r++) {
    if (random.next() < UNIFORM_ROWS) {
      for (let a = 0; a < A; a++) values[a] = random.int(CARDINALITIES[a] as number);
    } else {
      const z = draw(model.latent, random.next());
      const cdfs = model.cdf[z] as Float64Array[];
      for (let a = 0; a < A; a++) {
        const u = random.next();
        const chain = model.chain[a] as number;
        values[a] =
          chain > 0 && u < chain
            ? ((model.chainMap[a] as number[])[values[a - 1] as number] as number)
            : draw(cdfs[a] as Float64Array, random.next());
      }
    }
    let line = (model.labels[0] as string[])[values[0] as number] as string;
    for (let a = 1; a < A; a++)
      line += `,${(model.labels[a] as string[])[values[a] as number] as string}`;
    chunk += `${line}\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
      progress?.(r + 1);
    }
  }
  await write(chunk);
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
  return bytes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const out = flag(argv, 'out');
  if (!out) {
    process.stderr.write(
      'usage: tsx bench/generateEnginesTable.ts --rows N --out FILE [--seed 47]\n',
    );
    process.exit(2);
  }
  const options = {
    rows: Number(flag(argv, 'rows') ?? 200_000),
    seed: Number(flag(argv, 'seed') ?? 47),
  };
  const start = performance.now();
  const bytes = await generateEnginesTable(out, options);
  process.stdout.write(
    `${out}: ${options.rows.toLocaleString('en-US')} rows, ${(bytes / 1e9).toFixed(3)} GB in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
  );
}
