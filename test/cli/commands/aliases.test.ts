/**
 * The commands from before the registry (src/cli/commands/aliases.ts): each rewrites its flags
 * into `run`'s and prints what `run` prints for that call (the time taken aside).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIAS_COMMANDS } from '../../../src/cli/commands/aliases.ts';
import { cliHere } from '../cliRun.ts';

const dir = mkdtempSync(join(tmpdir(), 'aliases-'));
const FILE = join(dir, 'six.csv');
writeFileSync(FILE, 'a,b,c\nx,p,u\nx,q,u\ny,p,v\ny,p,u\nz,q,v\nx,p,v\n');

/** The printed JSON less its `seconds`, or the failure. */
async function printed(...argv: string[]): Promise<unknown> {
  const run = await cliHere(...argv);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const out = JSON.parse(run.stdout) as { seconds?: number };
  delete out.seconds;
  return out;
}

describe('aliases of run', () => {
  it('`cde FILE --alpha 0.3` prints what `run cde FILE --alpha 0.3` prints', async () => {
    const alias = await printed('cde', FILE, '--alpha', '0.3');
    expect(alias).toEqual(await printed('run', 'cde', FILE, '--alpha', '0.3'));
    expect(alias).toMatchObject({ method: 'cde', options: { alpha: 0.3 } });
  });

  it('`project` renames --representation to --of, --projection to the step, --no-quality to --quality false', async () => {
    const alias = await printed(
      'project',
      FILE,
      '--representation',
      'hamming',
      '--projection',
      'mds',
      '--no-quality',
    );
    const run = await printed('run', 'mds', FILE, '--of', 'hamming', '--quality', 'false');
    expect(alias).toEqual(run);
    expect(alias).toMatchObject({ method: 'mds', options: { quality: false } });
  });

  it('an alias’s usage names its renamed flags and the protocol’s preparation', () => {
    const usage = (name: string) => ALIAS_COMMANDS.find((c) => c.name === name)!.usage();
    expect(usage('untie')).toContain('untie: untie FILE [--lr: same as --learning-rate]');
    expect(usage('sandcat')).toContain('(missing values: --missing mode unless given)');
    expect(usage('cde')).not.toContain('missing values');
    expect(ALIAS_COMMANDS.find((c) => c.name === 'cde')!.summary).toBe('alias of `run cde`');
  });
});
