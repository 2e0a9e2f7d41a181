import { badOption } from '../core/base/errors.ts';
/**
 * Command-line arguments: positionals and `--name value` / `--name=value` flags. A flag is a
 * switch (no value) when it is listed as one, or when no value follows it.
 */
export interface Args {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** Flags that never take a value, whatever follows them. */
const ALWAYS_SWITCHES = ['help', 'h', 'no-quality', 'sql'];

/**
 * The command line as positionals and flags. `switches` are the flags that take no value (the
 * shared tables' booleans, request.ts): the word after one is a positional.
 */
export function parseArgs(argv: readonly string[], switches: readonly string[] = []): Args {
  const isSwitch = new Set([...ALWAYS_SWITCHES, ...switches]);
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '-h') {
      flags.set('help', true);
      continue;
    }
    if (!token.startsWith('--') || token === '--') {
      positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = eq >= 0 ? token.slice(2, eq) : token.slice(2);
    if (flags.has(name)) throw badOption(`--${name} is given twice`);
    if (eq >= 0) flags.set(name, token.slice(eq + 1));
    else {
      const next = argv[i + 1];
      if (!isSwitch.has(name) && next !== undefined && !next.startsWith('--')) {
        flags.set(name, next);
        i++;
      } else flags.set(name, true);
    }
  }
  return { positionals, flags };
}

/**
 * The command's FILE argument (its first positional); refused with the usage when it is missing.
 * `--counts FILE` stands in for the data file.
 */
export function fileArgument(
  request: {
    positionals: readonly string[];
    engine: { counts: string | null; table?: string | null };
  },
  usage?: string,
): string {
  const file = request.positionals[0];
  if (!file && (request.engine.counts !== null || (request.engine.table ?? null) !== null))
    return '';
  if (!file) throw badOption(`expected a CSV file${usage ? `\n${usage}` : ''}`);
  return file;
}

/** A flag's text, or undefined; a switch given where a value is needed is an error. */
export function text(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  if (v === true) throw badOption(`--${name} needs a value`);
  return v;
}

export function has(args: Args, name: string): boolean {
  return args.flags.has(name);
}

export function list(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

/** Refuses flags no part of the command reads, naming them. */
export function refuseUnknown(args: Args, used: ReadonlySet<string>, usage: string): void {
  const unknown = [...args.flags.keys()].filter((f) => !used.has(f));
  if (unknown.length > 0)
    throw badOption(`unknown option ${unknown.map((f) => `--${f}`).join(', ')}\n${usage}`);
}
