/**
 * Keeps the two kinds of error apart (issue 49): the code the worker and the CLI run throws a
 * user error (badOption, notApplicable, a DataError) or a defect (internal), never a bare
 * RangeError, TypeError or Error — toErrorInfo tells those as internal errors, so a user error
 * thrown so would reach the user as "please report this defect".
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['src/core', 'src/cli', 'src/worker'];
const BARE = /\bnew (RangeError|TypeError|Error)\(/;

/** The bare errors kept, each with why it never reaches toErrorInfo. */
const ALLOWED: Record<string, string> = {
  // Caught on the next line and told as a DataError ('empty': no such file).
  "src/cli/engine/countsFile.ts: if (!statSync(file).isFile()) throw new Error('not a file');":
    'caught at once',
  // A server's refusal, wrapped by serverFailure as a DataError ('engine').
  'src/cli/engine/servers/clickhouse.ts: throw new Error(': 'wrapped as an engine error',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('errors are thrown as one of the two kinds', () => {
  it('no bare RangeError, TypeError or Error is made in core, the CLI or the worker', () => {
    const found: string[] = [];
    for (const folder of FOLDERS)
      for (const path of sources(join(ROOT, folder))) {
        const file = relative(ROOT, path);
        if (file === 'src/core/base/errors.ts') continue;
        for (const line of readFileSync(path, 'utf8').split('\n'))
          if (BARE.test(line) && !(`${file}: ${line.trim()}` in ALLOWED))
            found.push(`${file}: ${line.trim()}`);
      }
    expect(found, 'throw badOption(…) for the user’s, internal(…) for a defect').toEqual([]);
  });
});
