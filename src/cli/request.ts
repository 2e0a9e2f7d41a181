import {
  describeDomain,
  resolveOptions,
  type OptionsOf,
  type ParameterSpec,
} from '../core/base/parameters.ts';
import {
  PREPARE_PARAMETERS,
  READ_PARAMETERS,
  type PrepareParameters,
  type ReadParameters,
} from '../core/data/table/preparation.ts';
import { parseArgs, type Args } from './args.ts';
import { kebab, optionFlags } from './callFlags.ts';
import type { EngineOptions } from './engine/duckdb.ts';
import { badOption } from '../core/base/errors.ts';

/**
 * A command line read once, at the door: the command, its positionals, and the options every
 * data command shares — the table's (reading and preparation, core/data/table/preparation.ts),
 * the engine's and the output's — typed and checked from their parameter tables. What no shared
 * table reads is left in `own` for the command: a method's options and inputs, read from the
 * method's own table (callFlags.ts).
 */
export interface CliRequest {
  command: string | undefined;
  /** The positionals after the command: FILE, or METHOD FILE for `run`. */
  positionals: string[];
  help: boolean;
  read: ReadParameters;
  prepare: PrepareParameters;
  engine: EngineParameters;
  output: OutputParameters;
  /** The shared options given on the line (`missing`, `counts` …), by parameter name. */
  given: ReadonlySet<string>;
  /** The flags left for the command. */
  own: Args;
}

export const ENGINE_PARAMETERS = [
  {
    name: 'engine',
    type: 'choice',
    default: 'memory',
    choices: ['memory', 'duckdb', 'postgres', 'clickhouse'],
    description:
      'memory: read the CSV here; duckdb: count a CSV or Parquet file out of core (value-level methods only; per-row CSV output streamed); postgres, clickhouse: DuckDB plans, the server counts (--connect, else the servers of `npm run engines:start`: ClickHouse over two shards)',
  },
  {
    name: 'connect',
    type: 'string',
    default: null,
    emptyLabel: 'the server npm run engines:start started',
    description:
      'The database server that counts (--engine postgres): postgres://user@host:port/db',
  },
  {
    name: 'table',
    type: 'string',
    default: null,
    description:
      'A table already in the server (--engine postgres or clickhouse) instead of a FILE: scanned and counted there, never copied out (schema.table allowed)',
  },
  {
    name: 'rowColumn',
    type: 'string',
    default: null,
    emptyLabel: 'none',
    description:
      'The column numbering the rows 1, 2 … (a --table’s, or the printed queries’ row_no): labels in order of first appearance, ties and samples by it; a --table without it lists labels in text order',
  },
  {
    name: 'counts',
    type: 'string',
    default: null,
    description:
      'A counts file (FILE.json or FILE.parquet, from `counts`) instead of the data FILE (value-level methods only)',
  },
  {
    name: 'memoryLimit',
    type: 'string',
    default: null,
    emptyLabel: '1GB',
    description: 'DuckDB’s memory limit, such as 512MB or 2GB (it spills to disk beyond)',
  },
  {
    name: 'threads',
    type: 'integer',
    default: 0,
    min: 0,
    max: 64,
    maxBecause:
      'threads beyond the cores only add start-up and memory; 64 covers any machine this runs on',
    description:
      'Threads for a team (t-SNE’s neighbours and gradient) and DuckDB; 0: the cores, at most 4 (results do not depend on it)',
  },
] as const satisfies readonly ParameterSpec[];

export const OUTPUT_PARAMETERS = [
  {
    name: 'out',
    type: 'string',
    default: null,
    description:
      'Write the answer to FILE (.json; .csv: the per-object result, the rest to stdout)',
  },
  {
    name: 'matrices',
    type: 'boolean',
    default: false,
    description: 'Print value × value matrices in full',
  },
] as const satisfies readonly ParameterSpec[];

export type EngineParameters = OptionsOf<typeof ENGINE_PARAMETERS>;
export type OutputParameters = OptionsOf<typeof OUTPUT_PARAMETERS>;

/** Every shared table, in the order the usage lists them. */
export const SHARED_TABLES: readonly { title: string; parameters: readonly ParameterSpec[] }[] = [
  { title: 'reading', parameters: READ_PARAMETERS },
  { title: 'table', parameters: PREPARE_PARAMETERS },
  { title: 'engine', parameters: ENGINE_PARAMETERS },
  { title: 'output', parameters: OUTPUT_PARAMETERS },
];

/** Parses a command line once: every shared option typed and checked, the rest left `own`. */
export function parseRequest(argv: readonly string[]): CliRequest {
  // The shared tables' booleans are switches (`--matrices`, `--skip-ragged`): no value follows.
  const switches = SHARED_TABLES.flatMap((t) => t.parameters)
    .filter((p) => p.type === 'boolean')
    .flatMap((p) => [p.name, kebab(p.name)]);
  const args = parseArgs(argv, switches);
  const used = new Set<string>();
  const read = resolveOptions(READ_PARAMETERS, flagsOf(READ_PARAMETERS, args, used), 'reading');
  const prepare = resolveOptions(
    PREPARE_PARAMETERS,
    flagsOf(PREPARE_PARAMETERS, args, used),
    'table',
  );
  const engine = resolveOptions(
    ENGINE_PARAMETERS,
    flagsOf(ENGINE_PARAMETERS, args, used),
    'engine',
  );
  const output = resolveOptions(
    OUTPUT_PARAMETERS,
    flagsOf(OUTPUT_PARAMETERS, args, used),
    'output',
  );
  if (
    engine.memoryLimit !== null &&
    !/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i.test(engine.memoryLimit)
  )
    throw badOption(
      `--memory-limit must be a size such as 512MB or 2GB, got “${engine.memoryLimit}”`,
    );
  if (engine.engine === 'memory' && engine.memoryLimit !== null)
    throw badOption('--memory-limit applies to --engine duckdb only');
  const given = new Set(
    SHARED_TABLES.flatMap((t) => t.parameters)
      .filter((p) => args.flags.has(p.name) || args.flags.has(kebab(p.name)))
      .map((p) => p.name),
  );
  const own: Args = {
    positionals: args.positionals,
    flags: new Map([...args.flags].filter(([flag]) => !used.has(flag))),
  };
  own.flags.delete('help');
  return {
    command: args.positionals[0],
    positionals: args.positionals.slice(1),
    help: args.flags.has('help'),
    read,
    prepare,
    engine,
    output,
    given,
    own,
  };
}

/** DuckDB's options from the engine's (its memory limit and threads; defaults 1GB and 2). */
export function duckdbOptions(engine: EngineParameters): EngineOptions {
  return {
    ...(engine.threads ? { threads: engine.threads } : {}),
    ...(engine.memoryLimit ? { memoryLimit: engine.memoryLimit } : {}),
  };
}

/** One usage line per option of a table: `--name default` and what it does. */
export function optionsUsage(parameters: readonly ParameterSpec[], indent = '          '): string {
  return parameters
    .map((p) => {
      const value =
        p.type === 'boolean'
          ? ''
          : ` ${p.type === 'choice' ? p.choices.join('|') : p.default === null ? '…' : String(p.default)}`;
      const domain = p.type === 'number' || p.type === 'integer' ? ` (${describeDomain(p)})` : '';
      return `${indent}[--${kebab(p.name)}${value}] ${p.description}${domain}`;
    })
    .join('\n');
}

function flagsOf(table: readonly ParameterSpec[], args: Args, used: Set<string>) {
  return optionFlags(table, args, '', used);
}
