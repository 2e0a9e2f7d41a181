/**
 * The two ways a file is read — the worker's (a Blob, as the browser hands it over) and the
 * CLI's (a file on disk) — with the same outcome shape, so tests can require they agree.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRequest } from '../../src/cli/request.ts';
import { loadTable } from '../../src/cli/table.ts';
import { toErrorInfo } from '../../src/core/base/errors.ts';
import type { TableSummary } from '../../src/core/data/table/types.ts';
import { createExplorerApi } from '../../src/worker/api.ts';

export type ReadOutcome =
  { ok: true; summary: TableSummary } | { ok: false; code: string; message: string; type: string };

/** The worker's path: api.load of a Blob. */
export async function viaWorker(bytes: Uint8Array): Promise<ReadOutcome> {
  const api = createExplorerApi();
  const outcome = await api.load(new Blob([bytes as Uint8Array<ArrayBuffer>]), {}, {}, 1);
  if (outcome.ok) return { ok: true, summary: outcome.value.summary };
  return { ok: false, code: outcome.error.code, message: outcome.error.message, type: 'outcome' };
}

let dir: string | null = null;

/** The CLI's path: the file written to disk and read as `npm run cli -- describe FILE` reads it. */
export async function viaCli(bytes: Uint8Array, name = 'input.csv'): Promise<ReadOutcome> {
  dir ??= mkdtempSync(join(tmpdir(), 'reading-'));
  const file = join(dir, name);
  writeFileSync(file, bytes);
  try {
    const { loaded } = await loadTable(file, parseRequest(['describe', file]));
    return { ok: true, summary: loaded.summary };
  } catch (error) {
    const info = toErrorInfo(error);
    return {
      ok: false,
      code: info.code,
      message: info.message,
      type: error instanceof Error ? error.name : typeof error,
    };
  } finally {
    rmSync(file, { force: true });
  }
}
