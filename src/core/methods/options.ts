import type { CouplingOrientation } from './couplings.ts';

/** Shared validation of method options: each throws a RangeError/TypeError naming the option. */
export function validateSeed(seed: unknown): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed))
    throw new TypeError(`seed must be an integer, got ${String(seed)}`);
  return seed;
}

export function validateAlpha(alpha: unknown): number {
  if (typeof alpha !== 'number' || !Number.isFinite(alpha) || alpha <= 0)
    throw new RangeError(`alpha must be a finite number > 0, got ${String(alpha)}`);
  return alpha;
}

export function validateOrientation(orientation: unknown): CouplingOrientation {
  if (orientation !== 'paper' && orientation !== 'code')
    throw new TypeError(`orientation must be "paper" or "code", got ${String(orientation)}`);
  return orientation;
}
