/**
 * The mutants `npm run mutants` applies (scripts/mutants.ts): each one small change to one
 * method's formula or option, or the method swapped for its baseline, and the reproductions of
 * published tables the method feeds, cheapest first. Every mutant must be killed: a pin that
 * holds when its method is broken pins nothing. test/results/mutants.test.ts keeps the list's
 * size, its coverage (every pinned table, every method family, every method's baseline) and each
 * change's text (it must occur exactly once in its file, so a refactoring cannot make a mutant a
 * silent no-op).
 */

import { TABLE_4_DATA } from './pins/untieData.ts';

export type Family = 'CURE' | 'CDE' | 'CAS' | 'DILCA' | 'SAnDCat' | 'detectors' | 'UNTIE';

export interface Mutant {
  id: string;
  family: Family;
  /** A formula or option broken, or the method replaced by its baseline. */
  kind: 'formula' | 'option' | 'baseline';
  /** One line: what the change does. */
  what: string;
  /** The file changed, from the repository's root. */
  file: string;
  /** Text that occurs exactly once in the file … */
  find: string;
  /** … and what it becomes. */
  replace: string;
  /** The reproductions (results/ID) that must fail, cheapest first. */
  pins: readonly string[];
}

/** The file's text with the mutant's change; throws unless `find` occurs exactly once. */
export function applyMutant(m: Pick<Mutant, 'id' | 'file' | 'find' | 'replace'>, text: string) {
  const at = text.indexOf(m.find);
  if (at < 0 || text.indexOf(m.find, at + 1) >= 0)
    throw new Error(
      `${m.id}: its text occurs ${at < 0 ? 'nowhere' : 'more than once'} in ${m.file}`,
    );
  return text.slice(0, at) + m.replace + text.slice(at + m.find.length);
}

/** Hamming's value tables in place of a DILCA model's (0 on the diagonal, 1 elsewhere). */
const HAMMING_TABLES = `((m) => {
    for (let a = 0; a < m.tableStart.length; a++) {
      const s = m.tableStart[a];
      const w = Math.round(Math.sqrt((m.tableStart[a + 1] ?? m.tables.length) - s));
      for (let i = 0; i < w; i++) for (let j = 0; j < w; j++) m.tables[s + i * w + j] = i === j ? 0 : 1;
    }
    return m;
  })`;

/**
 * Zhu et al. 2022 (UNTIE) Table 4's reproductions, Housevotes first: its fixed methods reproduce
 * to the printed digits, and it kills most UNTIE mutants in about 20 s.
 */
const TABLE_4 = [
  'untie-housevotes',
  ...TABLE_4_DATA.map((d) => d.id).filter((id) => id !== 'untie-housevotes'),
];

