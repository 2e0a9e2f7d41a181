import { transfer } from 'comlink';
import { checkSize, type ByteSource } from '../core/data/csv/bytes.ts';
import { CancelledError, toErrorInfo, type ErrorInfo } from '../core/base/errors.ts';
import { indicatorSteps, type IndicatorsReport } from '../core/evaluation/indicators.ts';
import type { Progress } from '../core/base/jobs.ts';
import type { ParseOptions } from '../core/data/csv/parse.ts';
import { resolveCall } from '../core/platform/calls.ts';
import { preconditionOf } from '../core/platform/run.ts';
import type { Call, MethodOutput } from '../core/platform/spec.ts';
import { copyForTransfer } from '../core/platform/results.ts';
import {
  ExplorerSession,
  type CallFailure,
  type CountRequest,
  type CountsReport,
  type Loaded,
  type TableSnapshot,
} from '../core/platform/session.ts';
import type { PrepareOptions } from '../core/data/table/prepare.ts';
import { columnarFormat } from './columnarFormat.ts';
import { countsOfJsonFile } from './countsJson.ts';
import { GiveWay } from './giveWay.ts';
import { portLink, serveTeams, SharedTeam } from './teamLink.ts';
import { useTeam } from '../core/parallel/ambient.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
export type ProgressCallback = (p: Progress) => void;

/**
 * The API the worker exposes through comlink. Tests call it directly. Every call returns an
 * Outcome instead of throwing, so data problems reach the UI as structured, readable messages.
 * Long: its list of some twenty endpoints, each a few lines over the session (core/platform/session.ts), which does the work; they share the closure's session and jobs.
 */
