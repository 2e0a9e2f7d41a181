/** `untie` in the CLI (issue 13): coupling spaces with named columns, kernel weights, loss. */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const WATERMELON = 'public/datasets/watermelon.csv';

interface UntieJson {
  results: {
    kernelWeights: {
      spaces: { attribute: string; space: string; kernel: string; weight: number }[];
    };
    loss: { series: { y: number[] }[] };
    embedding: { dims: number };
  };
}

const untie = async (...args: string[]) => {
  const run = await cli('untie', ...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const { results } = JSON.parse(run.stdout) as UntieJson;
  return { weights: results.kernelWeights.spaces, loss: results.loss.series[0]?.y ?? [], results };
};

describe('CLI: untie (an alias of run untie)', () => {
  it('prints each space’s kernel weights, the loss per iteration and the dimension', async () => {
    const { weights, loss, results } = await untie(
      WATERMELON,
      '--drop',
      'Object',
      '--iterations',
      '10',
    );
    // 3 attributes × 2 spaces × 14 kernels; 10 losses; Eq. (21) has 2 · 14 · |V| dimensions.
    expect(weights).toHaveLength(84);
    expect(loss).toHaveLength(10);
    expect(results.embedding.dims).toBe(2 * 14 * 9);
  });

  it('learns: weights leave 1 under --lr, never negative; kernels can be chosen', async () => {
    const learnt = await untie(
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
    expect(learnt.weights.some((k) => Math.abs(k.weight - 1) > 0.1)).toBe(true);
    expect(learnt.weights.every((k) => k.weight >= 0)).toBe(true);
    expect(learnt.loss.at(-1)).toBeLessThan(learnt.loss[0] as number);
    const g = await untie(
      WATERMELON,
      '--drop',
      'Object',
      '--kernels',
      'gaussian',
      '--iterations',
      '0',
    );
    expect(g.weights).toHaveLength(3 * 2 * 11);
    expect(g.weights.every((k) => k.weight === 1 && k.kernel.startsWith('Gaussian'))).toBe(true);
    expect(g.loss).toEqual([]);
  });

  it('prints the coupling spaces: the watermelon’s m_Ia(yellow) and m_Ie(yellow) of Zhu et al. 2022 Sec. 4.2', async () => {
    for (const method of ['untie', 'couplings']) {
      const run = await cli('run', method, WATERMELON, '--drop', 'Object', '--matrices');
      expect(run.stderr).toBe('');
      const { results } = JSON.parse(run.stdout) as {
        results: {
          spaces: {
            kind: string;
            attributes: Record<
              string,
              Record<string, { intra: number[]; inter: Record<string, number> }>
            >;
          };
        };
      };
      expect(results.spaces.kind).toBe('coupling-spaces');
      const yellow = results.spaces.attributes.Color?.yellow;
      // Eq. (1): |{A2, A3}| / 6; Eq. (4): p(yellow | v*) over Texture's and Root Shape's values.
      expect(yellow?.intra).toEqual([1 / 3]);
      expect(yellow?.inter).toEqual({
        'Texture=clear': 0,
        'Texture=blurry': 2 / 3,
        'Root Shape=straight': 1 / 2,
        'Root Shape=curled': 1 / 2,
        'Root Shape=slightly curled': 0,
      });
    }
  });

  it('refuses bad options in one line (exit 2)', async () => {
    for (const [args, message] of [
      [['--batch', '1'], /batch/],
      [['--lr', 'fast'], /learningRate/],
      [['--kernels', 'cubic'], /kernels/],
      [['--nope', '1'], /nope/],
    ] as const) {
      const run = await cli('untie', WATERMELON, '--drop', 'Object', ...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n')).toHaveLength(1);
    }
  });

  it('evaluate-clustering sets UNTIE (the paper’s learning, its default), UNTIE kernels ω = 1 and Couplings beside Table 4 (METHOD@option=value)', async () => {
    const run = await cli(
      'evaluate-clustering',
      'public/datasets/vote.csv',
      '--class',
      'Class',
      '--methods',
      'untie,untie@iterations=0,couplings,hamming',
      '--runs',
      '3',
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      results: {
        table: { rows: { method: string; title: string; paper: number | null }[]; notes: string[] };
      };
    };
    const [untie, kernels, couplings, hamming] = json.results.table.rows;
    // Matched to the paper's Housevotes row (its numbers are pinned in results/): UNTIE at its
    // defaults is the paper's UNTIE, Couplings its Couplings; UNTIE with ω = 1 is neither, so it
    // has no column and says what it is.
    expect(untie?.title).toBe('UNTIE');
    expect(untie?.paper).toBe(0.9051);
    expect(kernels?.title).toBe('UNTIE kernels, ω = 1 (Alg. 1 without steps 4–11)');
    expect(kernels?.paper).toBeNull();
    expect(couplings?.paper).toBe(0.8836);
    expect(hamming?.paper).toBe(0.8664);
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
