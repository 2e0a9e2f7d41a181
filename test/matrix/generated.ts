/**
 * Tables generated for the real-data matrix (nothing outside the repo): the hostile shapes real
 * files take that the bundled tables do not — a wide table, attributes left with one value after
 * rows are dropped, identical rows, one class, a class of one — and a table of the mushroom
 * shape with duplicate rows and missing cells. Each is a seeded CSV string.
 */
import { createRandom } from '../../src/core/base/random.ts';

export interface GeneratedTable {
  name: string;
  csv: string;
  classColumn: string | null;
  /** Columns to keep although the explorer would leave them out (constant ones). */
  include?: string[];
  /** The missing policy to load it with (the explorer's default: auto). */
  missing?: 'auto' | 'drop' | 'own' | 'mode';
  note: string;
}

interface LatentShape {
  rows: number;
  /** Values of each attribute. */
  values: readonly number[];
  classes: number;
  seed: number;
  /** Share of rows that repeat an earlier row exactly. */
  duplicates?: number;
  /** Share of cells left empty (missing), per attribute listed. */
  missing?: Readonly<Record<number, number>>;
  names?: readonly string[];
}

/**
 * A latent-class table: each row's class drives every attribute a little (values couple, the
 * class follows them); a share of rows repeats an earlier row; chosen attributes lose cells.
 */
export function latentCsv(shape: LatentShape): string {
  const { next } = createRandom(shape.seed);
  const names = shape.values.map((_, a) => shape.names?.[a] ?? `a${a + 1}`);
  const lines = [[...names, 'class'].join(',')];
  const kept: string[] = [];
  for (let r = 0; r < shape.rows; r++) {
    if (kept.length > 0 && next() < (shape.duplicates ?? 0)) {
      const line = kept[Math.floor(next() * kept.length)] as string;
      lines.push(line);
      continue;
    }
    const c = Math.floor(next() * shape.classes);
    const cells = shape.values.map((m, a) => {
      if (next() < (shape.missing?.[a] ?? 0)) return '';
      const v = next() < 0.6 ? (c * 7 + a) % m : Math.floor(next() * m);
      return `${String.fromCharCode(97 + (v % 26))}${v >= 26 ? Math.floor(v / 26) : ''}`;
    });
    const line = [...cells, `c${c}`].join(',');
    kept.push(line);
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

const MUSHROOM_VALUES = [6, 4, 10, 2, 9, 2, 2, 2, 12, 2, 5, 4, 4, 9, 9, 1, 4, 3, 5, 9, 6, 7];

/** 8,000 rows × 22 attributes of the mushroom shape, a quarter duplicates, missing cells in two. */
export function mushroomShapedCsv(rows = 8000): string {
  return latentCsv({
    rows,
    values: MUSHROOM_VALUES,
    classes: 2,
    seed: 26,
    duplicates: 0.25,
    missing: { 10: 0.3, 2: 0.02 },
  });
}

/** The hostile shapes, each small enough for the quick matrix. */
export function hostileTables(): GeneratedTable[] {
  const tables: GeneratedTable[] = [
    {
      name: 'wide (30 × 120)',
      csv: latentCsv({ rows: 30, values: Array(120).fill(3), classes: 2, seed: 1 }),
      classColumn: 'class',
      note: 'far more attributes than rows',
    },
    {
      name: 'one value left after dropping',
      csv: oneValueAfterDrop(),
      classColumn: 'class',
      missing: 'drop',
      note: 'dropping the rows with a missing cell leaves two attributes with one value',
    },
    {
      name: 'identical rows',
      csv: identicalRows(30),
      classColumn: 'class',
      include: ['a', 'b', 'c'],
      note: 'every feature row the same; the class alternates',
    },
    {
      name: 'one class',
      csv: latentCsv({ rows: 60, values: [3, 4, 2, 5], classes: 1, seed: 2 }),
      classColumn: 'class',
      note: 'the class column holds a single label',
    },
    {
      name: 'a class of one',
      csv: classOfOne(),
      classColumn: 'class',
      note: 'three classes, one with a single member',
    },
    {
      name: 'one attribute',
      csv: latentCsv({ rows: 80, values: [5], classes: 2, seed: 3 }),
      classColumn: 'class',
      note: 'a single feature attribute',
    },
    {
      name: 'three rows',
      csv: latentCsv({ rows: 3, values: [2, 3, 2], classes: 2, seed: 4 }),
      classColumn: 'class',
      note: 'fewer rows than most methods’ defaults assume',
    },
    {
      name: 'no class',
      csv: latentCsv({ rows: 120, values: [3, 3, 4, 2], classes: 3, seed: 5 }).replace(
        /,c\d+$/gm,
        '',
      ),
      classColumn: null,
      note: 'no class column: the evaluations do not apply',
    },
  ];
  return tables.map((t) => ({
    ...t,
    // The last column of the class-less table is a feature, so drop the header's class name.
    csv: t.classColumn === null ? t.csv.replace(/,class\n/, '\n') : t.csv,
  }));
}

function oneValueAfterDrop(): string {
  const { next } = createRandom(6);
  const lines = ['a,b,c,d,class'];
  for (let r = 0; r < 50; r++) {
    const c = r % 2;
    // b and c vary only on rows that also miss d: once those rows go, b and c hold one value.
    const varies = r % 5 === 0;
    const cells = [
      `x${Math.floor(next() * 3)}`,
      varies ? `y${r % 3}` : 'y0',
      varies ? 'z1' : 'z0',
      varies ? '' : `w${Math.floor(next() * 2) + c}`,
      `c${c}`,
    ];
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

function identicalRows(n: number): string {
  const lines = ['a,b,c,class'];
  for (let r = 0; r < n; r++) lines.push(`p,q,r,c${r % 2}`);
  return `${lines.join('\n')}\n`;
}

function classOfOne(): string {
  const base = latentCsv({ rows: 59, values: [3, 4, 3, 2, 5], classes: 2, seed: 7 });
  return `${base}a,b,c,a,e,solo\n`;
}
