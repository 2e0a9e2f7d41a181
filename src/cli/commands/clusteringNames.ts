import { scorePartition, meanSd } from '../../core/evaluation/partitions.ts';
import { runToEnd } from '../../core/base/jobs.ts';
import type { Cell, ResultTable } from '../../core/platform/results.ts';
import type { ExplorerSession } from '../../core/platform/session.ts';

/**
 * Wang et al. 2015's clustering schemes by name, for `evaluate-clustering --methods`: KM and SC with each
 * dissimilarity (kmodes-smd, spectral-cado …) and ROCK / CROCK. Each scheme runs through the
 * registry (the clustering evaluation with algorithm auto or spectral; the rock step), so the
 * numbers are the app's.
 */
const DISSIMILARITIES: Readonly<Record<string, string>> = {
  smd: 'hamming',
  ofd: 'ofd',
  add: 'add',
  cado: 'cas',
};

export function isSchemeName(name: string): boolean {
  return /^(kmodes|spectral)-/.test(name) || name === 'rock' || name === 'crock';
}

function parseScheme(name: string): {
  algorithm: 'auto' | 'spectral' | 'spectral-similarity' | 'rock';
  method: string;
} {
  if (name === 'rock') return { algorithm: 'rock', method: 'jaccard' };
  if (name === 'crock') return { algorithm: 'rock', method: 'caso' };
  if (name === 'spectral-caso') return { algorithm: 'spectral-similarity', method: 'cas' };
  const [prefix, measure = ''] = name.split(/-(.*)/s);
  const method = DISSIMILARITIES[measure];
  if (!method)
    throw new RangeError(
      `unknown scheme “${name}”: use kmodes-D or spectral-D with D one of ${Object.keys(DISSIMILARITIES).join(', ')}, spectral-caso, rock or crock`,
    );
  return { algorithm: prefix === 'spectral' ? 'spectral' : 'auto', method };
}

/** The schemes' AC, NMI and F-score as one table (ROCK / CROCK are deterministic: sd 0). */
export function evaluateSchemes(
  session: ExplorerSession,
  names: readonly string[],
  options: { runs: number; seed: number; theta: number; k: number },
): ResultTable {
  const table = session.table;
  if (!table.classColumn) throw new RangeError('evaluate-clustering needs --class COL');
  const classes = table.classColumn.codes;
  const rows: Record<string, Cell>[] = [];
  for (const name of names) {
    const scheme = parseScheme(name);
    if (scheme.algorithm === 'rock') {
      const out = runToEnd(
        session.runSteps({
          method: 'rock',
          options: { similarity: scheme.method, theta: options.theta, k: options.k },
        }),
      );
      const partition = out.results.partition;
      if (partition?.kind !== 'object-partition') throw new Error('rock gave no partition');
      const s = scorePartition(classes, partition.labels);
      rows.push({
        method: name,
        title: partition.title,
        clusters: partition.k,
        accuracy: meanSd([s.accuracy]),
        nmi: meanSd([s.nmi]),
        fscore: meanSd([s.fscore]),
      });
      continue;
    }
    const out = runToEnd(
      session.runSteps({
        method: 'evaluate-clustering',
        options: {
          runs: options.runs,
          seed: options.seed,
          k: options.k,
          algorithm: scheme.algorithm,
        },
        inputs: { methods: [{ method: scheme.method }] },
      }),
    );
    const row = (out.results.table as ResultTable).rows[0] ?? {};
    rows.push({
      method: name,
      title: `${scheme.algorithm === 'auto' ? 'k-modes' : 'spectral'} with ${name.split('-')[1]?.toUpperCase()}`,
      clusters: null,
      accuracy: row.accuracy ?? null,
      nmi: row.nmi ?? null,
      fscore: row.fscore ?? null,
    });
  }
  return {
    kind: 'table',
    title: 'Clustering schemes (coupled attribute similarity, Wang et al. 2015, Sec. VIII-B)',
    columns: [
      { key: 'title', title: 'scheme' },
      { key: 'accuracy', title: 'AC' },
      { key: 'nmi', title: 'NMI' },
      { key: 'fscore', title: 'F-score' },
      { key: 'clusters', title: 'clusters' },
    ],
    rows,
    notes: [
      `k = ${options.k || 'the number of classes'}; KM and SC: ${options.runs} seeded runs (seed ${options.seed}), mean ± sd; ROCK / CROCK: θ = ${options.theta}, deterministic`,
    ],
  };
}
