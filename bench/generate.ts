/**
 * Seeded generator of realistic categorical tables for the benchmarks (not a test fixture: the
 * figures depend on its shape, so change it knowingly).
 *
 * A latent-class model, the simplest generator whose attributes are coupled the way real data are:
 * - each row draws a latent class c from skewed class weights (Zipf over the classes by default);
 * - each attribute a draws its value from a class-dependent Zipf-like distribution
 *       p_a(v | c) = (1 − λ) · zipf_a(rank_a(v)) + λ · zipf_a(rank_{a,c}(v)),
 *   where zipf_a(r) ∝ 1 / (r + 1)^{s_a} with a per-attribute exponent s_a, rank_a is a global
 *   ranking of the attribute's values (so value frequencies are skewed overall, as in real data) and
 *   rank_{a,c} a per-class ranking (so attributes are coupled through the class: λ = 0 gives
 *   independent attributes, λ = 1 fully class-specific value preferences).
 * The latent class is the table's class column. Every random draw comes from createRandom(seed),
 * so one seed gives one table.
 */
import { createRandom, gaussian, permutation, type CategoricalTable } from '../src/core/index.ts';

export interface GenerateOptions {
  rows: number;
  /** Number of values of each attribute (one entry per attribute, each ≥ 1). */
  valueCounts: readonly number[];
  /** Number of latent classes (≥ 1). */
  classes: number;
  seed: number;
  /**
   * Range [lo, hi) of the per-attribute Zipf exponent s_a, drawn uniformly per attribute; a larger
   * s_a means more skewed value frequencies. Default [0.8, 1.6).
   */
  zipf?: readonly [number, number];
  /** λ in [0, 1]: weight of the class-specific ranking. Default 0.6. */
  coupling?: number;
  /** Relative class weights (length = classes). Default Zipf with exponent 1 over the classes. */
  classWeights?: readonly number[];
  /** Attribute names; default a0, a1, …. */
  names?: readonly string[];
}

export function generateTable(options: GenerateOptions): CategoricalTable {
  const { rows, valueCounts, classes, seed, zipf = [0.8, 1.6], coupling = 0.6 } = options;
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`rows must be ≥ 1, got ${rows}`);
  if (!Number.isInteger(classes) || classes < 1)
    throw new RangeError(`classes must be ≥ 1, got ${classes}`);
  for (const size of valueCounts)
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`every value count must be an integer ≥ 1, got ${size}`);
  if (!(coupling >= 0 && coupling <= 1))
    throw new RangeError(`coupling must be in [0, 1], got ${coupling}`);
  const classWeights =
    options.classWeights ?? Array.from({ length: classes }, (_, c) => 1 / (c + 1));
  if (classWeights.length !== classes)
    throw new RangeError(`classWeights has ${classWeights.length} entries, expected ${classes}`);

  const random = createRandom(seed);
  const classCodes = new Int32Array(rows);
  const classCdf = cumulative(classWeights);
  for (let r = 0; r < rows; r++) classCodes[r] = draw(classCdf, random.next());

  const columns: { name: string; labels: string[]; codes: Int32Array }[] = [];
  valueCounts.forEach((size, a) => {
    const s = zipf[0] + (zipf[1] - zipf[0]) * random.next();
    const rankWeight = Array.from({ length: size }, (_, r) => 1 / (r + 1) ** s);
    const global = permutation(size, random);
    // One cumulative distribution per class: p(v | c) as in the header.
    const cdfs = Array.from({ length: classes }, () => {
      const own = permutation(size, random);
      const weights = Array.from(
        { length: size },
        (_, v) =>
          (1 - coupling) * (rankWeight[global[v]!] as number) +
          coupling * (rankWeight[own[v]!] as number),
      );
      return cumulative(weights);
    });
    const codes = new Int32Array(rows);
    for (let r = 0; r < rows; r++) codes[r] = draw(cdfs[classCodes[r]!]!, random.next());
    const name = options.names?.[a] ?? `a${a}`;
    const labels = Array.from({ length: size }, (_, k) => `${name}=${k}`);
    columns.push({ name, labels, codes });
  });
  return assembleTable(rows, columns, {
    name: 'class',
    labels: Array.from({ length: classes }, (_, c) => `c${c}`),
    codes: classCodes,
  });
}

