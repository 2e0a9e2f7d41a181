/**
 * Workers give way to a busy page (src/worker/giveWay.ts): a job step waits while the page's
 * beat is stale, and only then; a hidden page (not watching) is never waited for.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BEAT, GiveWay, MAX_WAIT_MS, STALE_MS, WATCHING } from '../../src/worker/giveWay.ts';

function cells(watching: boolean): Int32Array {
  const c = new Int32Array(new SharedArrayBuffer(8));
  c[WATCHING] = watching ? 1 : 0;
  return c;
}

/** Runs `check` in a loop for `ms`, beating every `beatMs` (0: never); returns the wait. */
function spin(c: Int32Array, ms: number, beatMs: number): number {
  const way = new GiveWay(c);
  const start = performance.now();
  let lastBeat = start;
  for (let t = start; t - start < ms; t = performance.now()) {
    if (beatMs > 0 && t - lastBeat >= beatMs) {
      Atomics.add(c, BEAT, 1);
      lastBeat = t;
    }
    way.check(t);
  }
  return way.waitedMs;
}

describe('GiveWay', () => {
  it('does not wait while the page beats', () => {
    expect(spin(cells(true), 200, 4)).toBe(0);
  });

  it('waits while the page is silent, in waits of at most MAX_WAIT_MS', () => {
    const c = cells(true);
    const way = new GiveWay(c);
    way.check(performance.now()); // sees the beat
    const t0 = performance.now();
    way.check(t0 + STALE_MS + 1); // the beat is stale by then: waits, up to the cap
    const took = performance.now() - t0;
    expect(took).toBeGreaterThanOrEqual(MAX_WAIT_MS - 2);
    expect(took).toBeLessThan(MAX_WAIT_MS + 40);
    expect(way.waitedMs).toBeGreaterThan(0);
    // A silent page for 600 ms: the worker ran about STALE_MS in every STALE_MS + MAX_WAIT_MS.
    const waited = spin(c, 600, 0);
    expect(waited).toBeGreaterThan(600 * 0.6);
  });

  it('a beat wakes a waiting worker at once', async () => {
    const c = cells(true);
    const way = new GiveWay(c);
    way.check(performance.now());
    // Another thread, told to, beats 20 ms later (as the page's timer would), with a notify.
    const page = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const c = new Int32Array(workerData);
       parentPort.once('message', () =>
         setTimeout(() => { Atomics.add(c, 0, 1); Atomics.notify(c, 0); }, 20));`,
      { eval: true, workerData: c.buffer },
    );
    await new Promise((resolve) => page.once('online', resolve));
    page.postMessage('beat');
    const t0 = performance.now();
    way.check(t0 + STALE_MS + 1);
    const took = performance.now() - t0;
    await page.terminate();
    expect(Atomics.load(c, BEAT)).toBe(1);
    expect(took).toBeGreaterThan(10);
    expect(took).toBeLessThan(MAX_WAIT_MS - 10);
  });

  it('never waits for a page that is not watching (a hidden tab, or no job)', () => {
    expect(spin(cells(false), 200, 0)).toBe(0);
  });

  it('needs shared memory', () => {
    expect(() => new GiveWay(new Int32Array(2))).toThrow(/shared memory/);
  });
});
