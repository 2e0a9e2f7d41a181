/**
 * A radix-2 complex FFT on split real/imaginary Float64Arrays (iterative Cooley-Tukey,
 * decimation in time): the candidate that bench/fft.bench.ts measured against the `fft.js`
 * package for src/core/projection/fft.ts, kept here as that benchmark's reference. Its 2-D transform
 * runs the column transforms with whole rows as the butterflies' operands, so no column is copied
 * out; `fft.js` was faster all the same (README). The inverse is not divided by the size.
 */
export class Radix2Fft {
  readonly size: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Int32Array;
  /** Per stage of half-size h, its h twiddles cos/sin(2πk / 2h) at [h − 1, 2h − 1). */
  private readonly twiddleRe: Float64Array;
  private readonly twiddleIm: Float64Array;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1 || (size & (size - 1)) !== 0)
      throw new RangeError(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    const half = Math.max(1, size >> 1);
    this.cos = new Float64Array(half);
    this.sin = new Float64Array(half);
    for (let k = 0; k < half; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / size);
      this.sin[k] = Math.sin((2 * Math.PI * k) / size);
    }
    this.twiddleRe = new Float64Array(size);
    this.twiddleIm = new Float64Array(size);
    for (let h = 1; h < size; h <<= 1)
      for (let k = 0; k < h; k++) {
        this.twiddleRe[h - 1 + k] = Math.cos((Math.PI * k) / h);
        this.twiddleIm[h - 1 + k] = Math.sin((Math.PI * k) / h);
      }
    this.reversed = new Int32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
  }

  /**
   * In place, the length-`size` sequence at re/im[offset …]: X_k = Σ_t x_t e^{∓2πi kt/size}
   * (− forward, + inverse; the inverse is not divided by size).
   */
  transform(re: Float64Array, im: Float64Array, offset: number, inverse: boolean): void {
    const m = this.size;
    const { reversed, twiddleRe, twiddleIm } = this;
    for (let i = 0; i < m; i++) {
      const j = reversed[i] as number;
      if (j > i) {
        const a = offset + i;
        const b = offset + j;
        const tr = re[a] as number;
        re[a] = re[b] as number;
        re[b] = tr;
        const ti = im[a] as number;
        im[a] = im[b] as number;
        im[b] = ti;
      }
    }
    const end = offset + m;
    // Stage of size 2: twiddle 1.
    if (m >= 2)
      for (let a = offset; a < end; a += 2) {
        const ar = re[a] as number;
        const ai = im[a] as number;
        const br = re[a + 1] as number;
        const bi = im[a + 1] as number;
        re[a] = ar + br;
        im[a] = ai + bi;
        re[a + 1] = ar - br;
        im[a + 1] = ai - bi;
      }
    // Stage of size 4: twiddles 1 and ∓i.
    if (m >= 4) {
      const s = inverse ? 1 : -1;
      for (let a = offset; a < end; a += 4) {
        const ar = re[a] as number;
        const ai = im[a] as number;
        const br = re[a + 2] as number;
        const bi = im[a + 2] as number;
        re[a] = ar + br;
        im[a] = ai + bi;
        re[a + 2] = ar - br;
        im[a + 2] = ai - bi;
        const cr = re[a + 1] as number;
        const ci = im[a + 1] as number;
        // (dr + i di)·(∓i) = ±di ∓ i dr
        const dr = -s * (im[a + 3] as number);
        const di = s * (re[a + 3] as number);
        re[a + 1] = cr + dr;
        im[a + 1] = ci + di;
        re[a + 3] = cr - dr;
        im[a + 3] = ci - di;
      }
    }
    const sign = inverse ? 1 : -1;
    for (let half = 4; half < m; half <<= 1) {
      const size = half << 1;
      // Twiddles of this stage are contiguous at twiddle[half − 1 …].
      for (let start = offset; start < end; start += size) {
        for (let k = 0; k < half; k++) {
          const wr = twiddleRe[half - 1 + k] as number;
          const wi = sign * (twiddleIm[half - 1 + k] as number);
          const a = start + k;
          const b = a + half;
          const br = re[b] as number;
          const bi = im[b] as number;
          const tr = wr * br - wi * bi;
          const ti = wr * bi + wi * br;
          const ar = re[a] as number;
          const ai = im[a] as number;
          re[b] = ar - tr;
          im[b] = ai - ti;
          re[a] = ar + tr;
          im[a] = ai + ti;
        }
      }
    }
  }

  /**
   * The 2-D transform of a row-major size × size grid, in place. Rows `rowsIn` and beyond are
   * taken to be zero on entry (their row transforms are skipped) and only rows below `rowsOut`
   * are transformed in the second pass of an inverse: the zero padding of a convolution.
   */
  transform2d(
    re: Float64Array,
    im: Float64Array,
    inverse: boolean,
    rowsIn: number = this.size,
    rowsOut: number = this.size,
  ): void {
    const m = this.size;
    if (!inverse) {
      for (let r = 0; r < rowsIn; r++) this.transform(re, im, r * m, false);
      this.columns(re, im, false);
    } else {
      this.columns(re, im, true);
      for (let r = 0; r < rowsOut; r++) this.transform(re, im, r * m, true);
    }
  }

  /** Every column transformed at once: the butterflies combine whole rows. */
  private columns(re: Float64Array, im: Float64Array, inverse: boolean): void {
    const m = this.size;
    const { cos, sin, reversed } = this;
    for (let i = 0; i < m; i++) {
      const j = reversed[i] as number;
      if (j > i) {
        const a = i * m;
        const b = j * m;
        for (let c = 0; c < m; c++) {
          const tr = re[a + c] as number;
          re[a + c] = re[b + c] as number;
          re[b + c] = tr;
          const ti = im[a + c] as number;
          im[a + c] = im[b + c] as number;
          im[b + c] = ti;
        }
      }
    }
    const sign = inverse ? 1 : -1;
    for (let size = 2; size <= m; size <<= 1) {
      const half = size >> 1;
      const step = m / size;
      for (let start = 0; start < m; start += size) {
        for (let k = 0; k < half; k++) {
          const wr = cos[k * step] as number;
          const wi = sign * (sin[k * step] as number);
          const a = (start + k) * m;
          const b = a + half * m;
          for (let c = 0; c < m; c++) {
            const br = re[b + c] as number;
            const bi = im[b + c] as number;
            const tr = wr * br - wi * bi;
            const ti = wr * bi + wi * br;
            const ar = re[a + c] as number;
            const ai = im[a + c] as number;
            re[b + c] = ar - tr;
            im[b + c] = ai - ti;
            re[a + c] = ar + tr;
            im[a + c] = ai + ti;
          }
        }
      }
    }
  }
}
