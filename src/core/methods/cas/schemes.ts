import { hammingMethod } from '../baselines/hamming.ts';
import { addMethod, ofdMethod } from './baselineDistances.ts';
import { casMethod } from './cas.ts';
import { ROCK_SIMILARITY, rockStep } from './rockStep.ts';
import { badOption } from '../../base/errors.ts';

/**
 * Wang et al. 2015's clustering schemes by the names of its Sec. VIII-B: k-modes (KM) and
 * spectral clustering (SC) with each dissimilarity — SMD (Hamming), OFD, ADD (Ahmad) and CADO
 * (ours: the cas method's distance) — written kmodes-smd, spectral-cado …, spectral clustering
 * on CASO as the affinity (spectral-caso), and ROCK / CROCK.
 */
export const SCHEME_DISSIMILARITIES: Readonly<Record<string, string>> = {
  smd: hammingMethod.id,
  ofd: ofdMethod.id,
  add: addMethod.id,
  cado: casMethod.id,
};

export type Scheme =
  /** The clustering evaluation of one representation with this algorithm. */
  | { kind: 'evaluation'; algorithm: 'auto' | 'spectral' | 'spectral-similarity'; method: string }
  /** The link-based clustering step with these options (its presets: ROCK, CROCK). */
  | { kind: 'step'; method: string; options: Readonly<Record<string, unknown>> };

/** Every scheme's name, in the order of Wang et al. 2015's Tables IX-X. */
export const SCHEME_NAMES: readonly string[] = [
  ...Object.keys(SCHEME_DISSIMILARITIES).map((d) => `kmodes-${d}`),
  ...Object.keys(SCHEME_DISSIMILARITIES).map((d) => `spectral-${d}`),
  'spectral-caso',
  'rock',
  'crock',
];

/** “kmodes-smd” → “k-modes with SMD”; ROCK and CROCK by their own names. */
export function schemeTitle(name: string): string {
  const [prefix = '', measure = ''] = name.split(/-(.*)/s);
  if (measure === '') return name.toUpperCase();
  return `${prefix === 'kmodes' ? 'k-modes' : prefix} with ${measure.toUpperCase()}`;
}

/** A scheme by its name; an unknown name is refused with the known ones. */
export function parseScheme(name: string): Scheme {
  // ROCK and CROCK: the rock step's similarity choices (Jaccard; CASO / n).
  const [jaccard, caso] = ROCK_SIMILARITY.choices;
  if (name === 'rock')
    return { kind: 'step', method: rockStep.id, options: { similarity: jaccard } };
  if (name === 'crock') return { kind: 'step', method: rockStep.id, options: { similarity: caso } };
  if (name === 'spectral-caso')
    return { kind: 'evaluation', algorithm: 'spectral-similarity', method: casMethod.id };
  const [prefix, measure = ''] = name.split(/-(.*)/s);
  const method = SCHEME_DISSIMILARITIES[measure];
  if (!method || (prefix !== 'kmodes' && prefix !== 'spectral'))
    throw badOption(
      `unknown scheme “${name}”: use kmodes-D or spectral-D with D one of ${Object.keys(SCHEME_DISSIMILARITIES).join(', ')}, spectral-caso, rock or crock`,
    );
  return { kind: 'evaluation', algorithm: prefix === 'spectral' ? 'spectral' : 'auto', method };
}
