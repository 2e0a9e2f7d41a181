/**
 * The t-SNE repulsion by interpolation on an equispaced grid and FFT convolution (Linderman et al.
 * 2019, "Fast interpolation-based t-SNE", Sec. 2-3; FIt-SNE, openTSNE): O(n + G² log G) per
 * iteration for a G × G grid, whatever n.
 *
 * With K(d) = 1 / (1 + d²) and its square K², everything the gradient needs is four sums
 *   φ_c(y_i) = Σ_j m_j K²(y_i − y_j) q_c(y_j),  q = (1, y_j1, y_j2),  and  ψ(y_i) = Σ_j m_j K_ij,
 * since F_rep,i = Σ_j m_j K²_ij (y_i − y_j) = y_i φ_0 − (φ_1, φ_2) and
 *   Z = Σ_i m_i Σ_{j≠i} m_j K_ij (+ copies) = Σ_i m_i ψ(y_i) − N
 * (the j = i term is K(0) = 1 per object, taken out exactly; N = Σ m_i). m_i is each point's
 * multiplicity (1 unless identical objects were merged, tsne.ts). openTSNE and FIt-SNE get Z from
 * K² too, through (1 + ‖y_i‖²) φ_0 − 2 y_i·(φ_1, φ_2) + Σ_j K²_ij ‖y_j‖²; that cancels terms of
 * size ‖y‖², and on the very spread test layout (test/core/projection/tsneFft.test.ts) Z came out 40 %
 * off against 15 % with a kernel of its own, the same cost (four real grids either way).
 *
 * The layout's square bounding box is cut into boxes of width ≤ `intervalWidth`, at least
 * `minIntervals` per side, each with p equispaced nodes per axis at ((k + ½) / p) of its width.
 * The charges are spread onto the nodes with the Lagrange polynomials of each point's box (step 1),
 * the node-to-node kernel matrix, a 2-D Toeplitz matrix, is applied by a zero-padded 2-D FFT
 * (step 2) and the potentials are interpolated back with the same polynomials (step 3).
 *
 * The FFT (fft.ts) takes powers of two: the box count is raised until 2·p·boxes fills the padded
 * size, so the boxes are never wider than asked. The kernels' transforms depend only on the padded
 * size and the node spacing, and are kept while those do not change. The four real charge grids
 * travel as two complex ones; both kernels are even, so their spectra are real, and the grid that
 * pairs a K² charge with the K charge is split by Hermitian symmetry before each gets its kernel.
 */
import { Fft } from './fft.ts';
import type { Repulsion } from './barnesHut.ts';
import { bounds } from './layout.ts';
import { badOption } from '../base/errors.ts';

export interface FftRepulsionOptions {
  /** Interpolation nodes per box and axis, p (default 3, as openTSNE). */
  interpolationPoints?: number;
  /** Fewest boxes per side (default 50, as openTSNE's min_num_intervals). */
  minIntervals?: number;
  /** Widest box, in layout units (default 1, as openTSNE's ints_in_interval). */
  intervalWidth?: number;
}

/** The grid of one iteration: boxes per side, their width and the padded FFT size. */
export interface FftGrid {
  boxes: number;
  boxWidth: number;
  size: number;
}

/** Box width ladder below `intervalWidth`: powers of 2^¼, so the kernel transform is reused. */
const LADDER = 2 ** 0.25;

export function fftGrid(
  range: number,
  p: number,
  minIntervals: number,
  intervalWidth: number,
): FftGrid {
  let boxWidth = intervalWidth;
  const needed = Math.max(range, 1e-12) / minIntervals;
  if (needed < boxWidth)
    boxWidth =
      intervalWidth * LADDER ** Math.floor(Math.log(needed / intervalWidth) / Math.log(LADDER));
  const least = Math.max(minIntervals, Math.ceil(range / boxWidth));
  let size = 2;
  while (size < 2 * p * least) size *= 2;
  return { boxes: Math.floor(size / (2 * p)), boxWidth, size };
}