export const MUTANTS: readonly Mutant[] = [
  // CURE (Jian et al. 2019): the data indicators of Tables 1-2 and the IDF baseline.
  {
    id: 'fci-without-2',
    family: 'CURE',
    kind: 'formula',
    what: 'FCI (Eq. 16) divides by D(D − 1) instead of D(D − 1)/2',
    file: 'src/core/evaluation/indicators.ts',
    find: 'return (2 * s) / (D * (D - 1));',
    replace: 'return s / (D * (D - 1));',
    pins: ['cure-zoo', 'cure-wisconsin'],
  },
  {
    id: 'vci-similarity',
    family: 'CURE',
    kind: 'formula',
    what: 'VCI (Eq. 17) takes the Jaccard similarity of the value sets instead of 1 − it',
    file: 'src/core/evaluation/indicators.ts',
    find: 'if (union > 0) best = Math.max(best, 1 - inter / union);',
    replace: 'if (union > 0) best = Math.max(best, inter / union);',
    pins: ['cure-zoo', 'cure-wisconsin'],
  },
  {
    id: 'idf-without-log',
    family: 'CURE',
    kind: 'formula',
    what: 'IDF encodes a value as n / count(v) instead of log(n / count(v))',
    file: 'src/core/methods/baselines/idf.ts',
    find: 'c > 0 ? Math.log(n / c) : 0,',
    replace: 'c > 0 ? n / c : 0,',
    pins: ['cure-zoo', 'cure-wisconsin'],
  },
  {
    id: 'idf-as-onehot',
    family: 'CURE',
    kind: 'baseline',
    what: 'IDF’s encoding is one-hot (0-1, its baseline in Table 1)',
    file: 'src/core/methods/baselines/idf.ts',
    find: 'return uniformValueEmbedding(table, idf, 1);',
    replace:
      'return uniformValueEmbedding(table, Float64Array.from({ length: idf.length ** 2 }, (_, i) => (Math.floor(i / idf.length) === i % idf.length ? 1 : 0)), idf.length);',
    pins: ['cure-zoo', 'cure-wisconsin'],
  },
  // CDE (Jian et al. 2017, 2019).
  {
    id: 'cde-without-mo',
    family: 'CDE',
    kind: 'formula',
    what: 'CDE clusters the values on Mc only (Mo left out of Alg. 1)',
    file: 'src/core/methods/cure/valueClustering.ts',
    find: "    ['Mo', couplings.mo],\n",
    replace: '',
    pins: ['cure-zoo', 'cure-wisconsin', ...TABLE_4],
  },
  {
    id: 'cde-as-onehot',
    family: 'CDE',
    kind: 'baseline',
    what: 'CDE’s object embedding is one-hot (0-1, its baseline)',
    file: 'src/core/methods/cure/cde.ts',
    find: 'objectEmbedding: uniformValueEmbedding(table, pca.scores, pca.dims),',
    replace:
      'objectEmbedding: uniformValueEmbedding(table, Float64Array.from({ length: L * L }, (_, i) => (Math.floor(i / L) === i % L ? 1 : 0)), L),',
    pins: ['cure-zoo', 'cure-wisconsin'],
  },
  // DILCA (Ienco et al. 2016, Sec. III).
  {
    id: 'dilca-redundancy-inverted',
    family: 'DILCA',
    kind: 'formula',
    what: 'FCBF drops a context attribute when SU(Xi, Xj) < SU(Xj, Y) instead of >',
    file: 'src/core/methods/dilca/context.ts',
    find: '(su[xi * D + xj] as number) > (su[xj * D + target] as number)',
    replace: '(su[xi * D + xj] as number) < (su[xj * D + target] as number)',
    pins: ['dilca-contact-lenses'],
  },
  {
    id: 'dilca-denominator-attributes',
    family: 'DILCA',
    kind: 'formula',
    what: 'Eq. (1) divides by the number of context attributes instead of Σ |X|',
    file: 'src/core/methods/dilca/distances.ts',
    find: 'for (const x of context) denominator += c.sizes[x] as number;',
    replace: 'for (const x of context) denominator += 1;',
    pins: ['dilca-contact-lenses'],
  },
  {
    id: 'dilca-as-hamming',
    family: 'DILCA',
    kind: 'baseline',
    what: 'DILCA’s value distances are Hamming’s (0 on the diagonal, 1 elsewhere)',
    file: 'src/core/methods/dilca/dilcaModel.ts',
    find: 'tables.set(distances, tableStart[a] as number);',
    replace:
      'tables.set(distances.map((_, i) => (i % (m + 1) === 0 ? 0 : 1)), tableStart[a] as number);',
    pins: ['dilca-contact-lenses', ...TABLE_4],
  },
  // SAnDCat (Ienco et al. 2016, Sec. IV).
  {
    id: 'sandcat-mindtk',
    family: 'SAnDCat',
    kind: 'option',
    what: 'MaxDTK takes the k nearest training objects (MinDTK) instead of the k farthest',
    file: 'src/core/methods/sandcat/score.ts',
    find: "const pick = options.heuristic === 'mindtk' ? 'nearest' : 'farthest';",
    replace: "const pick = options.heuristic === 'maxdtk' ? 'nearest' : 'farthest';",
    pins: ['sandcat-table-iv'],
  },
  {
    id: 'sandcat-hamming-tables',
    family: 'SAnDCat',
    kind: 'baseline',
    what: 'SAnDCat scores with Hamming’s value tables instead of DILCA’s',
    file: 'src/core/methods/sandcat/detector.ts',
    find: 'distance: dilcaModel(table, fitCounts),',
    replace: `distance: ${HAMMING_TABLES}(dilcaModel(table, fitCounts)),`,
    pins: ['sandcat-table-iv'],
  },
  // The detectors: LOF with the OF distance (Table IV's LOF column).
  {
    id: 'lof-overlap',
    family: 'detectors',
    kind: 'baseline',
    what: 'LOF measures objects by overlap (every mismatch 1) instead of OF',
    file: 'src/core/methods/detectors/lofTeam.ts',
    find: 'return p / (1 + p); // 1 − 1/(1 + p)',
    replace: 'return 1;',
    pins: ['lof-table-iv'],
  },
  {
    id: 'lof-reach-distance',
    family: 'detectors',
    kind: 'formula',
    what: 'LOF’s reach-distance of a fit object drops its neighbour’s k-distance floor (Def. 5)',
    file: 'src/core/methods/detectors/lofTeam.ts',
    find: 'reach += w * Math.max(kdist[o] as number, distances[e] as number);',
    replace: 'reach += w * (distances[e] as number);',
    pins: ['lof-table-iv'],
  },
  // Coupled attribute similarity (Wang et al. 2015).
  {
    id: 'casv-mean',
    family: 'CAS',
    kind: 'formula',
    what: 'CASV (Eq. 14) is the mean of IaASV and IeASV instead of their product',
    file: 'src/core/methods/cas/casModel.ts',
    find: 'casv[q] = ia * ie; // Eq. (14)',
    replace: 'casv[q] = (ia + ie) / 2; // Eq. (14)',
    pins: ['cas-worked-values'],
  },
  {
    id: 'cas-alpha-over-d',
    family: 'CAS',
    kind: 'formula',
    what: 'IeASV weighs each other attribute 1/D instead of 1/(D − 1)',
    file: 'src/core/methods/cas/casModel.ts',
    find: 'if (k !== j) w[j * D + k] = 1 / (D - 1);',
    replace: 'if (k !== j) w[j * D + k] = 1 / D;',
    pins: ['cas-worked-values', 'cas-improvement'],
  },
  {
    id: 'iaasv-without-product',
    family: 'CAS',
    kind: 'formula',
    what: 'IaASV (Eq. 5) leaves |G(x)|·|G(y)| out of its denominator',
    file: 'src/core/methods/cas/intra.ts',
    find: 'return product > 0 ? product / (gx + gy + product) : 0;',
    replace: 'return product > 0 ? product / (gx + gy) : 0;',
    pins: ['cas-worked-values', 'cas-improvement'],
  },
  {
    id: 'cado-as-smd',
    family: 'CAS',
    kind: 'baseline',
    what: 'CADO’s value dissimilarity is SMD’s (every mismatch 1)',
    file: 'src/core/methods/cas/casModel.ts',
    find: 'cado[q] = (ia > 0 ? 1 / ia - 1 : 2) * (1 - ie);',
    replace: 'cado[q] = 1;',
    pins: ['cas-worked-values', 'cas-improvement'],
  },
  // UNTIE and its Couplings (Zhu et al. 2022).
  {
    id: 'untie-no-adam',
    family: 'UNTIE',
    kind: 'baseline',
    what: 'UNTIE’s learning takes no Adam step: ω stays 1 (UNTIE kernels, ω = 1)',
    file: 'src/core/methods/untie/learning.ts',
    find: '    adamStep(weights, grad, first, second, it + 1, learningRate, a, t, L, next);\n',
    replace: '',
    pins: TABLE_4,
  },
  {
    id: 'untie-unnormalised-kernels',
    family: 'UNTIE',
    kind: 'option',
    what: 'UNTIE’s kernels are not scaled to k(x, x) = 1',
    file: 'src/core/methods/untie/untie.ts',
    find: "name: 'normalise',\n    type: 'boolean',\n    default: true,",
    replace: "name: 'normalise',\n    type: 'boolean',\n    default: false,",
    pins: ['untie-housevotes'],
  },
  {
    id: 'couplings-transposed',
    family: 'UNTIE',
    kind: 'formula',
    what: 'The inter-attribute coupling vectors (Eq. 4) hold p(v* | v) instead of p(v | v*)',
    file: 'src/core/methods/untie/spaces.ts',
    find: 'vectors[v * dims + col] = pairCount(c, j, v, k, u) / nu;',
    replace:
      'vectors[v * dims + col] = pairCount(c, j, v, k, u) / (c.valueCounts[(c.offsets[j] as number) + v] as number);',
    pins: TABLE_4,
  },
  {
    id: 'couplings-as-onehot',
    family: 'UNTIE',
    kind: 'baseline',
    what: 'Couplings’ object vectors are one-hot (its values’ indicators, no coupling)',
    file: 'src/core/methods/untie/couplingsMethod.ts',
    find: 'return blockEmbedding(table, width, (j, u, out) => {',
    replace:
      'return blockEmbedding(table, Int32Array.from(table.attributes, (a) => a.labels.length), (j, u, out) => {\n    out[u] = 1;\n    if (out.length > 0) return;',
    pins: TABLE_4,
  },
];
