import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'src/cli/main.ts', ...args],
      { cwd: root, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        // npm itself may warn about the machine's npm configuration; that is not the CLI's output.
        const own = stderr
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('npm warn'))
          .join('\n');
        resolve({ code, stdout, stderr: own });
      },
    );
  });
}

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
