/** Timing helpers shared by the benchmarks. */

/** Seconds between two `process.hrtime.bigint()` readings. */
export const seconds = (from: bigint, to: bigint): number => Number(to - from) / 1e9;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Seconds as right-aligned milliseconds. */
export const ms = (s: number): string => `${(s * 1000).toFixed(1).padStart(8)} ms`;

/**
 * The value after `--name` on the command line (or in `argv`), else `fallback`; a flag with no
 * value throws.
 */
export function option<F extends string | null>(
  name: string,
  fallback: F,
  argv: readonly string[] = process.argv,
): string | F {
  const at = argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--'))
    throw new RangeError(`--${name} needs a value`);
  return value;
}

/**
 * `--smoke`: the bench at its smallest size that still runs every code path (ours, the peers
 * found on this machine, the printing of figures and ratios), in seconds. `npm run bench:smoke`
 * (scripts/bench-smoke.mjs, part of `npm test`) runs every bench so, so a bench a change broke
 * fails there. The figures of a smoke run measure nothing.
 */
export const SMOKE = process.argv.includes('--smoke');

/** The full size, or the smoke size under `--smoke`. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** An option's value (as `option`), whose default is `smoke` under `--smoke`. */
export const sizedOption = (name: string, full: string, smoke: string): string =>
  option(name, SMOKE ? smoke : full);

if (SMOKE)
  console.log('--smoke: the smallest sizes, to check the bench runs; figures mean nothing');
