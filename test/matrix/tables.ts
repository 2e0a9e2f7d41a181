/**
 * The matrix's tables: every bundled data set (public/datasets/index.json, real public tables
 * with their provenance, and the papers' toy tables) and the generated hostile shapes, each
 * loaded as the explorer loads a dropped file (missing policy auto unless the shape needs one).
 */
import { readFileSync } from 'node:fs';
import { ExplorerSession } from '../../src/core/platform/session.ts';
import { hostileTables } from './generated.ts';

export interface MatrixTable {
  name: string;
  rows: number;
  /** In the quick subset that `npm test` runs (seconds in all). */
  quick: boolean;
  /**
   * Every cell even in the quick subset: the generated hostile shapes, small and made to break
   * things, get their per-representation projections and clusterings there too.
   */
  allCells: boolean;
  note: string;
  open(): Promise<ExplorerSession>;
}

interface IndexEntry {
  file: string;
  title: string;
  rows: number;
  classColumn: string | null;
  drop: string[];
  note: string;
}

const DATASETS = new URL('../../public/datasets/', import.meta.url);
/** Bundled tables up to this many rows are in the quick subset. */
const QUICK_ROWS = 300;

export function matrixTables(): MatrixTable[] {
  const index = JSON.parse(readFileSync(new URL('index.json', DATASETS), 'utf8')) as {
    datasets: IndexEntry[];
  };
  const bundled = index.datasets
    .filter((d) => d.file.endsWith('.csv'))
    .map((d) => ({
      name: d.file,
      rows: d.rows,
      quick: d.rows <= QUICK_ROWS,
      allCells: false,
      note: d.note,
      open: () =>
        session(readFileSync(new URL(d.file, DATASETS), 'utf8'), {
          classColumn: d.classColumn,
          drop: d.drop,
        }),
    }));
  const generated = hostileTables().map((t) => ({
    name: `generated: ${t.name}`,
    rows: t.csv.split('\n').length - 2,
    quick: true,
    allCells: true,
    note: t.note,
    open: () =>
      session(t.csv, {
        classColumn: t.classColumn,
        include: t.include,
        ...(t.missing && { missing: t.missing }),
      }),
  }));
  return [...bundled, ...generated];
}

async function session(
  csv: string,
  options: {
    classColumn: string | null;
    drop?: string[];
    include?: string[];
    missing?: 'auto' | 'drop' | 'own' | 'mode';
  },
): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([csv], {}, { missing: 'auto', ...options });
  return s;
}
