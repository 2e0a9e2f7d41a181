/**
 * The pool's backoff for crashed workers, on a clock the test moves: the wait doubles with each
 * crash of the last minute, the fifth within a minute gives up, and crashes older than the
 * window are forgotten.
 */
import { describe, expect, it } from 'vitest';
import { CRASH_POLICY, CrashBackoff } from '../../src/worker/crashBackoff.ts';

function clocked(policy = CRASH_POLICY) {
  let now = 1_000_000;
  const backoff = new CrashBackoff(policy, () => now);
  return { backoff, wait: (ms: number) => (now += ms) };
}

describe('crash backoff', () => {
  it('waits 0.5 s, 1 s, 2 s, 4 s, then gives up at the fifth crash within a minute', () => {
    const { backoff, wait } = clocked();
    const delays: (number | null)[] = [];
    for (let i = 0; i < 5; i++) {
      delays.push(backoff.crashed());
      wait(100);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, null]);
  });

  it('forgets crashes older than the window', () => {
    const { backoff, wait } = clocked();
    expect(backoff.crashed()).toBe(500);
    wait(30_000);
    expect(backoff.crashed()).toBe(1000);
    wait(30_000); // the first is a minute old now
    expect(backoff.crashed()).toBe(1000);
    wait(60_000);
    expect(backoff.crashed()).toBe(500);
  });

  it('says what happened and what to do in one sentence', () => {
    expect(new CrashBackoff().message).toBe(
      'The computation workers kept crashing (5 times in a minute); reload the page to try again.',
    );
    expect(new CrashBackoff({ firstDelayMs: 100, limit: 3, windowMs: 120_000 }).message).toBe(
      'The computation workers kept crashing (3 times in 2 minutes); reload the page to try again.',
    );
  });

  it('follows its policy', () => {
    const { backoff } = clocked({ firstDelayMs: 100, limit: 3, windowMs: 10_000 });
    expect([backoff.crashed(), backoff.crashed(), backoff.crashed()]).toEqual([100, 200, null]);
  });
});
