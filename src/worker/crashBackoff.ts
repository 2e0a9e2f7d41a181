/**
 * How the pool replaces a crashed worker (issue 46): after a wait that doubles with each crash
 * of the last minute (0.5 s, 1 s, 2 s, 4 s), and not at all once the workers crashed five times
 * within it. A worker that cannot start — its script gone from the server after an upgrade and
 * answered with the page instead — crashes as soon as it is started: restarted at once, it was
 * fetched 550 times in 23 s.
 */
export interface CrashPolicy {
  /** The wait before the first replacement; each crash before it in the window doubles it. */
  firstDelayMs: number;
  /** This many crashes within the window, and the pool gives up. */
  limit: number;
  windowMs: number;
}

export const CRASH_POLICY: CrashPolicy = { firstDelayMs: 500, limit: 5, windowMs: 60_000 };

/** The crashes of a pool's workers over the last window. */
export class CrashBackoff {
  private times: number[] = [];

  constructor(
    readonly policy: CrashPolicy = CRASH_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A worker crashed: how long to wait before replacing it, or null when the pool gives up. */
  crashed(): number | null {
    const t = this.now();
    this.times = this.times.filter((before) => t - before < this.policy.windowMs);
    this.times.push(t);
    if (this.times.length >= this.policy.limit) return null;
    return this.policy.firstDelayMs * 2 ** (this.times.length - 1);
  }

  /** What the page says, once, when the pool gave up. */
  get message(): string {
    const { limit, windowMs } = this.policy;
    const window =
      windowMs === 60_000
        ? 'a minute'
        : windowMs % 60_000 === 0
          ? `${windowMs / 60_000} minutes`
          : `${windowMs / 1000} s`;
    return `The computation workers kept crashing (${limit} times in ${window}); reload the page to try again.`;
  }
}
