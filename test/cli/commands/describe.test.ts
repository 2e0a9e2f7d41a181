/** The CLI as a process of its own (src/cli/main.ts through tsx), as the shell sees it: exit codes and one line on stderr. */
import { describe, expect, it } from 'vitest';
import { cliProcess as cli } from '../cliRun.ts';

interface Described {
  rows: number;
  columns: {
    name: string;
    kind: string;
    role: string;
    distinct: number;
    values: { label: string; count: number }[];
  }[];
}

describe('CLI', () => {
  it('describe zoo.csv --class type', async () => {
    const run = await cli('describe', 'public/datasets/zoo.csv', '--class', 'type');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Described;
    expect(out.rows).toBe(101);
    expect(out.columns.filter((c) => c.role === 'feature')).toHaveLength(16);
    const legs = out.columns.find((c) => c.name === 'legs')!;
    expect(legs.kind).toBe('categorical');
    expect(legs.values).toHaveLength(6);
    const type = out.columns.find((c) => c.name === 'type')!;
    expect(type.role).toBe('class');
    expect(type.values).toHaveLength(7);
  });

  it('a missing file: exit code 2 and a one-line message on stderr', async () => {
    const run = await cli('describe', 'public/datasets/no-such-file.csv');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toBe('error: cannot read “public/datasets/no-such-file.csv”: no such file');
  });
});
