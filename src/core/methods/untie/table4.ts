/**
 * Zhu et al. 2022 (UNTIE) Table 4: clustering F-scores (k-means on vector representations, k-modes on
 * similarity-based ones), as fractions. Shapes from its Table 3: n_o objects and n_a·n_av values
 * (e.g. Zoo 101 × 36: `legs` kept; Housevotes = vote.csv's 232 complete rows, 32 values).
 * `couplings` is UNTIE without heterogeneity learning (our untie with iterations 0); Ahmad is our
 * `add`. COS, Rough, BiGAN_WD and VAE_WD are not in the product.
 */
export interface UntieTableRow {
  data: string;
  objects: number;
  values: number;
  fscore: Record<
    'untie' | 'couplings' | 'cde' | 'cos' | 'add' | 'dilca' | 'rough' | 'hamming',
    number
  >;
}

const T4: [
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
][] = [
  // data, n_o, n_a·n_av, UNTIE, Couplings, CDE, COS, Ahmad, DILCA, Rough, Hamming
  ['Zoo', 101, 36, 76.12, 74.85, 75.04, 72.1, 71.34, 71.34, 62.79, 73.27],
  ['DNAPromoter', 106, 228, 95.28, 92.45, 61.61, 49.24, 49.92, 85.85, 63.2, 52.68],
  ['Hayesroth', 132, 15, 54.17, 54.17, 52.85, 38.98, 33.76, 32.87, 38.92, 33.06],
  ['Hepatitis', 155, 36, 70.4, 73.64, 69.82, 46.29, 66.72, 65.13, 59.21, 59.21],
  ['Audiology', 200, 154, 34.99, 34.48, 32.18, 27.71, 35.38, 31.77, 22.36, 29.05],
  ['Housevotes', 232, 32, 90.51, 88.36, 89.65, 88.36, 88.36, 88.79, 87.04, 86.64],
  ['Spect', 267, 44, 55.04, 55.04, 52.55, 36.26, 34.93, 34.76, 57.63, 35.94],
  ['Mofn3710', 300, 20, 56.65, 44.69, 56.65, 50.18, 50.22, 48.68, 50.62, 50.98],
  ['Soybeanlarge', 307, 132, 69.29, 64.88, 62.19, 60.1, 56.84, 59.42, 46.41, 55.31],
  ['Primarytumor', 339, 42, 24.62, 24.87, 23.43, 19.81, 23.65, 21.76, 22.38, 26.19],
  ['Dermatology', 366, 129, 97.51, 72.78, 73.1, 74.58, 72.87, 72.61, 57.99, 66.6],
  ['ThreeOf9', 512, 18, 34.86, 34.86, 54.63, 35.32, 35.32, 35.32, 65.19, 54.22],
  ['Wisconsin', 683, 89, 93.91, 95.58, 96.2, 94.28, 95.12, 95.49, 94.44, 89.98],
  ['Crx', 690, 45, 85.49, 52.65, 52.65, 36.99, 52.65, 79.29, 63.47, 79.29],
  ['Breastcancer', 699, 90, 93.27, 94.75, 95.2, 93.56, 94.89, 95.25, 94.37, 93.27],
  ['Mammographic', 830, 20, 82.77, 82.89, 81.66, 80.06, 81.66, 82.65, 80.67, 81.5],
  ['Tictactoe', 958, 27, 54.8, 62.61, 54.8, 51.88, 50.87, 52.97, 50.19, 53.59],
  ['Flare', 1066, 41, 37.08, 31.2, 32.44, 35.79, 34.2, 35.59, 38.85, 39.22],
  ['Titanic', 2201, 6, 33.72, 29.77, 33.72, 29.77, 33.72, 33.72, 36.27, 33.72],
  ['DNAnominal', 3186, 240, 89.79, 67.7, 51.14, 41.91, 46.68, 59.18, 43.28, 41.44],
  ['Splice', 3190, 287, 79.73, 42.29, 87.12, 31.31, 47.34, 45.87, 42.79, 42.48],
  ['Krvskp', 3196, 73, 51.09, 51.09, 51.03, 46.72, 55.17, 55.17, 53.73, 53.86],
  ['Led24', 3200, 48, 69.5, 45.82, 48.03, 53.91, 51.83, 61.08, 32.65, 28.82],
  ['Mushroom', 5644, 98, 82.69, 82.76, 82.83, 82.91, 82.86, 82.39, 78.18, 82.29],
  ['Connect4', 67557, 126, 33.2, 31.14, 31.91, 27.23, 32.88, 33.14, 30.34, 31.43],
];

export const UNTIE_TABLE_4: UntieTableRow[] = T4.map(
  ([data, objects, values, untie, couplings, cde, cos, add, dilca, rough, hamming]) => ({
    data,
    objects,
    values,
    fscore: Object.fromEntries(
      Object.entries({ untie, couplings, cde, cos, add, dilca, rough, hamming }).map(([k, v]) => [
        k,
        Number((v / 100).toFixed(4)),
      ]),
    ) as UntieTableRow['fscore'],
  }),
);
