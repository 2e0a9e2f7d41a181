/**
 * The machine's speed now, side by side with a timed check (tests assert no absolute
 * wall-clock budget that a busy machine breaks): the least of ten timings, in ms, of one fixed
 * piece of work — sorting 50,000 numbers, about 4.6 ms in Node and 5–8 ms in Chromium's page on
 * a core of this 2-core machine. Self-contained, so Playwright can run it in a page
 * (`page.evaluate(workUnitMs)`).
 */
export function workUnitMs(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 10; run++) {
    const numbers = new Float64Array(50_000);
    let state = 12345 + run;
    for (let i = 0; i < numbers.length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) | 0;
      numbers[i] = state;
    }
    const start = performance.now();
    numbers.sort();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** The work unit, in ms, on a quiet core of this machine in Node: budgets stretch beyond it. */
export const QUIET_WORK_UNIT_MS = 4.6;

/**
 * A budget in seconds, set on a quiet machine, stretched by how much slower the machine is now
 * (never shrunk): the work unit timed now against its quiet time.
 */
export function stretched(seconds: number, unitMs = workUnitMs()): number {
  return seconds * Math.max(1, unitMs / QUIET_WORK_UNIT_MS);
}