/**
 * Linderman et al. 2019's interpolation as a Repulsion: each iteration places the grid
 * (placeGrid), spreads the charges on it (step 1), convolves by FFT (step 2) and interpolates
 * back (step 3). The passes share one GridState: its buffers live as long as the repulsion.
 */
export function fftRepulsion(
  n: number,
  options: FftRepulsionOptions = {},
  multiplicity: Float64Array | null = null,
): Repulsion & { lastGrid: FftGrid | null } {
  const p = options.interpolationPoints ?? 3;
  const minIntervals = options.minIntervals ?? 50;
  const intervalWidth = options.intervalWidth ?? 1;
  if (!Number.isInteger(p) || p < 1)
    throw badOption(`interpolation points must be a whole number ≥ 1, got ${p}`);
  if (!Number.isInteger(minIntervals) || minIntervals < 1)
    throw badOption(`minIntervals must be a whole number ≥ 1, got ${minIntervals}`);
  if (!(intervalWidth > 0)) throw badOption(`intervalWidth must be > 0, got ${intervalWidth}`);
  let total = n;
  if (multiplicity) {
    total = 0;
    for (let i = 0; i < n; i++) total += multiplicity[i] as number;
  }
  const state = gridState(n, p, multiplicity);
  const self: Repulsion & { lastGrid: FftGrid | null } = {
    lastGrid: null,
    compute(y, force) {
      const [minX, minY, maxX, maxY] = bounds(y);
      const grid = fftGrid(Math.max(maxX - minX, maxY - minY), p, minIntervals, intervalWidth);
      self.lastGrid = grid;
      // A square grid centred on the layout's bounding box; charges use coordinates relative to
      // its centre.
      const cx = (minX + maxX) / 2;
      const cy = (minY + maxY) / 2;
      placeGrid(state, grid, y, cx, cy);
      spreadCharges(state, y, cx, cy);
      convolve(state, grid.boxes * p);
      return interpolateBack(state, y, force, cx, cy) - total;
    },
  };
  return self;
}

/** What the passes of one repulsion share: where each point sits, and the grids. */
interface GridState {
  n: number;
  /** Interpolation nodes per box and axis. */
  p: number;
  multiplicity: Float64Array | null;
  /** Lagrange basis of the nodes (k + ½) / p: 1 / Π_{l≠k} (k − l) / p. */
  denominators: Float64Array;
  /** Per point: its first node index on each axis and its p Lagrange weights per axis. */
  baseX: Int32Array;
  baseY: Int32Array;
  weightX: Float64Array;
  weightY: Float64Array;
  /** The padded grid's side, its FFT and the kernels' spectra (kept while size and spacing hold). */
  size: number;
  fft: Fft | null;
  kernels: Kernels | null;
  kernelKey: string;
  /** Grid 0 holds (1, y_1) as (re, im), grid 1 (y_2, 1): the first three for K², the last for K. */
  re0: Float64Array;
  im0: Float64Array;
  re1: Float64Array;
  im1: Float64Array;
}

function gridState(n: number, p: number, multiplicity: Float64Array | null): GridState {
  const denominators = new Float64Array(p);
  for (let k = 0; k < p; k++) {
    let d = 1;
    for (let l = 0; l < p; l++) if (l !== k) d *= (k - l) / p;
    denominators[k] = 1 / d;
  }
  const empty = new Float64Array(0);
  return {
    n,
    p,
    multiplicity,
    denominators,
    baseX: new Int32Array(n),
    baseY: new Int32Array(n),
    weightX: new Float64Array(n * p),
    weightY: new Float64Array(n * p),
    size: 0,
    fft: null,
    kernels: null,
    kernelKey: '',
    re0: empty,
    im0: empty,
    re1: empty,
    im1: empty,
  };
}

