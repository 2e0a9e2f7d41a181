/**
 * What every reproduction of a published number shares: the row it writes (paper beside ours,
 * the tolerance's rule, the baseline's number for the mutation check), and how it opens a
 * bundled data set and runs a call.
 */
import { readFileSync } from 'node:fs';
import { runToEnd } from '../../src/core/base/jobs.ts';
import type { Call, MethodOutput } from '../../src/core/platform/spec.ts';
import type { Cell } from '../../src/core/platform/results.ts';
import { ExplorerSession } from '../../src/core/platform/session.ts';
import type { PrepareOptions } from '../../src/core/data/table/prepare.ts';
import { toleranceOf, Z, type Basis } from '../tolerance.ts';

export interface ReproducedRow {
  data: string;
  quantity: string;
  paper: number;
  ours: number;
  /** Spread of ours, when it is a mean. */
  sd?: number;
  /** The rule the tolerance comes from (results/tolerance.ts). */
  basis: Basis;
  /** |ours − paper| a reproduced number stays within: toleranceOf(basis). */
  tolerance: number;
  /**
   * The same quantity, same protocol, with the method swapped for its baseline (its no-learning,
   * one-hot or chance version): a pin that the baseline also meets pins nothing, so
   * test/results/paperNumbers.test.ts asserts the baseline falls outside the tolerance.
   */
  baseline?: { name: string; ours: number };
  /** Why a number has no baseline (an index of the data, not of a method). */
  noBaseline?: string;
  /** Why a number does not pin its method, and its declared gap: from results/pins/declared.ts. */
  notReproduced?: string;
  /**
   * Declared when the paper's own number cannot tell the method from its baseline (its gap to
   * the baseline's printed number lies within the paper's standard error): then the baseline
   * meets the pin too, and the row is a comparison, not a pin.
   */
  indistinct?: string;
}

/** A row with its tolerance computed from its basis. */
export function pinned(row: Omit<ReproducedRow, 'tolerance'>): ReproducedRow {
  return { ...row, tolerance: toleranceOf(row.basis) };
}

/** Whether a row's number is within its tolerance of the paper's. */
export function reproduces(row: ReproducedRow): boolean {
  return Math.abs(row.ours - row.paper) <= row.tolerance;
}

export interface Reproduction {
  id: string;
  title: string;
  /** Where the numbers are printed. */
  source: string;
  /** How ours were computed. */
  protocol: string;
  rows: ReproducedRow[];
  notes: string[];
}

/**
 * A session on a bundled table: `file` in public/datasets (the app's samples), or `data/FILE` in
 * results/data (the papers' data sets only the reproductions read; results/datasets.md).
 */
export async function session(file: string, options: PrepareOptions): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  const at = file.startsWith('data/') ? `../${file}` : `../../public/datasets/${file}`;
  const text = readFileSync(new URL(at, import.meta.url), 'utf8');
  await s.load([text], {}, options);
  return s;
}

export function run(s: ExplorerSession, call: Call): MethodOutput {
  return runToEnd(s.runSteps(call));
}

export function mean(cell: Cell | undefined): { mean: number; sd: number } {
  if (cell === null || typeof cell !== 'object')
    throw new Error(`expected a mean ± sd, got ${String(cell)}`);
  return cell;
}

/**
 * Why a paper's number cannot tell its method from the baseline, or undefined when it can: its
 * gap to the baseline's number in the same paper lies within Z standard errors of the difference
 * of two of the paper's means (each of `paperRuns` runs spreading with sd).
 */
export function indistinctInPaper(
  paper: number,
  paperBaseline: { name: string; value: number },
  sd: number,
  paperRuns: number,
): string | undefined {
  const gap = Math.abs(paper - paperBaseline.value);
  const se = sd * Math.sqrt(2 / paperRuns);
  if (gap > Z * se) return undefined;
  return `the paper’s ${paper} is ${gap.toFixed(3)} from its ${paperBaseline.name} (${paperBaseline.value}), within ${Z} standard errors (${(Z * se).toFixed(3)}) of ${paperRuns === 1 ? 'two single runs' : `two means of ${paperRuns} runs`} at our sd ${sd.toFixed(3)}: the paper’s table cannot tell them apart, so neither can this pin`;
}
