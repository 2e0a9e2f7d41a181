import { expect } from 'vitest';
import { chanceScores } from '../src/core/evaluation/chance.ts';
import type { MeanSd } from '../src/core/evaluation/partitions.ts';
import type { PrepareOptions } from '../src/core/data/table/prepare.ts';
import { Z } from '../results/tolerance.ts';
import { loadDataset } from './helpers.ts';

/**
 * Chance's scores on a bundled table's classes (random partitions into k = the classes, `runs`
 * of them), for tests that claim a clustering found structure (issue 31: "F > 0.4" claims
 * nothing; beating chance by 1.96 standard errors of the difference does).
 */
export async function chanceOn(
  file: string,
  options: PrepareOptions,
  runs: number,
): Promise<ReturnType<typeof chanceScores>> {
  const { table } = await loadDataset(file, options);
  const classes = table.classColumn?.codes;
  if (!classes) throw new Error(`${file} has no class column`);
  return chanceScores(classes, new Set(classes).size, runs);
}

/** Ours (a mean ± sd over `runs`) is above chance's by more than Z standard errors. */
export function expectAboveChance(label: string, ours: MeanSd, chance: MeanSd, runs: number): void {
  const se = Math.sqrt((ours.sd ** 2 + chance.sd ** 2) / runs);
  expect(
    ours.mean - chance.mean,
    `${label}: ${ours.mean.toFixed(3)} ± ${ours.sd.toFixed(3)} against chance ${chance.mean.toFixed(3)} ± ${chance.sd.toFixed(3)} over ${runs} runs`,
  ).toBeGreaterThan(Z * se);
}
