import { transfer } from 'comlink';
import { binaryReason } from '../core/csv/sniff.ts';
import { CancelledError, DataError, toErrorInfo, type ErrorInfo } from '../core/errors.ts';
import type { Progress } from '../core/jobs.ts';
import type { ParseOptions } from '../core/csv/parse.ts';
import {
  ExplorerSession,
  type CountRequest,
  type CountsReport,
  type Loaded,
} from '../core/session.ts';
import type { PrepareOptions } from '../core/table/prepare.ts';
import {
  reportBuffers,
  type CdeReport,
  type CoshReport,
  type EvaluationReport,
  type EvaluationRequest,
  type IndicatorsReport,
} from '../core/analysis.ts';
import type { CdeOptions } from '../core/methods/cde.ts';
import type { ProjectionProgress } from '../core/project/project.ts';
import type { ProjectionReport, ProjectionRequest } from '../core/project/report.ts';
import type { CoshOptions } from '../core/methods/cosh.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
export type ProgressCallback = (p: Progress) => void;

/** Files above this size are refused before reading (the cell limit applies while streaming). */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;

/**
 * The API the worker exposes through comlink. Tests call it directly. Every call returns an
 * Outcome instead of throwing, so data problems reach the UI as structured, readable messages.
 */
export function createExplorerApi() {
  const session = new ExplorerSession();
  const cancelled = new Set<number>();

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
      if (now() - last > 30) {
        await yieldToEventLoop();
        last = now();
        if (cancelled.has(jobId)) throw new CancelledError();
      }
      if (onProgress && now() - lastReport > 100) {
        lastReport = now();
        onProgress(step.value);
      }
    }
  }

  /** A steppable job whose report's typed arrays are transferred to the caller. */
  function runReport<T, P extends Progress>(
    jobId: number,
    steps: Generator<P, T, void>,
    onProgress?: (p: P) => void,
  ): Promise<Outcome<T>> {
    return guard(jobId, async () => {
      const report = await drive(jobId, steps, onProgress);
      return transfer(report, reportBuffers(report));
    });
  }

  return {
    /** Reads a CSV file (streamed, decoded as UTF-8) and models it. */
    async load(
      file: Blob,
      parseOptions: ParseOptions,
      prepareOptions: PrepareOptions,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<Loaded>> {
      return guard(jobId, async () => {
        if (file.size === 0) throw new DataError('empty', 'The file is empty.');
        if (file.size > MAX_FILE_BYTES)
          throw new DataError(
            'too-large',
            `The file is ${formatBytes(file.size)}; the explorer reads files up to ${formatBytes(MAX_FILE_BYTES)}.`,
          );
        const head = new Uint8Array(await file.slice(0, 8192).arrayBuffer());
        const reason = binaryReason(head);
        if (reason) throw new DataError('binary', `This is not a CSV text file: it ${reason}.`);
        const text = file.stream().pipeThrough(new TextDecoderStream('utf-8'));
        let lastReport = 0;
        const loaded = await session.load(streamChunks(text), parseOptions, prepareOptions, {
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

    /** The shared counts (co-occurrence, entropy, MI, SU), optionally on a row subset. */
    async counts(
      request: CountRequest,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<CountsReport>> {
      return runReport(jobId, session.countSteps(request), onProgress);
    },

    /** CDE value clusters, value embedding and object projection (seed 000 Alg. 1). */
    async cde(
      options: CdeOptions,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<CdeReport>> {
      return runReport(jobId, session.cdeSteps(options), onProgress);
    },

    /** COSH value and object outlier scores (seed 000 Alg. 2), with AUC for an outlier class. */
    async cosh(
      options: CoshOptions,
      outlierClass: string | null,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<CoshReport>> {
      return runReport(jobId, session.coshSteps(options, outlierClass), onProgress);
    },

    /**
     * A 2-D projection (t-SNE, MDS, PCA) of one representation. While t-SNE iterates, progress
     * reports carry a copy of the current layout so the view animates.
     */
    async project(
      request: ProjectionRequest,
      jobId: number,
      onProgress?: (p: ProjectionProgress) => void,
    ): Promise<Outcome<ProjectionReport>> {
      return runReport(jobId, session.projectionSteps(request), onProgress);
    },

    /** k-means evaluation of CDE and the encoding baselines against the class column. */
    async evaluate(
      request: EvaluationRequest,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<EvaluationReport>> {
      return runReport(jobId, session.evaluationSteps(request), onProgress);
    },

    /** FCI and VCI, and VSI and OCI for an outlier class. */
    async indicators(
      outlierClass: string | null,
      jobId: number,
    ): Promise<Outcome<IndicatorsReport>> {
      return guard(jobId, () => drive(jobId, session.indicatorSteps(outlierClass)));
    },

    /** Rows holding any (or all) of the given values, for highlighting objects. */
    async rowsHolding(values: number[], mode: 'any' | 'all'): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const rows = session.rowsHolding(values, mode);
        return transfer(rows, [rows.buffer]);
      });
    },

    /** Feature codes of the given rows (|rows| × D), for tables of objects. */
    async objectRows(rows: Int32Array): Promise<Outcome<Int32Array>> {
      return guard(-1, async () => {
        const codes = session.objectRows(rows);
        return transfer(codes, [codes.buffer]);
      });
    },

    /** Asks a running job to stop at its next step. */
    cancel(jobId: number): void {
      cancelled.add(jobId);
    },
  };
}

export type ExplorerApi = ReturnType<typeof createExplorerApi>;

/** Typed-array buffers are transferred; copies of the session's own arrays are sent. */
function metaBuffers(loaded: Loaded): ArrayBuffer[] {
  const meta = loaded.meta;
  meta.valueAttribute = meta.valueAttribute.slice();
  if (meta.classColumn)
    meta.classColumn = { ...meta.classColumn, codes: meta.classColumn.codes.slice() };
  return [
    meta.valueAttribute.buffer,
    ...(meta.classColumn ? [meta.classColumn.codes.buffer] : []),
  ] as ArrayBuffer[];
}

async function* streamChunks(stream: ReadableStream<string>): AsyncGenerator<string> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
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

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