/** A CategoricalTable from its columns: global value offsets and the value → attribute map. */
export function assembleTable(
  rows: number,
  columns: { name: string; labels: string[]; codes: Int32Array }[],
  classColumn: CategoricalTable['classColumn'] = null,
): CategoricalTable {
  let offset = 0;
  const attributes = columns.map((column) => {
    const attr = { ...column, offset };
    offset += column.labels.length;
    return attr;
  });
  const valueAttribute = new Int32Array(offset);
  attributes.forEach((attr, i) =>
    valueAttribute.fill(i, attr.offset, attr.offset + attr.labels.length),
  );
  return {
    nRows: rows,
    attributes,
    nValues: offset,
    valueAttribute,
    classColumn,
    sourceRows: Int32Array.from({ length: rows }, (_, r) => r),
    sourceLines: Int32Array.from({ length: rows }, (_, r) => r + 2),
  };
}

export interface PlantOptions {
  /** Share of rows in the planted group, e.g. 0.02. */
  fraction: number;
  /** Attributes the group is planted on (their rarest value in the table). */
  attributes: readonly number[];
  /** Probability that a group row takes the rare value on each planted attribute. Default 0.9. */
  strength?: number;
  seed: number;
}

/**
 * Plants a rare group: a random `fraction` of the rows take, on each planted attribute and with
 * probability `strength`, that attribute's rarest value, so within the group those rare values
 * co-occur (a coupled outlier pattern). Codes are changed in place; the class column becomes
 * normal/outlier. Returns the group membership per row.
 */
export function plantRareGroup(table: CategoricalTable, options: PlantOptions): Uint8Array {
  const { fraction, attributes, strength = 0.9, seed } = options;
  if (!(fraction > 0 && fraction < 1))
    throw new RangeError(`fraction must be in (0, 1), got ${fraction}`);
  const random = createRandom(seed);
  const member = new Uint8Array(table.nRows);
  for (let r = 0; r < table.nRows; r++) member[r] = random.next() < fraction ? 1 : 0;
  for (const a of attributes) {
    const attr = table.attributes[a];
    if (!attr) throw new RangeError(`attribute ${a} is outside 0..${table.attributes.length - 1}`);
    const counts = new Int32Array(attr.labels.length);
    for (const code of attr.codes) counts[code]++;
    let rare = 0;
    for (let k = 1; k < counts.length; k++) if (counts[k]! < counts[rare]!) rare = k;
    for (let r = 0; r < table.nRows; r++)
      if (member[r] && random.next() < strength) attr.codes[r] = rare;
  }
  table.classColumn = {
    name: 'group',
    labels: ['normal', 'outlier'],
    codes: Int32Array.from(member),
  };
  return member;
}

/** The normalised running sums of non-negative weights (the last exactly 1). */
export function cumulative(weights: readonly number[]): Float64Array {
  const cdf = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((w, i) => {
    if (!(w >= 0)) throw new RangeError(`weights must be ≥ 0, got ${w}`);
    total += w;
    cdf[i] = total;
  });
  if (!(total > 0)) throw new RangeError('weights sum to 0');
  for (let i = 0; i < cdf.length; i++) cdf[i] = cdf[i]! / total;
  cdf[cdf.length - 1] = 1;
  return cdf;
}

/** Smallest i with u < cdf[i] (u in [0, 1)); linear, the tables are short. */
export function draw(cdf: Float64Array, u: number): number {
  let i = 0;
  while (u >= cdf[i]!) i++;
  return i;
}

export interface GaussianMixture {
  n: number;
  dims: number;
  /** n × dims, row-major. */
  data: Float64Array;
  /** Each point's component, 0 … clusters − 1. */
  labels: Int32Array;
}

