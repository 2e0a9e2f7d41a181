import { scorePartition, meanSd } from '../../core/evaluation/partitions.ts';
import { runToEnd } from '../../core/base/jobs.ts';
import type { Cell, ResultTable } from '../../core/platform/results.ts';
import type { ExplorerSession } from '../../core/platform/session.ts';
import { parseScheme } from '../../core/methods/cas/schemes.ts';
import { evaluateClusteringStep } from '../../core/evaluation/evaluateClustering.ts';

/**
 * Wang et al. 2015's clustering schemes by name, for `evaluate-clustering --methods`
 * (core/methods/cas/schemes.ts). Each runs through the registry (the clustering evaluation with
 * algorithm auto or spectral; the rock step), so the numbers are the app's.
 */

/** The schemes' AC, NMI and F-score as one table (ROCK / CROCK are deterministic: sd 0). */
export function evaluateSchemes(
  session: ExplorerSession,
  names: readonly string[],
  options: { runs: number; seed: number; theta: number; k: number },
): ResultTable {
  const table = session.table;
  if (!table.classColumn) throw new RangeError(`${evaluateClusteringStep.id} needs --class COL`);
  const classes = table.classColumn.codes;
  const rows: Record<string, Cell>[] = [];
  for (const name of names) {
    const scheme = parseScheme(name);
    if (scheme.kind === 'step') {
      const out = runToEnd(
        session.runSteps({
          method: scheme.method,
          options: { ...scheme.options, theta: options.theta, k: options.k },
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
        method: evaluateClusteringStep.id,
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
      // The scheme's own words: “kmodes-smd” → “k-modes with SMD”.
      title: `${name.split('-')[0]?.replace('kmodes', 'k-modes')} with ${name.split('-')[1]?.toUpperCase()}`,
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
