import Papa from 'papaparse';
import { CancelledError, DataError } from '../../base/errors.ts';
import type { Progress } from '../../base/jobs.ts';
import { RawTableBuilder, type RawTable } from './rawTable.ts';
import { detectDelimiter, type Delimiter } from './sniff.ts';

export interface ParseOptions {
  /** 'auto' (default) picks among comma, semicolon and tab from the first 64 KB. */
  delimiter?: Delimiter | 'auto';
  /** Cells equal to one of these (after trimming) are missing. */
  missingTokens?: readonly string[];
  /** Skip rows whose field count differs from the header's instead of refusing the file. */
  skipRaggedRows?: boolean;
  maxCells?: number;
}

export interface ParseHooks {
  /** Total size of the input in bytes or characters, for progress. */
  sizeHint?: number;
  onProgress?: (p: Progress) => void;
  isCancelled?: () => boolean;
  /** Gives the host's event loop a turn (the worker passes a macrotask yield). */
  pause?: () => Promise<void>;
}

const PAUSE_EVERY_MS = 30;

const SNIFF_CHARS = 64 * 1024;

/**
 * Streams CSV text through papaparse into a RawTable. The text comes as chunks (a web
 * ReadableStream decoded by TextDecoderStream, a Node read stream with an encoding, or an array),
 * so the same code serves the worker, the CLI and the tests; rows are encoded as they arrive.
 */
export async function parseCsvChunks(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: ParseOptions = {},
  hooks: ParseHooks = {},
): Promise<RawTable> {
  const iterator = toAsyncIterator(unifyNewlines(chunks));
  let head = '';
  let exhausted = false;
  while (head.length < SNIFF_CHARS) {
    const next = await iterator.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    head += next.value;
  }
  head = head.replace(/^\uFEFF/, '');
  if (head.trim() === '') throw new DataError('empty', 'The file is empty.');

  const delimiter =
    options.delimiter === undefined || options.delimiter === 'auto'
      ? detectDelimiter(head)
      : options.delimiter;
  const builder = new RawTableBuilder({
    delimiter,
    missingTokens: options.missingTokens,
    skipRaggedRows: options.skipRaggedRows,
    maxCells: options.maxCells,
  });

  const source = new ChunkSource();
  let failure: unknown = null;
  let finished = false;
  const done = new Promise<void>((resolve, reject) => {
    parseStream(source, {
      delimiter,
      newline: '\n',
      quoteChar: '"',
      skipEmptyLines: false,
      chunk(results, parser) {
        try {
          if (hooks.isCancelled?.()) throw new CancelledError('Loading was cancelled.');
          addChunkRows(builder, results);
        } catch (error) {
          failure = error;
          parser.abort();
        }
      },
      complete() {
        finished = true;
        if (failure) reject(failure as Error);
        else resolve();
      },
      error(error: Error) {
        finished = true;
        reject(error);
      },
    });
  });

  let consumed = head.length;
  const report = (): void => {
    const total = hooks.sizeHint ?? 0;
    const fraction = total > 0 ? Math.min(0.99, consumed / total) : 0;
    hooks.onProgress?.({
      fraction,
      message: `Reading… ${builder.rowCount.toLocaleString('en-US')} rows`,
    });
  };
  source.push(head);
  report();
  let lastPause = Date.now();
  let cancelled = false;
  while (!exhausted && !finished) {
    // A stream with buffered data never gives the event loop a turn by itself: pause now and
    // then so a cancel request (a message to the worker) is seen while reading, not after.
    if (hooks.pause && Date.now() - lastPause > PAUSE_EVERY_MS) {
      await hooks.pause();
      lastPause = Date.now();
    }
    if (hooks.isCancelled?.()) {
      cancelled = true;
      break;
    }
    const next = await iterator.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    consumed += next.value.length;
    source.push(next.value);
    report();
  }
  try {
    if (cancelled) throw new CancelledError('Loading was cancelled.');
    if (!finished) source.end();
    await done;
  } finally {
    // Stopped early (error or cancel): let the source release its file or stream.
    if (!exhausted) await iterator.return?.();
  }
  return builder.finish();
}

/** A chunk's rows into the table, each with the quote problems papaparse found in it. */
function addChunkRows(builder: RawTableBuilder, results: Papa.ParseResult<string[]>): void {
  // papaparse numbers errors by row index within this chunk; an error at index data.length
  // belongs to the unfinished last row, which is parsed (and reported) again with the next chunk.
  const quoteErrors = results.errors.filter(
    (e) =>
      (e.code === 'MissingQuotes' || e.code === 'InvalidQuotes') &&
      (e.row ?? 0) < results.data.length,
  );
  // Errors come in row order: one pass over both (not one scan of the errors per row).
  let next = 0;
  results.data.forEach((row, i) => {
    builder.addRow(row);
    while (next < quoteErrors.length && ((quoteErrors[next] as Papa.ParseError).row ?? 0) <= i) {
      const e = quoteErrors[next++] as Papa.ParseError;
      if ((e.row ?? 0) === i) builder.quoteProblem(e.message);
    }
  });
}

/** Convenience for tests and small inputs. */
export function parseCsvText(text: string, options: ParseOptions = {}): Promise<RawTable> {
  return parseCsvChunks([text], options, { sizeHint: text.length });
}

/** The stream-reading form of Papa.parse, which its overloaded typings do not spell out. */
interface StreamConfig {
  delimiter: string;
  newline: string;
  quoteChar: string;
  skipEmptyLines: boolean;
  chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser): void;
  complete(): void;
  error(error: Error): void;
}
const parseStream = Papa.parse as unknown as (source: ChunkSource, config: StreamConfig) => void;

/**
 * Every line end — CRLF, a lone CR (old Mac) or LF — becomes LF, so a file whose parts were
 * written on different systems reads as the rows it holds (papaparse splits on one newline
 * only). A CR ending a chunk waits for the next one: it may be half of a CRLF.
 */
async function* unifyNewlines(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string> {
  let pendingCr = false;
  for await (const chunk of chunks) {
    let text: string = pendingCr ? `\r${chunk}` : chunk;
    pendingCr = text.endsWith('\r');
    if (pendingCr) text = text.slice(0, -1);
    yield text.replace(/\r\n?/g, '\n');
  }
  if (pendingCr) yield '\n';
}

async function* toAsyncGen(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string> {
  for await (const c of chunks) yield c;
}

function toAsyncIterator(chunks: AsyncIterable<string> | Iterable<string>): AsyncIterator<string> {
  return toAsyncGen(chunks)[Symbol.asyncIterator]();
}

type Listener = (arg?: unknown) => void;

/**
 * The small part of a Node readable stream that papaparse's stream reader uses. We push decoded
 * text into it; papaparse parses each chunk synchronously and keeps a partial last line.
 */
class ChunkSource {
  readonly readable = true;
  private listeners = new Map<string, Listener[]>();
  read(): null {
    return null;
  }
  on(event: string, fn: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  removeListener(event: string, fn: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((f) => f !== fn),
    );
    return this;
  }
  pause(): void {}
  resume(): void {}
  push(text: string): void {
    if (text.length > 0) for (const fn of this.listeners.get('data') ?? []) fn(text);
  }
  end(): void {
    for (const fn of this.listeners.get('end') ?? []) fn();
  }
}
