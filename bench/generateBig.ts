/**
 * A streaming generator of large categorical CSV files (rows are written as they are drawn; memory
 * stays flat whatever the size): `npx tsx bench/generateBig.ts --rows 20000000 --out /tmp/big.csv`.
 *
 * Options: --attributes 20 (categorical columns a1…), --values 3..8 values per attribute (cycled),
 * --numeric 0 (extra numeric columns x1…, 1,000 distinct values each, binned by the reader),
 * --missing 0 (share of cells written as `?`, any column), --class (adds a class column `class`
 * with 4 labels), --seed 1. Rows come from a seeded latent-class model: each row draws one of 4
 * latent classes, and each attribute's value leans towards that class's favourite value (so
 * attributes depend on each other, as real categorical data do).
 */
import { createWriteStream } from 'node:fs';
import { createRandom } from '../src/core/base/random.ts';

export interface BigOptions {
  rows: number;
  attributes: number;
  numeric: number;
  missing: number;
  classColumn: boolean;
  seed: number;
}

const LATENT = 4;

/** Writes the file; resolves with its size in bytes. */
export async function generateBig(file: string, options: BigOptions): Promise<number> {
  const random = createRandom(options.seed);
  const sizes = Array.from({ length: options.attributes }, (_, a) => 3 + (a % 6));
  const favourite = sizes.map((m) => Array.from({ length: LATENT }, () => random.int(m)));
  const header = [
    ...sizes.map((_, a) => `a${a + 1}`),
    ...Array.from({ length: options.numeric }, (_, j) => `x${j + 1}`),
    ...(options.classColumn ? ['class'] : []),
  ];
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  await write(`${header.join(',')}\n`);
  const cell = (text: string): string => (random.next() < options.missing ? '?' : text);
  let chunk = '';
  for (let r = 0; r < options.rows; r++) {
    const z = random.int(LATENT);
    const cells = sizes.map((m, a) =>
      cell(`v${random.next() < 0.6 ? (favourite[a]?.[z] as number) : random.int(m)}`),
    );
    for (let j = 0; j < options.numeric; j++)
      cells.push(cell(String(((z * 250 + random.int(1000)) % 1000) / 10)));
    if (options.classColumn) cells.push(cell(`c${z}`));
    chunk += `${cells.join(',')}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
  return bytes;
}

export function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const out = flag(argv, 'out');
  if (!out) {
    process.stderr.write(
      'usage: tsx bench/generateBig.ts --rows N --out FILE [--attributes 20] [--numeric 0] [--missing 0] [--class] [--seed 1]\n',
    );
    process.exit(2);
  }
  const options: BigOptions = {
    rows: Number(flag(argv, 'rows') ?? 1_000_000),
    attributes: Number(flag(argv, 'attributes') ?? 20),
    numeric: Number(flag(argv, 'numeric') ?? 0),
    missing: Number(flag(argv, 'missing') ?? 0),
    classColumn: argv.includes('--class'),
    seed: Number(flag(argv, 'seed') ?? 1),
  };
  const start = performance.now();
  const bytes = await generateBig(out, options);
  process.stdout.write(
    `${out}: ${options.rows.toLocaleString('en-US')} rows, ${(bytes / 1e9).toFixed(2)} GB in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
  );
}
