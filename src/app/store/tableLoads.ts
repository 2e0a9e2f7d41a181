import type { StateCreator } from 'zustand';
import type { ParseOptions } from '../../core/data/csv/parse.ts';
import type { Progress } from '../../core/base/jobs.ts';
import type { Loaded } from '../../core/platform/session.ts';
import type { PrepareOptions } from '../../core/data/table/prepare.ts';
import type { Outcome } from '../../worker/api.ts';
import type { JobHandle, WorkerPool } from '../../worker/pool.ts';
import type { DataSlice, Source } from './dataSlice.ts';
import { failureNotice, told } from './dataNotices.ts';
import type { JobKind } from './jobsSlice.ts';
import type { ColorBy } from './linkSlice.ts';
import type { Store } from './index.ts';

type Creator = StateCreator<Store, [], [], DataSlice>;
/** Runs a pool job with a progress entry in the jobs slice (DataSlice.runJob). */
export type RunJob = <T>(
  kind: JobKind,
  label: string,
  start: (pool: WorkerPool, onProgress: (p: Progress) => void) => JobHandle<T>,
) => Promise<Outcome<T>>;

/** Colour by class when there is one (method results belonged to the old table). */
function colorByFor(loaded: Loaded): ColorBy {
  return loaded.meta.classColumn !== null ? { kind: 'class' } : { kind: 'none' };
}

/**
 * How the worker's table comes and changes: read from a source, re-modelled with other column
 * options, counted, read again after a worker restart. Loads and re-models share one counter,
 * so only the newest answer counts.
 */
export function tableLoads(set: Parameters<Creator>[0], get: Parameters<Creator>[1], job: RunJob) {
  /** Options of the table the worker holds now, and a counter that orders loads and re-models. */
  let modelledOptions: PrepareOptions = {};
  let prepareRequest = 0;

  async function runCounts(): Promise<void> {
    set({ counts: null });
    const rowsWhere = get().rowsWhere;
    const outcome = await job('counts', 'Counting co-occurrences', (p, onProgress) =>
      p.counts({ rowsWhere }, onProgress),
    );
    if (outcome.ok) set({ counts: outcome.value });
    else set({ notice: failureNotice('Counts', outcome.error) });
  }

  async function load(
    source: Source,
    parseOptions: ParseOptions,
    prepareOptions: PrepareOptions,
  ): Promise<void> {
    set({ notice: null, failed: null });
    // A newer load or column change supersedes this one (the pool applies them in order).
    const request = ++prepareRequest;
    const outcome = await job('load', `Reading ${source.name}`, (p, onProgress) =>
      p.load(source.file, parseOptions, prepareOptions, onProgress),
    );
    if (request !== prepareRequest) return;
    if (!outcome.ok) {
      set({
        notice: failureNotice(source.name, outcome.error),
        failed: { source, parseOptions, prepareOptions },
      });
      return;
    }
    await modelled(outcome.value, prepareOptions, {
      source,
      parseOptions,
      prepareOptions,
      counts: null,
    });
  }

  /** Stores the requested column options at once, then re-models the table with them. */
  async function prepare(prepareOptions: PrepareOptions): Promise<void> {
    const request = ++prepareRequest;
    set({ prepareOptions });
    // A job with its bar: the table is re-modelled in a worker, which may be busy a moment.
    const outcome = await job('load', 'Applying the column settings', (p) =>
      p.prepare(prepareOptions),
    );
    if (request !== prepareRequest) return;
    if (!outcome.ok) {
      set({
        prepareOptions: modelledOptions,
        notice: told({ kind: 'error', title: 'Column settings', error: outcome.error }),
      });
      return;
    }
    await modelled(outcome.value, prepareOptions);
  }

  /**
   * The worker holds a new table (read or re-modelled): show it, forget selection and method
   * results that indexed the old one, and count it.
   */
  async function modelled(
    loaded: Loaded,
    options: PrepareOptions,
    extra: Partial<DataSlice> = {},
  ): Promise<void> {
    modelledOptions = options;
    set((s) => ({
      ...extra,
      loaded,
      rowsWhere: null,
      colorBy: colorByFor(loaded),
      tableVersion: s.tableVersion + 1,
    }));
    get().clearSelection();
    get().resetResults();
    await runCounts();
  }

  /** The new worker has no table: read the current source again, then say what happened. */
  async function reloadAfterRestart(reason: string): Promise<void> {
    const { source, parseOptions, prepareOptions } = get();
    if (source) await load(source, parseOptions, prepareOptions);
    const message = source ? `${reason} ${source.name} was read again.` : reason;
    set({
      notice: told({
        kind: 'info',
        title: 'Worker restarted',
        error: { code: 'internal', message },
      }),
    });
  }

  return { load, prepare, runCounts, reloadAfterRestart };
}
