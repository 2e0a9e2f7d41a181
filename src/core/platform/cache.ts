import { bytesOf } from '../results.ts';
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

  constructor(readonly budgetBytes = 512 * 1024 * 1024) {}

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