/**
 * Seeded Gaussian mixture for the projection benchmarks: `clusters` components with centres drawn
 * from N(0, spread²) per coordinate and unit-variance points around them, each point's component
 * uniform at random. With the default spread 4 in 10–20 dimensions the components are separated
 * (centres ≈ 4·√(2·dims) apart against a within-component diameter of a few units) but not
 * trivially, as real embeddings are.
 */
export function gaussianMixture(
  n: number,
  clusters: number,
  dims: number,
  seed: number,
  spread = 4,
): GaussianMixture {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be ≥ 1, got ${n}`);
  const random = createRandom(seed);
  const centres = Float64Array.from({ length: clusters * dims }, () => spread * normal(random));
  const data = new Float64Array(n * dims);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = random.int(clusters);
    labels[i] = c;
    for (let d = 0; d < dims; d++) data[i * dims + d] = centres[c * dims + d]! + normal(random);
  }
  return { n, dims, data, labels };
}

/** Standard normal draw (Box–Muller): the core's, so benches and t-SNE starts agree. */
export const normal = gaussian;

export interface PrototypeOptions {
  rows: number;
  /** Values of each attribute (one entry per attribute, each ≥ 2). */
  valueCounts: readonly number[];
  /** Latent classes, and subclasses within each. */
  classes: number;
  subclasses: number;
  seed: number;
  /** Probability that a subclass keeps its class's prototype value on an attribute. Default 0.7. */
  subclassFidelity?: number;
  /** Probability that a row keeps its subclass's prototype value on an attribute. Default 0.75. */
  rowFidelity?: number;
}

/**
 * Seeded categorical table with hierarchical latent classes, the structure that makes nearest
 * neighbours mean something (records of one kind resemble a prototype of their kind, and kinds
 * come in families, as in census or inventory data):
 * - each attribute has skewed value frequencies (Zipf, exponent 1 over a random ranking);
 * - each class has a prototype row drawn from those frequencies; each of its subclasses copies
 *   the class prototype's value per attribute with probability `subclassFidelity`, else draws
 *   afresh; each row (of a uniformly drawn class and subclass) copies its subclass prototype's
 *   value with probability `rowFidelity`, else draws from the attribute's frequencies.
 * The class column is the latent class. One seed gives one table.
 */
export function prototypeTable(options: PrototypeOptions): CategoricalTable {
  const { rows, valueCounts, classes, subclasses, seed } = options;
  const subclassFidelity = options.subclassFidelity ?? 0.7;
  const rowFidelity = options.rowFidelity ?? 0.75;
  const random = createRandom(seed);
  const D = valueCounts.length;
  const marginals = valueCounts.map((m) => {
    const rank = permutation(m, random);
    return cumulative(Array.from({ length: m }, (_, v) => 1 / ((rank[v] as number) + 1)));
  });
  const fromMarginal = (a: number): number => draw(marginals[a] as Float64Array, random.next());
  const classPrototype = Array.from({ length: classes }, () =>
    Int32Array.from({ length: D }, (_, a) => fromMarginal(a)),
  );
  const subPrototype = classPrototype.map((proto) =>
    Array.from({ length: subclasses }, () =>
      Int32Array.from({ length: D }, (_, a) =>
        random.next() < subclassFidelity ? (proto[a] as number) : fromMarginal(a),
      ),
    ),
  );
  const classCodes = new Int32Array(rows);
  const columns = valueCounts.map((m, a) => ({
    name: `a${a}`,
    labels: Array.from({ length: m }, (_, v) => `a${a}=${v}`),
    codes: new Int32Array(rows),
  }));
  for (let r = 0; r < rows; r++) {
    const c = random.int(classes);
    const proto = (subPrototype[c] as Int32Array[])[random.int(subclasses)] as Int32Array;
    classCodes[r] = c;
    for (let a = 0; a < D; a++)
      (columns[a] as { codes: Int32Array }).codes[r] =
        random.next() < rowFidelity ? (proto[a] as number) : fromMarginal(a);
  }
  return assembleTable(rows, columns, {
    name: 'class',
    labels: Array.from({ length: classes }, (_, c) => `c${c}`),
    codes: classCodes,
  });
}
