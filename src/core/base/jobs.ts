/**
 * Long computations are generators that yield progress between steps. The worker drives them and
 * yields to its event loop between steps so a cancel message can get through; Node, Vitest and the
 * CLI simply run them to the end.
 */
export interface Progress {
  /** 0..1 */
  fraction: number;
  message: string;
}

export type Steps<T> = Generator<Progress, T, void>;

export function runToEnd<T>(steps: Steps<T>, onProgress?: (p: Progress) => void): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}

/** Runs sub-steps, mapping their progress into [from, to] of the caller's progress. */
export function* scaledSteps<T>(steps: Steps<T>, from: number, to: number, prefix = ''): Steps<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    // Extra fields (a t-SNE's live layout) pass through.
    yield {
      ...step.value,
      fraction: from + (to - from) * step.value.fraction,
      message: prefix + step.value.message,
    };
  }
}

/**
 * Returns true about every half million units of work: when a generator should yield (here and
 * in classical and landmark MDS).
 */
export function pacer(every = 1 << 19): (work: number) => boolean {
  let done = 0;
  return (work) => {
    done += work;
    if (done < every) return false;
    done = 0;
    return true;
  };
}
