import { readFileSync } from 'node:fs';
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

/**
 * A clock of the CPU time this process spends from now, in seconds: what an in-process timed
 * check compares with its budget, since a machine busy with other processes slows the wall
 * clock, not the work (the least-of-ten work unit does not see such sharing: a short sort often
 * runs uninterrupted). Where there is no process (a page), the wall clock.
 */
export function cpuClock(): () => number {
  if (typeof process !== 'undefined' && typeof process.cpuUsage === 'function') {
    const start = process.cpuUsage();
    return () => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1e6;
    };
  }
  const t0 = performance.now();
  return () => (performance.now() - t0) / 1000;
}

/** CPU seconds of this process's finished children (Linux `/proc/self/stat`: cutime + cstime). */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), numbered from 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cutime = Number(fields[16 - 3]);
    const cstime = Number(fields[17 - 3]);
    // Clock ticks: 100 a second on Linux (USER_HZ).
    return Number.isFinite(cutime + cstime) ? (cutime + cstime) / 100 : null;
  } catch {
    return null;
  }
}

/**
 * A clock of the CPU time the child processes this process waits for spend from now (a CLI run
 * by `execFile`), in seconds: what a timed check of a CLI run compares with its budget, since
 * other processes on the machine slow the wall clock, not the work. Vitest runs the test files
 * in two processes, one file and one test at a time each, so the children are this test's.
 * Without `/proc`, the wall clock.
 */
export function childCpuClock(): () => number {
  const start = childrenCpuSeconds();
  if (start === null) {
    const t0 = performance.now();
    return () => (performance.now() - t0) / 1000;
  }
  return () => (childrenCpuSeconds() ?? start) - start;
}