/**
 * Sizes the grids and the kernels' spectra for this iteration's grid, and finds each point's
 * box and Lagrange weights in the grid centred on (cx, cy).
 */
function placeGrid(s: GridState, grid: FftGrid, y: Float64Array, cx: number, cy: number): void {
  const { boxes, boxWidth, size } = grid;
  if (!s.fft || s.fft.size !== size) {
    s.fft = new Fft(size);
    s.re0 = new Float64Array(size * size);
    s.im0 = new Float64Array(size * size);
    s.re1 = new Float64Array(size * size);
    s.im1 = new Float64Array(size * size);
  }
  s.size = size;
  const key = `${size}:${boxWidth}`;
  if (!s.kernels || key !== s.kernelKey) {
    s.kernels = kernelSpectra(s.fft, boxes * s.p, boxWidth / s.p);
    s.kernelKey = key;
  }
  const half = (boxes * boxWidth) / 2;
  locate(y, cx - half, boxWidth, boxes, 0, s.denominators, s.baseX, s.weightX);
  locate(y, cy - half, boxWidth, boxes, 1, s.denominators, s.baseY, s.weightY);
}

/** Step 1: each point's charges (m, m·y_1, m·y_2, m) onto its box's nodes. */
function spreadCharges(s: GridState, y: Float64Array, cx: number, cy: number): void {
  const { n, p, multiplicity, baseX, baseY, weightX, weightY, size, re0, im0, re1, im1 } = s;
  re0.fill(0);
  im0.fill(0);
  re1.fill(0);
  im1.fill(0);
  for (let i = 0; i < n; i++) {
    const m = multiplicity ? (multiplicity[i] as number) : 1;
    const q1 = m * ((y[2 * i] as number) - cx);
    const q2 = m * ((y[2 * i + 1] as number) - cy);
    const bx = baseX[i] as number;
    const by = baseY[i] as number;
    for (let r = 0; r < p; r++) {
      const ly = weightY[i * p + r] as number;
      const row = (by + r) * size + bx;
      for (let c = 0; c < p; c++) {
        const l = ly * (weightX[i * p + c] as number);
        const t = row + c;
        const lm = l * m;
        re0[t] = (re0[t] as number) + lm;
        im0[t] = (im0[t] as number) + l * q1;
        re1[t] = (re1[t] as number) + l * q2;
        im1[t] = (im1[t] as number) + lm;
      }
    }
  }
}

/** Step 2: the kernels' spectra act on the transformed grids (g nodes per side hold charges). */
function convolve(s: GridState, g: number): void {
  const { size, re0, im0, re1, im1 } = s;
  const fft = s.fft as Fft;
  const { square, plain } = s.kernels as Kernels;
  fft.transform2d(re0, im0, false, g);
  fft.transform2d(re1, im1, false, g);
  for (let t = 0; t < size * size; t++) {
    const k = square[t] as number;
    re0[t] = (re0[t] as number) * k;
    im0[t] = (im0[t] as number) * k;
  }
  splitMultiply(re1, im1, square, plain, size);
  fft.transform2d(re0, im0, true, size, g);
  fft.transform2d(re1, im1, true, size, g);
}

/** Step 3: potentials back at the points; their forces, and Σ_i m_i ψ(y_i) for Z. */
function interpolateBack(
  s: GridState,
  y: Float64Array,
  force: Float64Array,
  cx: number,
  cy: number,
): number {
  const { n, p, multiplicity, baseX, baseY, weightX, weightY, size, re0, im0, re1, im1 } = s;
  let z = 0;
  for (let i = 0; i < n; i++) {
    let phi0 = 0;
    let phi1 = 0;
    let phi2 = 0;
    let psi = 0;
    const bx = baseX[i] as number;
    const by = baseY[i] as number;
    for (let r = 0; r < p; r++) {
      const ly = weightY[i * p + r] as number;
      const row = (by + r) * size + bx;
      for (let c = 0; c < p; c++) {
        const l = ly * (weightX[i * p + c] as number);
        const t = row + c;
        phi0 += l * (re0[t] as number);
        phi1 += l * (im0[t] as number);
        phi2 += l * (re1[t] as number);
        psi += l * (im1[t] as number);
      }
    }
    const m = multiplicity ? (multiplicity[i] as number) : 1;
    z += m * psi;
    force[2 * i] = ((y[2 * i] as number) - cx) * phi0 - phi1;
    force[2 * i + 1] = ((y[2 * i + 1] as number) - cy) * phi0 - phi2;
  }
  return z;
}

