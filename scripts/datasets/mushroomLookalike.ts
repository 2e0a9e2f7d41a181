/**
 * Writes public/datasets/mushroom-lookalike.csv: a GENERATED table with the shape of UCI Mushroom
 * (agaricus-lepiota), which no Debian package ships. Not real data: only the attribute names, the
 * value letters, the number of values per attribute, the row count, the e/p balance and the 2,480
 * missing stalk-root cells follow the UCI file; the frequencies and couplings are synthetic.
 *
 *   npx tsx scripts/datasets/mushroomLookalike.ts [OUT.csv]
 *
 * Deterministic: every draw comes from createRandom(SEED) (src/core/base/random.ts), so the file is
 * reproducible byte for byte. The model is a latent-class one (as bench/generate.ts, copied here
 * so that changes to the benchmark generator cannot change this file):
 * - each distinct row draws a latent group g of LATENT (5 edible, 5 poisonous; the class is g's);
 * - each attribute a draws its value from p_a(v | g) = (1 − λ_a) zipf_a(rank_a(v)) +
 *   λ_a (μ_a zipf_a(rank_{a,class(g)}(v)) + (1 − μ_a) zipf_a(rank_{a,g}(v))), with a global, a
 *   per-class and a per-group random ranking of the values, so the attributes are coupled with
 *   the class and, through g, with each other;
 * - a few attributes are coupled directly: the below-ring stalk surface and colour copy the
 *   above-ring ones with probability COPY, and gill-color follows spore-print-color's rank;
 * - DUPLICATES of the 8,124 rows are copies of earlier rows (sources drawn with Zipf weights, so
 *   some rows recur many times): the duplicate-heavy shape;
 * - stalk-root is missing (`?`, as in the UCI file) in exactly 2,480 rows, more often for
 *   poisonous groups; cap-surface and habitat have a sprinkle of missing cells.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRandom, permutation } from '../../src/core/base/random.ts';

const SEED = 8124;
const ROWS = 8124;
/** Rows that are copies of another row (about 25 %). */
const DUPLICATES = 2031;
const STALK_ROOT_MISSING = 2480;
const SPRINKLE: Record<string, number> = { 'cap-surface': 0.012, habitat: 0.006 };
const COPY = 0.6;
/** Latent groups: weights of the edible ones, then the poisonous ones (UCI: 4,208 e, 3,916 p). */
const EDIBLE = [0.16, 0.13, 0.1, 0.08, 0.04];
const POISONOUS = [0.15, 0.12, 0.1, 0.07, 0.05];

/** UCI Mushroom's attributes in file order with the value letters that occur in the UCI file. */
const ATTRIBUTES: readonly (readonly [string, string])[] = [
  ['cap-shape', 'xfkbsc'],
  ['cap-surface', 'ysfg'],
  ['cap-color', 'ngewybpcur'],
  ['bruises', 'ft'],
  ['odor', 'nfsylapcm'],
  ['gill-attachment', 'fa'],
  ['gill-spacing', 'cw'],
  ['gill-size', 'bn'],
  ['gill-color', 'bpwnghukeyor'],
  ['stalk-shape', 'te'],
  ['stalk-root', 'bcer'],
  ['stalk-surface-above-ring', 'skfy'],
  ['stalk-surface-below-ring', 'skfy'],
  ['stalk-color-above-ring', 'wpgnbocey'],
  ['stalk-color-below-ring', 'wpgnbocey'],
  ['veil-type', 'p'],
  ['veil-color', 'wnoy'],
  ['ring-number', 'otn'],
  ['ring-type', 'pelfn'],
  ['spore-print-color', 'wnkhrubyo'],
  ['population', 'vysnca'],
  ['habitat', 'dgplumw'],
];
/**
 * [λ_a, μ_a]: weight of the class-dependent ranking, and within it the share of the class's (e or
 * p) ranking against the group's own; odor is nearly determined by the class, as in UCI.
 */
const COUPLING: Record<string, readonly [number, number]> = {
  odor: [0.97, 0.97],
  'spore-print-color': [0.9, 0.8],
  'gill-size': [0.8, 0.8],
  'gill-color': [0.8, 0.7],
};
const DEFAULT_COUPLING = [0.7, 0.5] as const;

