import { BEAT, BEAT_MS, GIVE_WAY_CELLS, WATCHING } from '../../worker/giveWay.ts';

/**
 * The page's beat that the workers give way to (src/worker/giveWay.ts): while jobs run and the
 * tab is visible, a timer bumps a shared counter every BEAT_MS. When the page is busy, or the
 * system has preempted it, the beat stops and the workers sleep until it comes back, so the
 * page gets a core. Needs shared memory (a cross-origin-isolated page); null otherwise.
 */
export interface PageBeat {
  /** The shared cells, for each worker. */
  cells: Int32Array;
  /** How many jobs are running now; the beat runs only while some are. */
  setRunning(jobs: number): void;
}

export function startPageBeat(): PageBeat | null {
  if (!globalThis.crossOriginIsolated || typeof SharedArrayBuffer === 'undefined') return null;
  const cells = new Int32Array(new SharedArrayBuffer(GIVE_WAY_CELLS * 4));
  let running = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const beat = (): void => {
    Atomics.add(cells, BEAT, 1);
    Atomics.notify(cells, BEAT);
    timer = setTimeout(beat, BEAT_MS);
  };
  const update = (): void => {
    const watching = running > 0 && document.visibilityState === 'visible';
    Atomics.store(cells, WATCHING, watching ? 1 : 0);
    if (watching && timer === null) beat();
    if (!watching && timer !== null) {
      clearTimeout(timer);
      timer = null;
      // Wakes any worker still waiting, now that nobody beats.
      Atomics.notify(cells, BEAT);
    }
  };
  document.addEventListener('visibilitychange', update);
  return {
    cells,
    setRunning(jobs) {
      running = jobs;
      update();
    },
  };
}
