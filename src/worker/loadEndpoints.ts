import { transfer } from 'comlink';
import { checkSize, type ByteSource } from '../core/data/csv/bytes.ts';
import { CancelledError } from '../core/base/errors.ts';
import type { ParseOptions } from '../core/data/csv/parse.ts';
import type { PrepareOptions } from '../core/data/table/prepare.ts';
import type { Loaded, TableSnapshot } from '../core/platform/session.ts';
import { columnarFormat } from './columnarFormat.ts';
import { countsOfJsonFile } from './countsJson.ts';
import {
  guard,
  now,
  yieldToEventLoop,
  type Outcome,
  type ProgressCallback,
  type WorkerState,
} from './workerJobs.ts';

/** The worker's endpoints that read a file into the session's table, or share that table. */
export function loadEndpoints(state: WorkerState) {
  const { session, cancelled } = state;
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
      return guard(state, jobId, async () => {
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
      return guard(state, -1, async () => {
        const loaded = session.prepare(options);
        return transfer(loaded, metaBuffers(loaded));
      });
    },

    /** The parsed file and modelled table, for the pool's other workers (shared memory when isolated). */
    async snapshot(): Promise<Outcome<TableSnapshot>> {
      return guard(state, -1, async () => shareArrays(session.snapshot()));
    },

    /** Takes over the table another worker read (see snapshot). */
    async adopt(snapshot: TableSnapshot): Promise<Outcome<Loaded>> {
      return guard(state, -1, async () => {
        const loaded = session.adopt(snapshot);
        return transfer(loaded, metaBuffers(loaded));
      });
    },
  };
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
