/**
 * Zhu et al. 2022 (UNTIE) Table 4's Couplings column (Sec. 6.3.1: the coupling-space vectors
 * concatenated, no kernels, no learning), from the CLI as a user runs it: `evaluate-clustering
 * FILE --methods couplings --protocol paper-zoo --runs 50` on the three data sets issue 45 names
 * (the CLI's `runCli` in this process, test/cli/cliRun.ts: the same command, its exit code and
 * printed JSON, without a second of CPU per data set loading the sources into a process).
 * The tolerance is results/tolerance.ts's rule (1.96 standard errors of the difference of our
 * mean and the paper's, each of 50 runs spreading as ours, plus half a printed unit), fixed
 * before these runs. Housevotes and DNAPromoter reproduce. DNAnominal sits at the edge: these 50
 * runs (one seeded stream) give 67.36 ± 1.63, within ±0.64 of 67.70, but 94 % of runs end in one
 * partition scoring 67.38 — the paper's 67.70 lies above every partition we reach, as
 * scikit-learn's KMeans on the same vectors also finds — and 50 paired runs from seeds 0-49
 * (results/untie-dnanominal.md: 67.24 ± 0.69) or 400 runs (67.18 ± 0.81) put it outside. It is
 * declared not reproduced (results/pins/declared.ts) and held here only to that: below the paper,
 * by less than one point.
 */
import { describe, expect, it } from 'vitest';
import { toleranceOf } from '../../results/tolerance.ts';
import { UNTIE_TABLE_4 } from '../../src/core/methods/untie/table4.ts';
import { cli } from './cliRun.ts';

const DATA = [
  ['Housevotes', 'public/datasets/vote.csv', 'Class'],
  ['DNAPromoter', 'results/data/promoters.csv', 'class'],
  ['DNAnominal', 'public/datasets/dna.csv', 'Class'],
] as const;

describe('CLI: Couplings beside Table 4’s Couplings column', () => {
  it('Housevotes and DNAPromoter within the tolerance rule; DNAnominal just below', async () => {
    const lines: string[] = [];
    const verdicts: Record<string, { gap: number; tolerance: number }> = {};
    for (const [name, file, cls] of DATA) {
      const run = await cli(
        'evaluate-clustering',
        file,
        '--class',
        cls,
        '--methods',
        'couplings',
        '--protocol',
        'paper-zoo',
        '--runs',
        '50',
      );
      expect(run.code, run.stderr).toBe(0);
      const row = (
        JSON.parse(run.stdout) as {
          results: { table: { rows: { fscore: { mean: number; sd: number }; paper: number }[] } };
        }
      ).results.table.rows[0];
      const paper = UNTIE_TABLE_4.find((r) => r.data === name)?.fscore.couplings;
      expect(row?.paper).toBe(paper);
      const { mean, sd } = row?.fscore ?? { mean: Number.NaN, sd: Number.NaN };
      const tolerance = toleranceOf({ kind: 'runs', runs: 50, sd, paperRuns: 50, decimals: 4 });
      verdicts[name] = { gap: mean - (paper as number), tolerance };
      lines.push(
        `${name}: ours ${(100 * mean).toFixed(2)} ± ${(100 * sd).toFixed(2)}, paper ${(100 * (paper as number)).toFixed(2)}, gap ${(100 * (mean - (paper as number))).toFixed(2)}, tolerance ±${(100 * tolerance).toFixed(2)}`,
      );
    }
    console.log(`Table 4, Couplings (F-score %):\n${lines.join('\n')}`);
    for (const name of ['Housevotes', 'DNAPromoter'] as const)
      expect(Math.abs(verdicts[name]!.gap), lines.join('; ')).toBeLessThanOrEqual(
        verdicts[name]!.tolerance,
      );
    expect(verdicts.DNAnominal!.gap).toBeLessThan(0);
    expect(verdicts.DNAnominal!.gap).toBeGreaterThan(-0.01);
  }, 600_000);
});
