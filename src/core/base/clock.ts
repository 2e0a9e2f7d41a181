/** Milliseconds from a monotonic clock where the runtime has one (worker, Node), else Date. */
export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}
