import { badOption } from './errors.ts';
/**
 * Seeded pseudo-random numbers (mulberry32 over a splitmix32-scrambled seed). Every random step in
 * the project takes a seed and draws from here; the same seed gives the same sequence everywhere.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export function createRandom(seed: number): Random {
  if (!Number.isInteger(seed)) throw badOption(`seed must be an integer, got ${seed}`);
  let state = splitmix32(seed >>> 0);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n) };
}

/**
 * Moves a uniform sample of `count` entries, drawn without replacement, to the front of `pool`
 * (in place, a partial Fisher–Yates shuffle: one draw per entry taken).
 */
export function shuffleFront(pool: Int32Array, count: number, random: Random): void {
  for (let i = 0; i < count; i++) {
    const j = i + random.int(pool.length - i);
    const t = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = t;
  }
}

/** A uniform random permutation of 0..n−1 (Fisher–Yates, from the last entry down). */
export function permutation(n: number, random: Random): Int32Array {
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = p[i] as number;
    p[i] = p[j] as number;
    p[j] = t;
  }
  return p;
}

/** `count` distinct entries of `items` drawn uniformly, ascending (all of them when fewer). */
export function sampleOf(items: Int32Array, count: number, random: Random): Int32Array {
  if (count >= items.length) return Int32Array.from(items).sort();
  const pool = Int32Array.from(items);
  shuffleFront(pool, count, random);
  return pool.slice(0, count).sort();
}

/** A standard normal draw (Box–Muller) from two uniform draws. */
export function gaussian(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** A seed must be a whole number: TypeError for a non-number, RangeError otherwise, as the
 * parameter tables report it. */
export function validateSeed(seed: unknown): number {
  if (typeof seed !== 'number') throw badOption(`seed must be a whole number, got ${String(seed)}`);
  if (!Number.isInteger(seed)) throw badOption(`seed must be a whole number, got ${seed}`);
  return seed;
}
