import FFT from 'fft.js';
import { internal } from '../base/errors.ts';

/**
 * 2-D complex FFTs on split real/imaginary Float64Arrays, for the convolutions of the interpolated
 * t-SNE repulsion (fftRepulsion.ts), through the `fft.js` package (radix-4, interleaved arrays):
 * each row and each column is copied into an interleaved scratch line, transformed and copied
 * back. Picked over our own radix-2 transform by bench/fft.bench.ts (README).
 */
export class Fft {
  readonly size: number;
  private readonly lib: FFT;
  private readonly line: Float64Array;
  private readonly out: Float64Array;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 2 || (size & (size - 1)) !== 0)
      throw internal(`FFT size must be a power of two ≥ 2, got ${size}`);
    this.size = size;
    this.lib = new FFT(size);
    this.line = new Float64Array(2 * size);
    this.out = new Float64Array(2 * size);
  }

  /**
   * In place, the `size` values at offset, offset + stride, …: X_k = Σ_t x_t e^{∓2πi kt/size}
   * (− forward; + inverse, divided by size).
   */
  transform(
    re: Float64Array,
    im: Float64Array,
    offset: number,
    stride: number,
    inverse: boolean,
  ): void {
    const { size, line, out } = this;
    for (let k = 0, t = offset; k < size; k++, t += stride) {
      line[2 * k] = re[t] as number;
      line[2 * k + 1] = im[t] as number;
    }
    if (inverse) this.lib.inverseTransform(out, line);
    else this.lib.transform(out, line);
    for (let k = 0, t = offset; k < size; k++, t += stride) {
      re[t] = out[2 * k] as number;
      im[t] = out[2 * k + 1] as number;
    }
  }

  /**
   * The 2-D transform of a row-major size × size grid, in place (the inverse divided by size²).
   * Rows `rowsIn` and beyond are taken to be zero on entry of a forward transform (their row
   * transforms are skipped), and an inverse transforms only the rows below `rowsOut` in its second
   * pass: the zero padding of a convolution.
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
      for (let r = 0; r < rowsIn; r++) this.transform(re, im, r * m, 1, false);
      for (let c = 0; c < m; c++) this.transform(re, im, c, m, false);
    } else {
      for (let c = 0; c < m; c++) this.transform(re, im, c, m, true);
      for (let r = 0; r < rowsOut; r++) this.transform(re, im, r * m, 1, true);
    }
  }
}
