/** `untie` in the CLI (issue 13): coupling spaces with named columns, kernel weights, loss. */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const WATERMELON = 'public/datasets/watermelon.csv';

interface UntieJson {
  spaces?: {
    attribute: string;
    kind: string;
    values: string[];
    columns: string[];
    vectors: number[][];
  }[];
  kernelWeights: { attribute: string; space: string; kernel: string; weight: number }[];
  loss: number[];
  dims: number;
  iterations: number;
}

describe('CLI: untie', () => {
  it('--spaces prints each coupling space with the value each column stands for', async () => {
    const run = await cli(
      'untie',
      WATERMELON,
      '--drop',
      'Object',
      '--spaces',
      '--iterations',
      '10',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as UntieJson;
    const inter = json.spaces?.find((s) => s.attribute === 'Color' && s.kind === 'inter');
    expect(inter?.columns).toEqual([
      'Texture=clear',
      'Texture=blurry',
      'Root Shape=straight',
      'Root Shape=curled',
      'Root Shape=slightly curled',
    ]);
    const yellow = inter?.values.indexOf('yellow') ?? -1;
    // Zhu et al. 2022 (UNTIE) Sec. 4.2: m_Ie(yellow) = [0, 2/3, 1/2, 1/2, 0].
    expect(inter?.vectors[yellow]).toEqual([0, 0.66666667, 0.5, 0.5, 0]);
    const intra = json.spaces?.find((s) => s.attribute === 'Color' && s.kind === 'intra');
    expect(intra?.vectors[yellow]).toEqual([0.33333333]);
    // 3 attributes × 2 spaces × 14 kernels; 10 losses; Eq. (21) has 2 · 14 · |V| dimensions.
    expect(json.kernelWeights).toHaveLength(84);
    expect(json.loss).toHaveLength(10);
    expect(json.dims).toBe(2 * 14 * 9);
  });

  it('learns: weights leave 1 under --lr, never negative; kernels can be chosen', async () => {
    const run = await cli(
      'untie',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--lr',
      '0.05',
      '--iterations',
      '200',
      '--seed',
      '2',
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as UntieJson;
    expect(json.kernelWeights.some((k) => Math.abs(k.weight - 1) > 0.1)).toBe(true);
    expect(json.kernelWeights.every((k) => k.weight >= 0)).toBe(true);
    expect(json.loss.at(-1)).toBeLessThan(json.loss[0] as number);
    const gaussian = await cli(
      'untie',
      WATERMELON,
      '--drop',
      'Object',
      '--kernels',
      'gaussian',
      '--iterations',
      '0',
    );
    const g = JSON.parse(gaussian.stdout) as UntieJson;
    expect(g.kernelWeights).toHaveLength(3 * 2 * 11);
    expect(g.kernelWeights.every((k) => k.weight === 1 && k.kernel.startsWith('Gaussian'))).toBe(
      true,
    );
    expect(g.loss).toEqual([]);
  });

  it('refuses bad options in one line (exit 2)', async () => {
    for (const [args, message] of [
      [['--batch', '1'], /batch/],
      [['--lr', 'fast'], /--lr must be a number/],
      [['--kernels', 'cubic'], /kernels/],
      [['--nope', '1'], /nope/],
    ] as const) {
      const run = await cli('untie', WATERMELON, '--drop', 'Object', ...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n')).toHaveLength(1);
    }
  });

  it('evaluate-clustering takes UNTIE and its “Couplings” variant (METHOD@option=value)', async () => {
    const run = await cli(
      'evaluate-clustering',
      'public/datasets/vote.csv',
      '--class',
      'Class',
      '--methods',
      'untie,untie@iterations=0,hamming',
      '--runs',
      '3',
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      results: {
        table: { rows: { method: string; title: string; paper: number | null }[]; notes: string[] };
      };
    };
    const rows = json.results.table.rows;
    expect(rows.map((r) => r.paper)).toEqual([0.9051, 0.8836, 0.8664]);
    expect(rows[1]?.title).toMatch(/UNTIE.*iterations 0/);
    expect(json.results.table.notes.join(' ')).toMatch(
      /Housevotes in Zhu et al. 2022 \(UNTIE\) Table 4/,
    );
    const bad = await cli(
      'evaluate-clustering',
      'public/datasets/vote.csv',
      '--class',
      'Class',
      '--methods',
      'untie@speed=2',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/untie@speed=2.*option of untie/);
  });
});