/** Each point's box on one axis and the p Lagrange weights of its position in it. */
function locate(
  y: Float64Array,
  start: number,
  boxWidth: number,
  boxes: number,
  axis: number,
  denominators: Float64Array,
  base: Int32Array,
  weights: Float64Array,
): void {
  const n = base.length;
  const p = denominators.length;
  for (let i = 0; i < n; i++) {
    const u = ((y[2 * i + axis] as number) - start) / boxWidth;
    let box = Math.floor(u);
    if (box < 0) box = 0;
    if (box > boxes - 1) box = boxes - 1;
    const x = u - box;
    base[i] = box * p;
    for (let k = 0; k < p; k++) {
      let w = 1;
      for (let l = 0; l < p; l++) if (l !== k) w *= x - (l + 0.5) / p;
      weights[i * p + k] = w * (denominators[k] as number);
    }
  }
}

interface Kernels {
  /** Real spectra of K² and K between nodes. */
  square: Float64Array;
  plain: Float64Array;
}

/**
 * K²(s·(a, b)) and K(s·(a, b)) for offsets a, b in (−g, g), placed circularly in a size × size
 * grid (size ≥ 2g) as the real and imaginary parts of one grid: both are real and even, so one
 * transform gives both spectra, real, as its real and imaginary parts.
 */
function kernelSpectra(fft: Fft, g: number, spacing: number): Kernels {
  const size = fft.size;
  const re = new Float64Array(size * size);
  const im = new Float64Array(size * size);
  const s2 = spacing * spacing;
  for (let a = -(g - 1); a < g; a++) {
    const row = ((a + size) % size) * size;
    for (let b = -(g - 1); b < g; b++) {
      const w = 1 / (1 + s2 * (a * a + b * b));
      re[row + ((b + size) % size)] = w * w;
      im[row + ((b + size) % size)] = w;
    }
  }
  fft.transform2d(re, im, false);
  return { square: re, plain: im };
}

/**
 * X = FFT(a + i b) for real grids a, b becomes A·K² + i B·K, A = FFT(a), B = FFT(b), using
 * A_k = (X_k + conj X_−k) / 2 and B_k = (X_k − conj X_−k) / 2i; K², K real and even.
 */
function splitMultiply(
  re: Float64Array,
  im: Float64Array,
  square: Float64Array,
  plain: Float64Array,
  size: number,
): void {
  for (let a = 0; a < size; a++) {
    const ma = a === 0 ? 0 : size - a;
    for (let b = 0; b < size; b++) {
      const t = a * size + b;
      const u = ma * size + (b === 0 ? 0 : size - b);
      if (u < t) continue;
      const k2 = square[t] as number;
      const k1 = plain[t] as number;
      const xr = re[t] as number;
      const xi = im[t] as number;
      const yr = re[u] as number;
      const yi = im[u] as number;
      re[t] = 0.5 * ((xr + yr) * k2 + (xr - yr) * k1);
      im[t] = 0.5 * ((xi - yi) * k2 + (xi + yi) * k1);
      if (u !== t) {
        re[u] = 0.5 * ((yr + xr) * k2 + (yr - xr) * k1);
        im[u] = 0.5 * ((yi - xi) * k2 + (yi + xi) * k1);
      }
    }
  }
}