export function createExplorerApi() {
  const session = new ExplorerSession();
  const cancelled = new Set<number>();
  /** Set when the page shares its beat: every job step then gives way to a busy page. */
  let giveWay: GiveWay | null = null;
  /** Set when the pool shares a team channel (joinTeam). */
  let team: { own: SharedTeam; served: ReturnType<typeof serveTeams> } | null = null;

  async function guard<T>(jobId: number, work: () => Promise<T>): Promise<Outcome<T>> {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    } finally {
      cancelled.delete(jobId);
    }
  }

  /** Drives a steppable job, yielding to the event loop every ~30 ms so cancel() gets through. */
  async function drive<T, P extends Progress>(
    jobId: number,
    steps: Generator<P, T, void>,
    onProgress?: (p: P) => void,
  ): Promise<T> {
    let last = now();
    let lastReport = 0;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      giveWay?.check(now());
      if (now() - last > 30) {
        await yieldToEventLoop();
        last = now();
      }
      // Checked at every step: a cancel may also come before the job's first step.
      if (cancelled.has(jobId)) throw new CancelledError();
      if (onProgress && now() - lastReport > 100) {
        lastReport = now();
        onProgress(step.value);
      }
    }
  }

  /**
   * A steppable job whose result is sent as a copy: its typed arrays are freshly made and those
   * copies are transferred, so nothing the session caches is ever detached.
   */
  function runCopied<T, P extends Progress>(
    jobId: number,
    steps: Generator<P, T, void>,
    onProgress?: (p: P) => void,
  ): Promise<Outcome<T>> {
    return guard(jobId, async () => sendCopy(await drive(jobId, steps, onProgress)));
  }

  return {
    /**
     * Reads a CSV file (streamed; the reading contract of core/data/csv/bytes.ts), or a Parquet or
     * Arrow file (DuckDB-Wasm), and models it; or takes a counts file (JSON, or Parquet in long
     * form: core/data/counts/countsFormats.ts) as a table known by its counts alone.
     */
    async load(
      file: Blob,
      parseOptions: ParseOptions,
      prepareOptions: PrepareOptions,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<Loaded>> {
      return guard(jobId, async () => {
        // Parquet and Arrow go through DuckDB-Wasm, fetched only now (a chunk of its own).
        const format = await columnarFormat(file);
        if (format) {
          checkSize(file.size); // the CSV's size limits: empty, over 1 GB
          onProgress?.({
            fraction: 0,
            message: `Reading the ${format === 'parquet' ? 'Parquet' : 'Arrow'} file with DuckDB…`,
          });
          const { readColumnar } = await import('./columnar.ts');
          const read = await readColumnar(file, format, parseOptions.missingTokens);
          if (cancelled.has(jobId)) throw new CancelledError('Loading was cancelled.');
          // A counts file in long form holds counts, not rows: the column options do not apply.
          const loaded =
            'counts' in read
              ? session.loadCounts(read.counts)
              : session.loadRaw(read.raw, prepareOptions);
          return transfer(loaded, metaBuffers(loaded));
        }
        // A counts file as JSON (known by its content: a JSON object), else CSV.
        checkSize(file.size);
        const counts = await countsOfJsonFile(file);
        if (counts) {
          if (cancelled.has(jobId)) throw new CancelledError('Loading was cancelled.');
          const loaded = session.loadCounts(counts);
          return transfer(loaded, metaBuffers(loaded));
        }
        let lastReport = 0;
        const loaded = await session.loadBytes(blobSource(file), parseOptions, prepareOptions, {
          sizeHint: file.size,
          isCancelled: () => cancelled.has(jobId),
          pause: yieldToEventLoop,
          onProgress: (p) => {
            if (onProgress && now() - lastReport > 100) {
              lastReport = now();
              onProgress(p);
            }
          },
        });
        return transfer(loaded, metaBuffers(loaded));
      });
    },

    /** Re-models the loaded file with other column options. */
    async prepare(options: PrepareOptions): Promise<Outcome<Loaded>> {
      return guard(-1, async () => {
        const loaded = session.prepare(options);
        return transfer(loaded, metaBuffers(loaded));
      });
    },

    /** The parsed file and modelled table, for the pool's other workers (shared memory when isolated). */
    async snapshot(): Promise<Outcome<TableSnapshot>> {
      return guard(-1, async () => shareArrays(session.snapshot()));
    },

    /** Takes over the table another worker read (see snapshot). */
    async adopt(snapshot: TableSnapshot): Promise<Outcome<Loaded>> {
      return guard(-1, async () => {
        const loaded = session.adopt(snapshot);
        return transfer(loaded, metaBuffers(loaded));
      });
    },

    /** The shared counts (co-occurrence, entropy, MI, SU), optionally on a row subset. */
    async counts(
      request: CountRequest,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<CountsReport>> {
      return runCopied(jobId, session.countSteps(request), onProgress);
    },

    /**
     * Any registered method or step, by call (src/core/platform): served from this worker's
     * cache when it was computed before; `provided` are outputs other workers computed, so they
     * are not computed again. Progress of a t-SNE carries its live layout.
     */
    async run(
      call: Call,
      provided: MethodOutput[],
      jobId: number,
      onProgress?: (p: Progress & { layout?: Float64Array | null }) => void,
      /**
       * Inputs that failed elsewhere (an evaluation reports them in their rows without running
       * them again), and `again`: the user asks to retry a call that failed here before.
       */
      handed: { failures?: CallFailure[]; again?: boolean } = {},
    ): Promise<Outcome<MethodOutput>> {
      return guard(jobId, async () => {
        session.provide(provided, handed.failures);
        if (handed.again) session.forgetFailure(resolveCall(call).key);
        return sendCopy(await drive(jobId, session.runSteps(call), onProgress));
      });
    },

    /**
     * Why each call does not apply to the current table (a precondition its spec declares), or
     * null where it applies; nothing is computed. Run all asks before it queues anything.
     */
    async preconditions(calls: Call[]): Promise<Outcome<(string | null)[]>> {
      return guard(-1, async () =>
        calls.map((call) => {
          try {
            return preconditionOf(session.table, resolveCall(call));
          } catch (error) {
            return error instanceof Error ? error.message : String(error);
          }
        }),
      );
    },

    /** FCI and VCI, and VSI and OCI for an outlier class. */
    async indicators(
      outlierClass: string | null,
      jobId: number,
    ): Promise<Outcome<IndicatorsReport>> {
      return guard(jobId, () => drive(jobId, indicatorSteps(session, outlierClass)));
    },

    /** How many times each method was computed on the current table (cache misses). */
    async stats(): Promise<Record<string, number>> {
      return session.computedCounts();
    },

    /** Rows holding any (or all) of the given values, for highlighting objects. */
    async rowsHolding(
      values: number[],
      mode: 'any' | 'all' | number,
    ): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const rows = session.rowsHolding(values, mode);
        return transfer(rows, [rows.buffer]);
      });
    },

    /** One attribute's code for every row, for colouring objects by that attribute. */
    async attributeCodes(attribute: number): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const codes = session.attributeCodes(attribute);
        return transfer(codes, [codes.buffer]);
      });
    },

    /** How many of the given rows hold each value (length L), for a selection's value shares. */
    async valueCountsOf(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const counts = session.valueCountsOf(rows);
        return transfer(counts, [counts.buffer]);
      });
    },

    /** The co-occurrence counts among the given rows (L × L, value counts on the diagonal). */
    async cooccurrenceOf(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const counts = session.cooccurrenceOf(rows);
        return transfer(counts, [counts.buffer]);
      });
    },

    /** Objects found by text (a line number, or any cell containing it), for the search box. */
    async searchRows(
      text: string,
      limit: number,
    ): Promise<Outcome<ReturnType<ExplorerSession['searchRows']>>> {
      return guard(-1, async () => session.searchRows(text, limit));
    },

    /** Feature codes of the given rows (|rows| × D), for tables of objects. */
    async objectRows(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const codes = session.objectRows(rows);
        return transfer(codes, [codes.buffer]);
      });
    },

    /** The page's beat (src/worker/giveWay.ts): from now on, job steps give way to a busy page. */
    givePageWay(cells: Int32Array): void {
      giveWay = new GiveWay(cells);
    },

    /**
     * Joins the pool's team (src/worker/teamLink.ts) through a port to the page's relay: this
     * worker's t-SNE steps are split with the other workers, and it helps theirs when idle.
     * Needs shared memory (cross-origin isolation).
     */
    joinTeam(port: MessagePort, size: number): void {
      if (team || typeof SharedArrayBuffer === 'undefined') return;
      const link = portLink(port);
      const own = new SharedTeam(link, size);
      useTeam(own);
      // Tasks it takes for the others give way to a busy page, as its own jobs' steps do.
      team = { own, served: serveTeams(link, () => giveWay?.check(now())) };
    },

    /** This worker's share of team work: steps it split, tasks, its own, and tasks it helped with. */
    async teamStats(): Promise<{ steps: number; tasks: number; local: number; helped: number }> {
      return team
        ? { ...team.own.stats, helped: team.served.helped() }
        : { steps: 0, tasks: 0, local: 0, helped: 0 };
    },

    /** Time this worker's jobs spent waiting for the page, ms. */
    async waitedForPage(): Promise<number> {
      return giveWay?.waitedMs ?? 0;
    },

    /** Asks a running job to stop at its next step. */
    cancel(jobId: number): void {
      cancelled.add(jobId);
    },
  };
}

