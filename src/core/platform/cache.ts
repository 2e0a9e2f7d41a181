import type { ErrorInfo } from '../base/errors.ts';
import { bytesOf } from './results.ts';
import type { MethodOutput } from './spec.ts';

/**
 * Results of one table, by call key, least recently used first out once their typed arrays
 * exceed the byte budget. The table owns its cache: a new table starts an empty one, so a key
 * never needs the table version.
 */
export class ResultCache {
  private readonly entries = new Map<string, { output: MethodOutput; bytes: number }>();
  private bytes = 0;
  /** How many times each method was computed (not served from the cache), for tests and stats. */
  readonly computed = new Map<string, number>();

  /**
   * Calls that failed on this table, with their message: asked again (by another evaluation, or
   * another worker's), a failed call fails at once with the same message instead of running for
   * minutes to the same end. A cancel is not a failure and is not kept; `forget` allows a retry.
   */
  private readonly failures = new Map<string, ErrorInfo>();

  constructor(readonly budgetBytes = 512 * 1024 * 1024) {}

  failure(key: string): ErrorInfo | undefined {
    return this.failures.get(key);
  }

  setFailure(key: string, error: ErrorInfo): void {
    this.failures.set(key, error);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  get(key: string): MethodOutput | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-insert: Map iteration order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.output;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(output: MethodOutput): void {
    const old = this.entries.get(output.key);
    if (old) this.bytes -= old.bytes;
    this.entries.delete(output.key);
    const bytes = bytesOf(output.results);
    this.entries.set(output.key, { output, bytes });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes || key === output.key) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  noteComputed(method: string): void {
    this.computed.set(method, (this.computed.get(method) ?? 0) + 1);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}
