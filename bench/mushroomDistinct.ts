/**
 * A seeded, duplicate-free table in the shape of UCI Mushroom for the t-SNE bench
 * (bench/projection.bench.ts, section 6): 8,124 rows, UCI Mushroom's 22 attributes with their
 * value letters and counts, stalk-root missing (`?`, its own value) in about 30 % of the rows, and
 * a latent-group model of their dependence as scripts/datasets/mushroomLookalike.ts (10 groups,
 * 5 edible, 5 poisonous; value preferences per class and per group; odor nearly set by the class;
 * the below-ring stalk surface and colour copying the above-ring ones). Unlike that file
 * (public/datasets/mushroom-lookalike.csv, 25 % copied rows), no row repeats: a drawn row equal
 * to an earlier one is drawn again, and `distinctRows` checks it. UCI Mushroom itself is shipped by
 * neither weka 3.6 nor r-cran-mlbench here (`dpkg -L weka r-cran-mlbench`), so this is generated,
 * not real data.
 */
import { createRandom, permutation, type CategoricalTable } from '../src/core/index.ts';
import { assembleTable, cumulative, draw } from './generate.ts';

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
  ['stalk-root', 'bcer?'],
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
const EDIBLE = [0.16, 0.13, 0.1, 0.08, 0.04];
const POISONOUS = [0.15, 0.12, 0.1, 0.07, 0.05];
/** [λ, μ]: weight of the class-dependent ranking, and the class's share against the group's. */
const COUPLING: Record<string, readonly [number, number]> = {
  odor: [0.97, 0.97],
  'spore-print-color': [0.9, 0.8],
  'gill-size': [0.8, 0.8],
  'stalk-root': [0.8, 0.5],
};
const DEFAULT_COUPLING = [0.7, 0.5] as const;
const COPY = 0.6;

/** The table (class column `class`: e or p) and its CSV text, class first as the UCI file. */
export function distinctMushroomTable(
  rows: number,
  seed: number,
): { table: CategoricalTable; csv: string } {
  const random = createRandom(seed);
  const groups = [...EDIBLE, ...POISONOUS];
  const groupCdf = cumulative(groups);
  const models = ATTRIBUTES.map(([name, letters]) => {
    const size = letters.length;
    const s = 0.8 + 0.8 * random.next();
    const weight = Array.from({ length: size }, (_, r) => 1 / (r + 1) ** s);
    const global = permutation(size, random);
    const [lambda, mu] = COUPLING[name] ?? DEFAULT_COUPLING;
    const byClass = [permutation(size, random), permutation(size, random)];
    return groups.map((_, g) => {
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
  });
  const col = (name: string): number => ATTRIBUTES.findIndex(([n]) => n === name);
  const copies = [
    [col('stalk-surface-above-ring'), col('stalk-surface-below-ring')],
    [col('stalk-color-above-ring'), col('stalk-color-below-ring')],
  ] as const;
  const codes = ATTRIBUTES.map(() => new Int32Array(rows));
  const group = new Int32Array(rows);
  const seen = new Set<string>();
  const row = new Int32Array(ATTRIBUTES.length);
  for (let r = 0; r < rows;) {
    const g = draw(groupCdf, random.next());
    models.forEach((cdfs, a) => (row[a] = draw(cdfs[g]!, random.next())));
    for (const [from, to] of copies) if (random.next() < COPY) row[to] = row[from]!;
    const key = row.join(',');
    if (seen.has(key)) continue; // a repeat: draw this row again
    seen.add(key);
    group[r] = g;
    row.forEach((v, a) => (codes[a]![r] = v));
    r++;
  }
  const columns = ATTRIBUTES.map(([name, letters], a) => ({
    name,
    labels: [...letters],
    codes: codes[a]!,
  }));
  const poisonous = Int32Array.from(group, (g) => (g >= EDIBLE.length ? 1 : 0));
  const table = assembleTable(rows, columns, {
    name: 'class',
    labels: ['e', 'p'],
    codes: poisonous,
  });
  const lines = [['class', ...ATTRIBUTES.map(([n]) => n)].join(',')];
  for (let r = 0; r < rows; r++)
    lines.push([poisonous[r] ? 'p' : 'e', ...columns.map((c) => c.labels[c.codes[r]!]!)].join(','));
  return { table, csv: lines.join('\n') + '\n' };
}

/** The number of distinct rows of a table (over its attributes, the class left out). */
export function distinctRows(table: CategoricalTable): number {
  const seen = new Set<string>();
  for (let r = 0; r < table.nRows; r++) seen.add(table.attributes.map((a) => a.codes[r]).join(','));
  return seen.size;
}
