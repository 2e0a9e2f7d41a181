/** The CLI's registry commands: `methods`, `run`, and the old commands as aliases of `run`. */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';

/** The JSON without its timings. */
function untimed(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => (key === 'seconds' ? undefined : value));
}

describe('CLI: the registry', () => {
  it('methods lists every method (the CURE five, Hamming, CAS, DILCA, SAnDCat and the detectors) with papers and result kinds, and the steps', async () => {
    const run = await cli('methods');
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as {
      methods: {
        id: string;
        paper: string;
        where: string;
        parameters: { name: string }[];
        produces: string[];
      }[];
      steps: { id: string; inputs: { name: string; accepts: string[] }[] }[];
    };
    expect(json.methods.map((m) => m.id)).toEqual([
      'cde',
      'cosh',
      'onehot',
      'onehot-pca',
      'idf',
      'hamming',
      'cas',
      'caso',
      'ofd',
      'add',
      'limbo',
      'dilca',
      'couplings',
      'untie',
      'sandcat',
      'cbrw',
      'zero',
      'lof-of',
      'iforest',
    ]);
    const cde = json.methods[0];
    expect(cde?.paper).toMatch(/CURE.*TKDE/);
    expect(cde?.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['alpha', 'beta', 'seed', 'orientation']),
    );
    expect(cde?.produces).toEqual([
      'value-matrix',
      'value-partitions',
      'value-embedding',
      'object-embedding',
    ]);
    expect(json.methods.find((m) => m.id === 'cosh')?.produces).toContain('object-scores');
    expect(json.methods.find((m) => m.id === 'hamming')?.produces).toEqual(['object-distance']);
    expect(json.steps.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'tsne',
        'mds',
        'pca',
        'kmeans',
        'evaluate-clustering',
        'evaluate-outliers',
      ]),
    );
  });

  it('`run cde FILE --seed 3` prints the same JSON as `cde FILE --seed 3`, timings aside', async () => {
    const [run, alias] = await Promise.all([
      cli('run', 'cde', ZOO, '--seed', '3'),
      cli('cde', ZOO, '--seed', '3'),
    ]);
    expect(run.stderr).toBe('');
    expect(alias.stderr).toBe('');
    expect(untimed(alias.stdout)).toEqual(untimed(run.stdout));
    expect((untimed(run.stdout) as { options: { seed: number } }).options.seed).toBe(3);
  });

  it('`project` is `run tsne|mds|pca --of R`, and evaluate-clustering is `run evaluate-clustering`', async () => {
    const [project, run] = await Promise.all([
      cli('project', ZOO, '--representation', 'idf', '--projection', 'mds', '--seed', '2'),
      cli('run', 'mds', ZOO, '--of', 'idf', '--seed', '2'),
    ]);
    expect(untimed(project.stdout)).toEqual(untimed(run.stdout));
    const [evaluate, runEvaluate] = await Promise.all([
      cli('evaluate-clustering', ZOO, '--class', 'type', '--methods', 'onehot,idf', '--runs', '3'),
      cli(
        'run',
        'evaluate-clustering',
        ZOO,
        '--class',
        'type',
        '--methods',
        'onehot,idf',
        '--runs',
        '3',
      ),
    ]);
    expect(untimed(evaluate.stdout)).toEqual(untimed(runEvaluate.stdout));
  });

  it('refuses an unknown method, option or command, naming it (exit 2, one line)', async () => {
    for (const [args, message] of [
      [
        ['run', 'trimap', ZOO],
        /unknown method “trimap” \(cde, cosh, onehot, onehot-pca, idf, hamming, cas, caso, ofd, add, limbo, dilca, couplings, untie, sandcat, cbrw, zero, lof-of, iforest, tsne/,
      ],
      [
        ['run', 'cde', ZOO, '--alpha', '0'],
        /^error: alpha must be a finite number > 0 and ≤ 4096, got 0$/,
      ],
      [['run', 'cde', ZOO, '--perplexity', '5'], /unknown option --perplexity/],
      [['run', 'tsne', ZOO], /tsne needs --of METHOD/],
      [['frobnicate', ZOO], /unknown command “frobnicate”/],
    ] as const) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
