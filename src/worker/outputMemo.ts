import { bytesOf } from '../core/platform/results.ts';
import type { MethodOutput } from '../core/platform/spec.ts';

/**
 * Outputs kept on the page's side of the pool for handing to other workers (the store keeps its
 * own), least recently used out past this many bytes of typed arrays. Run all's evaluations
 * re-fit each seeded method 10 times and share those fits: on an 8,124-row table some 80 outputs.
 */
export const OUTPUT_MEMO_BYTES = 256 * 1024 * 1024;

/** Outputs by call key, least recently used first, within a budget of bytes. */
export class OutputMemo {
  private readonly outputs = new Map<string, MethodOutput>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly budget = OUTPUT_MEMO_BYTES) {}

  /** The output of a call, now the most recently used; undefined when not kept. */
  get(key: string): MethodOutput | undefined {
    const output = this.outputs.get(key);
    if (output) {
      // Most recently used last: the memo drops from the front.
      this.outputs.delete(key);
      this.outputs.set(key, output);
    }
    return output;
  }

  /** Keeps an output, dropping the least recently used past the budget (never this one). */
  remember(output: MethodOutput): void {
    this.forget(output.key);
    const bytes = bytesOf(output.results);
    this.outputs.set(output.key, output);
    this.sizes.set(output.key, bytes);
    this.bytes += bytes;
    for (const key of this.outputs.keys()) {
      if (this.bytes <= this.budget || key === output.key) break;
      this.forget(key);
    }
  }

  clear(): void {
    this.outputs.clear();
    this.sizes.clear();
    this.bytes = 0;
  }

  private forget(key: string): void {
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
    this.outputs.delete(key);
  }
}