export type ExplorerApi = ReturnType<typeof createExplorerApi>;

/** A value with fresh copies of its typed arrays, transferring exactly those copies. */
function sendCopy<T>(value: T): T {
  const { copy, buffers } = copyForTransfer(value);
  return transfer(copy, buffers);
}

/**
 * When the page is cross-origin isolated, the snapshot's typed arrays move (once, in place) into
 * SharedArrayBuffers, so every worker of the pool reads the same memory instead of a copy.
 * Otherwise structured cloning copies them.
 */
function shareArrays<T>(value: T): T {
  if (!(globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated) return value;
  const visit = (x: unknown): void => {
    if (x === null || typeof x !== 'object' || ArrayBuffer.isView(x)) return;
    for (const [key, v] of Object.entries(x)) {
      if (ArrayBuffer.isView(v) && !(v.buffer instanceof SharedArrayBuffer)) {
        const typed = v as unknown as Int32Array;
        const Ctor = typed.constructor as Int32ArrayConstructor;
        const shared = new Ctor(new SharedArrayBuffer(typed.byteLength));
        shared.set(typed);
        (x as Record<string, unknown>)[key] = shared;
      } else visit(v);
    }
  };
  visit(value);
  return value;
}

/** Typed-array buffers are transferred; copies of the session's own arrays are sent. */
function metaBuffers(loaded: Loaded): ArrayBuffer[] {
  const meta = loaded.meta;
  meta.valueAttribute = meta.valueAttribute.slice();
  meta.lines = meta.lines.slice();
  if (meta.classColumn)
    meta.classColumn = { ...meta.classColumn, codes: meta.classColumn.codes.slice() };
  return [
    meta.valueAttribute.buffer,
    meta.lines.buffer,
    ...(meta.classColumn ? [meta.classColumn.codes.buffer] : []),
  ] as ArrayBuffer[];
}

/** A Blob as bytes that can be read from the start again. */
function blobSource(file: Blob): ByteSource {
  return {
    size: file.size,
    async *stream() {
      const reader = file.stream().getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        reader.releaseLock();
      }
    },
  };
}

function now(): number {
  return performance.now();
}

/** A macrotask boundary without setTimeout's 4 ms clamp. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
