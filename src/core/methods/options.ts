import type { CouplingOrientation } from './couplings.ts';

/** Shared validation of method options: each throws a RangeError/TypeError naming the option. */
export function validateSeed(seed: unknown): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed))
    throw new TypeError(`seed must be an integer, got ${String(seed)}`);
  return seed;
}

export function validateAlpha(alpha: unknown): number {
  return validatePositive('alpha', alpha);
}

export function validatePositive(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a finite number > 0, got ${String(value)}`);
  return value;
}

export function validateWholeNumber(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${String(value)}`);
  return value;
}

export function validateOrientation(orientation: unknown): CouplingOrientation {
  if (orientation !== 'paper' && orientation !== 'code')
    throw new TypeError(`orientation must be "paper" or "code", got ${String(orientation)}`);
  return orientation;
}
