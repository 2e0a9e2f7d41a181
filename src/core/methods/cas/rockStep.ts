import { checkedSimilarity } from '../../base/checkedValue.ts';
import {
  categoricalJaccard,
  rockSteps,
  ROCK_MAX_OBJECTS,
  ROCK_THETA,
  type Similarity,
} from '../../clustering/rock.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { valueTableSum } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import { AUTO, autoNumber, type ParameterSpec } from '../../base/parameters.ts';
import { CLUSTERS_PARAMETER, defaultClusters } from '../../clustering/kmeansStep.ts';
import { casMethod } from './cas.ts';
import { badOption, internal } from '../../base/errors.ts';

/** Which similarity decides the neighbours: ROCK's Jaccard or CROCK's CASO / n. */
export const ROCK_SIMILARITY = {
  name: 'similarity',
  type: 'choice',
  default: 'caso',
  choices: ['jaccard', 'caso'],
  choiceTitles: { jaccard: 'Jaccard (ROCK)', caso: 'CASO / n (CROCK)' },
  description: 'Which similarity decides the neighbours',
} as const satisfies ParameterSpec;

/**
 * ROCK (Guha, Rastogi, Shim 1999) and CROCK (coupled attribute similarity, Wang et al. 2015, Sec. VIII-B): agglomerative clustering by
 * links — objects are neighbours when their similarity is at least θ, two clusters' link is the
 * number of neighbours they share — merged by goodness with f(θ) = (1 − θ)/(1 + θ). ROCK's
 * similarity is the Jaccard coefficient of the objects' values; CROCK's is CASO / n (the mean
 * CASV over the n attributes, so θ is on the same [0, 1] scale).
 */
export const rockStep = defineMethod({
  id: 'rock',
  title: 'ROCK / CROCK',
  role: 'step',
  order: 12,
  paper:
    'Guha, Rastogi, Shim, ICDE 1999; CROCK: Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)',
  where: 'Wang et al. 2015 (coupled attribute similarity) Sec. VIII-B',
  description:
    'Link-based agglomerative clustering on Jaccard (ROCK) or coupled similarity (CROCK)',
  parameters: [ROCK_SIMILARITY, ROCK_THETA, CLUSTERS_PARAMETER],
  produces: ['object-partition', 'measures'],
  maxObjects: ROCK_MAX_OBJECTS,
  // Wang et al. 2015, Sec. VIII-B: θ = 0.5 for ROCK, 0.9 for CROCK.
  presets: [
    { label: 'ROCK (Jaccard, θ = 0.5)', options: { similarity: 'jaccard', theta: 0.5 } },
    { label: 'CROCK (CASO/n, θ = 0.9)', options: { similarity: 'caso', theta: 0.9 } },
  ],
  check(table) {
    if (table.nRows > ROCK_MAX_OBJECTS)
      throw badOption(
        `ROCK keeps an n × n link matrix and is limited to ${ROCK_MAX_OBJECTS.toLocaleString('en-US')} objects; this table has ${table.nRows.toLocaleString('en-US')}`,
      );
  },
  *run(context, options) {
    const { table } = context;
    const D = table.attributes.length;
    const k = autoNumber(options.k, () => defaultClusters(table));
    if (options.k === AUTO) context.automatic('k', k);
    let similarity: Similarity;
    if (options.similarity === 'jaccard')
      similarity = categoricalJaccard(table.attributes.map((a) => a.codes));
    else {
      // CROCK: CASO from the cas method's results (computed once, shared with its other views).
      const cas = yield* scaledSteps(context.require({ method: casMethod.id }), 0, 0.1);
      const caso = cas.results.caso;
      if (caso?.kind !== 'object-similarity') throw internal('cas gave no CASO');
      const sum = valueTableSum(table, caso.tables, caso.tableStart);
      similarity = (i, j) => sum(i, j) / D;
    }
    const name = options.similarity === 'jaccard' ? 'ROCK' : 'CROCK';
    const raw = similarity;
    const owner = { method: name, lines: table.sourceLines };
    const result = yield* scaledSteps(
      rockSteps(table.nRows, (i, j) => checkedSimilarity(raw(i, j), i, j, owner), {
        k,
        theta: options.theta,
      }),
      0.1,
      1,
    );
    if (!result.reachedK)
      context.warn(
        `${name} stopped at ${result.clusters} clusters: no two clusters share a neighbour at θ = ${options.theta} (lower θ for fewer clusters)`,
      );
    return {
      partition: {
        kind: 'object-partition',
        title: `${name} (θ = ${options.theta}, k = ${k})`,
        n: table.nRows,
        k: result.clusters,
        labels: result.labels,
      },
      measures: {
        kind: 'measures',
        title: `${name} summary`,
        values: [
          { name: 'clusters', title: 'clusters', value: result.clusters },
          { name: 'k', title: 'k asked', value: k },
        ],
      },
    };
  },
});

export { ROCK_THETA };
