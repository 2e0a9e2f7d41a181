import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { badOption } from '../../../core/base/errors.ts';

/**
 * The servers `npm run engines:start` (scripts/engines.mjs) started on this machine: their
 * connection strings, which `--engine postgres` uses when no `--connect` is given.
 */
export interface StartedEngines {
  postgres?: string;
  clickhouse?: string;
  clickhouseShards?: string[];
  cluster?: string;
}

export function enginesFile(): string {
  return join(
    process.env.COUPLED_ENGINES_DIR ?? join(tmpdir(), 'coupled-explorer-engines'),
    'engines.json',
  );
}

export function startedEngines(): StartedEngines {
  const file = enginesFile();
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as StartedEngines;
}

/** The connection string of an engine: the one given, else the started server's, else why not. */
export function connectionOf(engine: 'postgres' | 'clickhouse', given: string | null): string {
  const url = given ?? startedEngines()[engine];
  if (!url)
    throw badOption(
      `--engine ${engine} needs a server: give --connect ${engine}://${engine === 'postgres' ? 'user@host:port/db' : 'host:http-port'}, or start one with npm run engines:start`,
    );
  const schemes = engine === 'postgres' ? ['postgres://', 'postgresql://'] : ['clickhouse://'];
  if (!schemes.some((s) => url.startsWith(s)))
    throw badOption(`--connect must be a ${engine}:// address, got “${url}”`);
  return url;
}

/**
 * Where ClickHouse counts: the server given (alone), else the started shards and their cluster.
 */
export function clickhouseTargetOf(given: string | null): {
  shards: string[];
  cluster: string | null;
} {
  if (given !== null) return { shards: [connectionOf('clickhouse', given)], cluster: null };
  const started = startedEngines();
  const shards = started.clickhouseShards ?? [connectionOf('clickhouse', null)];
  return { shards, cluster: started.cluster ?? null };
}
