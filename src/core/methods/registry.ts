/**
 * Every method the explorer offers: its paper, its parameters with defaults, and which of the
 * shared result kinds it produces, so views and evaluations can pick any method that fits.
 */
export type ResultKind =
  | 'value-coupling-matrices'
  | 'value-clusters'
  | 'value-embedding'
  | 'object-embedding'
  | 'value-dissimilarities'
  | 'object-outlier-scores'
  | 'attribute-impacts';

export interface ParameterSpec {
  name: string;
  default: number | string;
  description: string;
}

export interface MethodSpec {
  id: string;
  title: string;
  paper: string;
  /** Where in the paper (section, algorithm, equations). */
  where: string;
  parameters: ParameterSpec[];
  produces: ResultKind[];
}

const SEED: ParameterSpec = { name: 'seed', default: 0, description: 'Seed of every random step' };
const BETA: ParameterSpec = {
  name: 'beta',
  default: 1e-10,
  description: 'Drop PCA components whose range is below β',
};
const CURE = 'Jian, Pang, Cao et al., CURE, IEEE TKDE 31(5), 2019 (seed 000)';

export const METHODS: MethodSpec[] = [
  {
    id: 'cde',
    title: 'CDE',
    paper: `${CURE}; Jian et al., IJCAI 2017 (seed 003)`,
    where: 'Defs. 5-6, Alg. 1, Eqs. (10)-(11); stop rule of seed 003 Alg. 1',
    parameters: [
      { name: 'alpha', default: 10, description: 'Stop when removed one-value clusters ≥ ⌈k/α⌉' },
      BETA,
      SEED,
      { name: 'orientation', default: 'paper', description: 'Mo as printed (paper) or as coded' },
    ],
    produces: ['value-coupling-matrices', 'value-clusters', 'value-embedding', 'object-embedding'],
  },
  {
    id: 'cosh',
    title: 'COSH',
    paper: CURE,
    where: 'Alg. 2, Eqs. (12)-(15)',
    parameters: [
      { name: 'alpha', default: 30, description: 'Stop when one-value clusters ≥ ⌈k/α⌉' },
      SEED,
      { name: 'orientation', default: 'code', description: 'Mo as coded (default) or as printed' },
    ],
    produces: ['value-coupling-matrices', 'value-clusters', 'object-outlier-scores'],
  },
  {
    id: 'onehot',
    title: '0-1',
    paper: CURE,
    where: 'Sec. 6.1.1 (baseline)',
    parameters: [],
    produces: ['object-embedding'],
  },
  {
    id: 'onehot-pca',
    title: '0-1P',
    paper: CURE,
    where: 'Sec. 6.1.1 (baseline: one-hot + PCA)',
    parameters: [BETA],
    produces: ['object-embedding'],
  },
  {
    id: 'idf',
    title: 'IDF',
    paper: CURE,
    where: 'Sec. 6.1.1 (baseline: log(n / count))',
    parameters: [],
    produces: ['object-embedding'],
  },
];

/** Methods whose object embedding the clustering evaluation can score. */
export const EMBEDDING_METHODS = ['cde', 'onehot', 'onehot-pca', 'idf'] as const;
export type EmbeddingMethod = (typeof EMBEDDING_METHODS)[number];

export function methodSpec(id: string): MethodSpec {
  const spec = METHODS.find((m) => m.id === id);
  if (!spec)
    throw new RangeError(`unknown method “${id}” (${METHODS.map((m) => m.id).join(', ')})`);
  return spec;
}
