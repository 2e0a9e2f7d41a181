import { describe, expect, it } from 'vitest';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import { keyOf } from '../../../src/app/views/Panel.tsx';

describe('keyOf: the key a panel’s call is stored under', () => {
  it('is the canonical key: defaults filled in, so an explicit default is the same call', () => {
    const alpha = resolveCall({ method: 'cde' }).options['alpha'];
    expect(keyOf({ method: 'cde' })).toBe(keyOf({ method: 'cde', options: { alpha } }));
    expect(keyOf({ method: 'cde' })).not.toBe(keyOf({ method: 'cde', options: { alpha: 2 } }));
  });

  it('is null with no call, or a call the registry refuses', () => {
    expect(keyOf(null)).toBeNull();
    expect(keyOf(undefined)).toBeNull();
    expect(keyOf({ method: 'no-such-method' })).toBeNull();
    expect(keyOf({ method: 'cde', options: { alpha: 'many' } })).toBeNull();
  });
});