function generate(): string {
  const random = createRandom(SEED);
  const groups = [...EDIBLE, ...POISONOUS];
  const groupCdf = cumulative(groups);
  const base = ROWS - DUPLICATES;
  const col = (name: string): number => ATTRIBUTES.findIndex(([n]) => n === name);

  // Distinct rows: latent group, then each attribute given the group.
  const group = Int32Array.from({ length: base }, () => draw(groupCdf, random.next()));
  const codes = ATTRIBUTES.map(([name, letters]) => {
    const size = letters.length;
    const s = 0.8 + 0.8 * random.next();
    const weight = Array.from({ length: size }, (_, r) => 1 / (r + 1) ** s);
    const global = permutation(size, random);
    const [lambda, mu] = COUPLING[name] ?? DEFAULT_COUPLING;
    const byClass = [permutation(size, random), permutation(size, random)];
    const cdfs = groups.map((_, g) => {
      const own = permutation(size, random);
      const shared = byClass[g < EDIBLE.length ? 0 : 1]!;
      return cumulative(
        Array.from(
          { length: size },
          (_, v) =>
            (1 - lambda) * weight[global[v]!]! +
            lambda * (mu * weight[shared[v]!]! + (1 - mu) * weight[own[v]!]!),
        ),
      );
    });
    return Int32Array.from(group, (g) => draw(cdfs[g]!, random.next()));
  });
  // Direct couplings between attributes.
  for (const [from, to] of [
    ['stalk-surface-above-ring', 'stalk-surface-below-ring'],
    ['stalk-color-above-ring', 'stalk-color-below-ring'],
  ] as const) {
    const a = codes[col(from)]!;
    const b = codes[col(to)]!;
    for (let r = 0; r < base; r++) if (random.next() < COPY) b[r] = a[r]!;
  }
  const spore = codes[col('spore-print-color')]!;
  const gill = codes[col('gill-color')]!;
  for (let r = 0; r < base; r++) if (random.next() < COPY / 2) gill[r] = spore[r]!;

  // Copies: sources drawn with Zipf weights over a random order of the distinct rows.
  const order = permutation(base, random);
  const sourceCdf = cumulative(Array.from({ length: base }, (_, i) => 1 / (i + 1) ** 0.6));
  const multiplicity = new Int32Array(base).fill(1);
  const rows = Array.from({ length: base }, (_, r) => r);
  for (let d = 0; d < DUPLICATES; d++) {
    const source = order[draw(sourceCdf, random.next())]!;
    multiplicity[source]!++;
    rows.push(source);
  }

  // Missing cells, per distinct row so that copies stay exact copies.
  const missing = ATTRIBUTES.map(() => new Uint8Array(base));
  const poisonous = (r: number): boolean => group[r]! >= EDIBLE.length;
  const candidates = permutation(base, random);
  const priority = Float64Array.from({ length: base }, (_, r) =>
    poisonous(r) ? random.next() * 0.4 : random.next(),
  );
  const byPriority = Array.from(candidates).sort((x, y) => priority[x]! - priority[y]!);
  let left = STALK_ROOT_MISSING;
  const root = missing[col('stalk-root')]!;
  for (const r of byPriority) {
    if (left === 0) break;
    if (multiplicity[r]! <= left) {
      root[r] = 1;
      left -= multiplicity[r]!;
    }
  }
  if (left !== 0) throw new Error(`could not place ${left} missing stalk-root cells`);
  for (const [name, p] of Object.entries(SPRINKLE)) {
    const m = missing[col(name)]!;
    for (let r = 0; r < base; r++) if (random.next() < p) m[r] = 1;
  }

  // Shuffle the rows and write them as the UCI file: class first, one letter per cell.
  const final = Int32Array.from(rows);
  for (let i = final.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = final[i]!;
    final[i] = final[j]!;
    final[j] = t;
  }
  const lines = [['class', ...ATTRIBUTES.map(([n]) => n)].join(',')];
  for (const r of final) {
    const cells = ATTRIBUTES.map(([, letters], a) =>
      missing[a]![r] ? '?' : letters[codes[a]![r]!]!,
    );
    lines.push([poisonous(r) ? 'p' : 'e', ...cells].join(','));
  }
  return lines.join('\n') + '\n';
}

function cumulative(weights: readonly number[]): Float64Array {
  const cdf = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((w, i) => {
    total += w;
    cdf[i] = total;
  });
  for (let i = 0; i < cdf.length; i++) cdf[i] = cdf[i]! / total;
  cdf[cdf.length - 1] = 1;
  return cdf;
}

/** Smallest i with u < cdf[i] (binary search: the source table has thousands of entries). */
function draw(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (u < cdf[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function summary(text: string): string {
  const lines = text.trimEnd().split('\n');
  const [header, ...body] = lines;
  const names = header!.split(',');
  const cells = body.map((l) => l.split(','));
  const classes = new Map<string, number>();
  for (const c of cells) classes.set(c[0]!, (classes.get(c[0]!) ?? 0) + 1);
  const out = [
    `rows ${body.length}, distinct ${new Set(body).size}, duplicates ${body.length - new Set(body).size}`,
    `class ${[...classes].map(([k, v]) => `${k}=${v}`).join(' ')}`,
  ];
  names.forEach((name, a) => {
    const values = new Set(cells.map((c) => c[a]!).filter((v) => v !== '?'));
    const miss = cells.filter((c) => c[a] === '?').length;
    out.push(`${name}: ${values.size} values${miss ? `, ${miss} missing` : ''}`);
  });
  return out.join('\n');
}

const text = generate();
const expected = new Map(ATTRIBUTES);
const header = text.slice(0, text.indexOf('\n')).split(',');
for (const [a, name] of header.entries()) {
  if (a === 0) continue;
  const seen = new Set(
    text
      .split('\n')
      .slice(1, -1)
      .map((l) => l.split(',')[a]),
  );
  seen.delete('?');
  if (seen.size !== expected.get(name)!.length)
    throw new Error(`${name}: ${seen.size} values, expected ${expected.get(name)!.length}`);
}
const out = process.argv[2] ?? 'public/datasets/mushroom-lookalike.csv';
writeFileSync(out, text);
process.stdout.write(
  `${out} (seed ${SEED}, sha256 ${createHash('sha256').update(text).digest('hex')})\n${summary(text)}\n`,
);
