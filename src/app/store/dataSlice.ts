import type { StateCreator } from 'zustand';
import type { ParseOptions } from '../../core/data/csv/parse.ts';
import type { ErrorInfo } from '../../core/base/errors.ts';
import type { Progress } from '../../core/base/jobs.ts';
import type { CountsReport, Loaded } from '../../core/platform/session.ts';
import type { PrepareOptions } from '../../core/data/table/prepare.ts';
import type { RowFilter } from '../../core/data/table/rows.ts';
import type { Remote } from 'comlink';
import type { ExplorerApi, Outcome } from '../../worker/api.ts';
import type { JobHandle, WorkerPool } from '../../worker/pool.ts';
import { workerPool } from '../workerPool/pagePool.ts';
import { stoppedNotice } from './dataNotices.ts';
import { tableLoads } from './tableLoads.ts';
import type { JobKind } from './jobsSlice.ts';
import type { Store } from './index.ts';

export interface Source {
  name: string;
  file: Blob;
  /** Set when the source is a bundled sample. */
  sample?: string;
}

export interface Notice {
  kind: 'error' | 'info';
  /** What was being done, e.g. the file name. */
  title: string;
  error: ErrorInfo;
}

/** A read that failed, kept so the user can retry it with other reading options. */
export interface FailedLoad {
  source: Source;
  parseOptions: ParseOptions;
  prepareOptions: PrepareOptions;
}

export interface DataSlice {
  source: Source | null;
  parseOptions: ParseOptions;
  prepareOptions: PrepareOptions;
  loaded: Loaded | null;
  counts: CountsReport | null;
  /** Counts are taken on the rows holding this value (e.g. one class); null = all rows. */
  rowsWhere: RowFilter | null;
  /** The last problem worth telling (load failure, cancel, worker restart). */
  notice: Notice | null;
  failed: FailedLoad | null;
  /** Bumped whenever the modelled table changes; method results carry the version they used. */
  tableVersion: number;
  /** Runs a pool job with a progress entry (kind and label) in the jobs slice. */
  runJob<T>(
    kind: JobKind,
    label: string,
    start: (pool: WorkerPool, onProgress: (p: Progress) => void) => JobHandle<T>,
    key?: string,
  ): Promise<Outcome<T>>;
  /** A short worker call without progress (queries such as rows of objects). */
  query<T>(call: (api: Remote<ExplorerApi>) => Promise<Outcome<T>>): Promise<Outcome<T>>;
  /** Reads a source with the explorer's defaults, or the given column and reading options. */
  loadSource(source: Source, prepare?: PrepareOptions, parse?: ParseOptions): Promise<void>;
  /** Reads the failed file, or else the current one, again with other reading options. */
  setParseOptions(options: Partial<ParseOptions>): Promise<void>;
  /** Changes how the table is modelled (class, kinds, missing policy, bins) without re-reading. */
  setPrepareOptions(
    change: Partial<PrepareOptions> | ((current: PrepareOptions) => Partial<PrepareOptions>),
  ): Promise<void>;
  /** Counts on a row subset (the value domain stays the table's), or on all rows with null. */
  setRowsWhere(filter: RowFilter | null): Promise<void>;
  dismissNotice(): void;
}

export const DEFAULT_PARSE: ParseOptions = { delimiter: 'auto', skipRaggedRows: false };

/**
 * The data slice: the source, its reading and column options, the table the worker holds and its
 * counts; its actions run pool jobs, and the table's loads are in tableLoads.ts.
 */
export const createDataSlice: StateCreator<Store, [], [], DataSlice> = (set, get) => {
  /** The pool, started on first use; if it loses the table, the current data set is read again. */
  function pool(): WorkerPool {
    const p = workerPool();
    p.onRestart ??= (reason) => void tables.reloadAfterRestart(reason);
    p.onBroken ??= (message) => set({ notice: stoppedNotice(message) });
    return p;
  }

  /** Runs a pool job with a progress entry in the jobs slice. */
  async function job<T>(
    kind: JobKind,
    label: string,
    start: (pool: WorkerPool, onProgress: (p: Progress) => void) => JobHandle<T>,
    key?: string,
  ): Promise<Outcome<T>> {
    let id = -1;
    const handle = start(pool(), (p) => get().updateJob(id, p.fraction, p.message));
    id = handle.id;
    get().addJob({
      id,
      kind,
      label,
      fraction: 0,
      message: 'Starting…',
      cancel: handle.cancel,
      ...(key !== undefined ? { key } : {}),
    });
    try {
      return await handle.promise;
    } finally {
      get().removeJob(id);
    }
  }

  const tables = tableLoads(set, get, job);
  const { load } = tables;

  return {
    source: null,
    parseOptions: DEFAULT_PARSE,
    prepareOptions: {},
    loaded: null,
    counts: null,
    rowsWhere: null,
    notice: null,
    failed: null,
    tableVersion: 0,
    runJob: job,
    query: (call) => pool().query(call),
    // The explorer's defaults (issue 14): a class column found by its name, and missing cells
    // read as their own value when dropping their rows would lose more than 5 % of them.
    loadSource: (source, prepare = {}, parse = DEFAULT_PARSE) =>
      load(source, parse, { missing: 'auto', detectClass: true, ...prepare }),
    setParseOptions: async (options) => {
      const { failed, source, parseOptions, prepareOptions } = get();
      const target = failed ?? (source ? { source, parseOptions, prepareOptions } : null);
      if (!target) return;
      await load(target.source, { ...target.parseOptions, ...options }, target.prepareOptions);
    },
    setPrepareOptions: async (change) => {
      // The requested options are merged with what is stored at the moment of the click, so
      // quick successive changes build on each other; only the newest answer counts.
      const previous = get().prepareOptions;
      await tables.prepare({
        ...previous,
        ...(typeof change === 'function' ? change(previous) : change),
      });
    },
    setRowsWhere: async (rowsWhere) => {
      set({ rowsWhere });
      await tables.runCounts();
    },
    dismissNotice: () => set({ notice: null, failed: null }),
  };
};
