/**
 * Jian et al. 2019 (CURE) Table 1: F-scores of k-means (k = |C|, 50 starts) on CDE and the three encodings.
 * A loaded table is matched to a row by its shape (|X| objects, |V| values), which identifies the
 * paper's preprocessing (e.g. Zoo without `legs`: 101 × 30 values).
 */
export interface PaperTableRow {
  data: string;
  objects: number;
  values: number;
  fci: number;
  fscore: { cde: number; onehot: number; 'onehot-pca': number; idf: number };
}

export const CURE_TABLE_1: PaperTableRow[] = [
  row('Wisconsin', 683, 89, 0.212, 0.967, 0.946, 0.946, 0.943),
  row('Soybeansmall', 47, 58, 0.18, 0.915, 0.829, 0.854, 0.763),
  row('Mushroom', 5644, 97, 0.148, 0.731, 0.709, 0.694, 0.506),
  row('Mammographic', 830, 20, 0.116, 0.809, 0.793, 0.815, 0.517),
  row('Zoo', 101, 30, 0.11, 0.647, 0.596, 0.607, 0.537),
  row('Dermatology', 366, 129, 0.089, 0.67, 0.598, 0.606, 0.616),
  row('Hepatitis', 155, 36, 0.085, 0.68, 0.681, 0.667, 0.535),
  row('Adult', 30162, 98, 0.06, 0.654, 0.585, 0.588, 0.479),
  row('Lymphography', 148, 59, 0.057, 0.418, 0.381, 0.379, 0.561),
  row('Primarytumor', 339, 42, 0.02, 0.24, 0.23, 0.238, 0.19),
];

function row(
  data: string,
  objects: number,
  values: number,
  fci: number,
  cde: number,
  onehot: number,
  onehotPca: number,
  idf: number,
): PaperTableRow {
  return { data, objects, values, fci, fscore: { cde, onehot, 'onehot-pca': onehotPca, idf } };
}
