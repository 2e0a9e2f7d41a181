/**
 * Types for the `tsne-js` package (exact O(N²) t-SNE), which ships none. It is used only as a
 * reference by test/core/projection/tsne.test.ts and bench/projection.bench.ts, never by the product.
 */
declare module 'tsne-js' {
  export interface TsneJsConfig {
    dim?: number;
    perplexity?: number;
    earlyExaggeration?: number;
    learningRate?: number;
    /** Total iterations, early exaggeration included (it may stop earlier on no progress). */
    nIter?: number;
    metric?: 'euclidean' | 'manhattan' | 'jaccard' | 'dice';
  }

  export default class TSNE {
    constructor(config?: TsneJsConfig);
    /** Draws the random start from Math.random. */
    init(options: { data: number[][]; type?: 'dense' | 'sparse' }): void;
    /** Returns [final KL (against its own P), last iteration]. */
    run(): [number, number];
    getOutput(): number[][];
    on(event: 'progressIter', listener: (info: [number, number, number]) => void): this;
  }
}
