import { SEED_BOUND, type OptionsOf, type ParameterSpec } from '../../base/parameters.ts';
import { createRandom } from '../../base/random.ts';
import { classCode, majorityClass } from '../../data/table/classRows.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { badOption } from '../../base/errors.ts';

/** The protocol's normal class (Sec. V): the experiments' option, with its default. */
export const PROTOCOL_NORMAL_CLASS = {
  name: 'normalClass',
  type: 'string',
  default: null,
  suggest: 'class-label',
  emptyLabel: 'the most frequent class',
  description: 'The normal class (empty: the most frequent class, as Sec. V)',
} as const satisfies ParameterSpec;

/** How the protocol splits the objects (Sec. V): its folds, abnormal samples and their share. */
export const PROTOCOL_SPLIT_PARAMETERS = [
  {
    name: 'folds',
    type: 'integer',
    default: 5,
    min: 2,
    max: 20,
    maxBecause: 'each fold fits every detector again; 4 × the paper’s 5',
    description: 'Cross-validation folds over the normal objects (paper: 5)',
  },
  {
    name: 'samples',
    type: 'integer',
    default: 10,
    min: 1,
    max: 200,
    maxBecause:
      'each sample cross-validates every detector again; results/pins/tableIV.ts uses 200',
    description: 'Random abnormal samples, each cross-validated',
  },
  {
    name: 'abnormalShare',
    type: 'number',
    default: 0.03,
    min: 0,
    max: 1,
    minExclusive: true,
    maxBecause: 'abnormal objects are a minority, at most as many as the normal ones',
    description: 'Abnormal objects drawn, as a share of the normal count (paper: 3 %)',
  },
] as const satisfies readonly ParameterSpec[];

/** The protocol's seed: of the samples, the folds and the detectors. */
export const PROTOCOL_SEED = {
  name: 'seed',
  type: 'integer',
  default: 1,
  min: 0,
  ...SEED_BOUND,
  role: 'seed',
  description: 'Seed of the samples, folds and detectors',
} as const satisfies ParameterSpec;

/** The protocol's whole table, the single source of its options and their defaults. */
export const PROTOCOL_PARAMETERS = [
  PROTOCOL_NORMAL_CLASS,
  ...PROTOCOL_SPLIT_PARAMETERS,
  PROTOCOL_SEED,
] as const satisfies readonly ParameterSpec[];

/**
 * The semi-supervised protocol of Ienco et al. 2016 (DILCA/SAnDCat) Sec. V (Table III): the majority class is normal; a
 * seeded random 3 % of the normal count (rounded down: Vote 8, Breast-cancer 6) is drawn from
 * the other classes as the abnormal objects; the normal objects are split into 5 folds; each fold
 * in turn is tested together with the abnormal objects while the model learns on the other
 * folds. Repeated over several abnormal samples (each with its own folds), since one sample of
 * 6 objects gives a large spread. Missing values are replaced by the column mode when the table
 * is read (as the authors' Weka code does) — the caller loads the table that way.
 *
 * Its options (normalClass null: the most frequent class) are PROTOCOL_PARAMETERS'.
 */
export type ProtocolOptions = OptionsOf<typeof PROTOCOL_PARAMETERS>;

export interface ProtocolSplit {
  sample: number;
  fold: number;
  /** Training rows: the normal objects of the other folds. */
  train: Int32Array;
  /** Tested rows: this fold's normal objects, then the sample's abnormal objects. */
  test: Int32Array;
  /** 1 for each abnormal tested row (aligned with test). */
  abnormal: Uint8Array;
}

export interface Protocol {
  normalClass: string;
  normalCount: number;
  abnormalCount: number;
  splits: ProtocolSplit[];
}

export function protocolSplits(table: CategoricalTable, options: ProtocolOptions): Protocol {
  const normalClass = options.normalClass ?? majorityClass(table, 'the outlier protocol');
  const code = classCode(table, normalClass, 'the outlier protocol');
  const classes = (table.classColumn as { codes: Int32Array }).codes;
  const normal: number[] = [];
  const others: number[] = [];
  for (let r = 0; r < table.nRows; r++) (classes[r] === code ? normal : others).push(r);
  const abnormalCount = Math.floor(options.abnormalShare * normal.length);
  if (abnormalCount < 1)
    throw badOption(
      `${Math.round(options.abnormalShare * 1000) / 10} % of ${normal.length} normal objects is less than one abnormal object`,
    );
  if (others.length < abnormalCount)
    throw badOption(
      `the protocol needs ${abnormalCount} objects outside “${normalClass}”, the table has ${others.length}`,
    );
  if (normal.length < options.folds)
    throw badOption(`${options.folds} folds need at least ${options.folds} normal objects`);
  const splits: ProtocolSplit[] = [];
  for (let sample = 0; sample < options.samples; sample++) {
    const rng = createRandom(options.seed * 7919 + sample);
    const abnormal = shuffled(others, rng)
      .slice(0, abnormalCount)
      .sort((a, b) => a - b);
    const order = shuffled(normal, rng);
    const foldOf = new Int32Array(table.nRows).fill(-1);
    order.forEach((r, i) => (foldOf[r] = i % options.folds));
    for (let fold = 0; fold < options.folds; fold++) {
      const train = normal.filter((r) => foldOf[r] !== fold);
      const tested = normal.filter((r) => foldOf[r] === fold);
      splits.push({
        sample,
        fold,
        train: Int32Array.from(train),
        test: Int32Array.from([...tested, ...abnormal]),
        abnormal: Uint8Array.from([...tested.map(() => 0), ...abnormal.map(() => 1)]),
      });
    }
  }
  return { normalClass, normalCount: normal.length, abnormalCount, splits };
}

function shuffled(items: readonly number[], rng: { next(): number }): number[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}
