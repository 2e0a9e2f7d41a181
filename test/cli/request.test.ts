/**
 * The command line is read once, at the door (src/cli/request.ts): the table's, the engine's and
 * the output's options typed and checked from their parameter tables — the same preparation
 * table the core's checks use — and only the command's own flags left for it.
 */
import { describe, expect, it } from 'vitest';
import { cliHere } from './cliRun.ts';
import { usage } from '../../src/cli/program.ts';
import { parseRequest } from '../../src/cli/request.ts';
import { PREPARE_PARAMETERS, READ_PARAMETERS } from '../../src/core/data/table/preparation.ts';
import { kebab } from '../../src/cli/callFlags.ts';

const cli = cliHere;

describe('the CLI request', () => {
  it('types the shared options and leaves the command its own', () => {
    const request = parseRequest([
      'run',
      'cde',
      'zoo.csv',
      '--class',
      'type',
      '--missing',
      'auto',
      '--bins',
      '5',
      '--skip-ragged',
      '--threads',
      '2',
      '--out',
      'x.json',
      '--alpha',
      '30',
    ]);
    expect(request.command).toBe('run');
    expect(request.positionals).toEqual(['cde', 'zoo.csv']);
    expect(request.prepare).toMatchObject({ class: 'type', missing: 'auto', bins: 5 });
    expect(request.read.skipRagged).toBe(true);
    expect(request.engine.threads).toBe(2);
    expect(request.output.out).toBe('x.json');
    expect([...request.own.flags.keys()]).toEqual(['alpha']);
    expect([...request.given].sort()).toEqual(
      ['bins', 'class', 'missing', 'skipRagged', 'threads', 'out'].sort(),
    );
  });

  it('refuses a bad shared option with its table’s domain, before any file is read', () => {
    expect(() => parseRequest(['describe', 'x.csv', '--bins', '1'])).toThrow(
      'bins must be a whole number ≥ 2 and ≤ 1000, got 1',
    );
    expect(() => parseRequest(['describe', 'x.csv', '--missing', 'ignore'])).toThrow(
      'missing must be "drop" | "own" | "mode" | "auto", got “ignore”',
    );
    expect(() => parseRequest(['describe', 'x.csv', '--engine', 'spark'])).toThrow(
      /engine must be "memory" \| "duckdb"/,
    );
    expect(() => parseRequest(['describe', 'x.csv', '--memory-limit', '2GB'])).toThrow(
      '--memory-limit applies to --engine duckdb only',
    );
  });

  it('offers the explorer’s own missing policy, auto: vote keeps its 435 rows (dropping would lose 47 %)', async () => {
    const auto = await cli('describe', 'public/datasets/vote.csv', '--missing', 'auto');
    expect(auto.stderr).toBe('');
    const summary = JSON.parse(auto.stdout) as { rows: number; missingPolicy: string };
    expect(summary).toMatchObject({ rows: 435, missingPolicy: 'own' });
    // The papers' default drops them: 232 complete rows.
    const drop = JSON.parse((await cli('describe', 'public/datasets/vote.csv')).stdout) as {
      rows: number;
    };
    expect(drop.rows).toBe(232);
  });

  it('lists every shared option in its usage, from the tables', () => {
    const text = usage();
    for (const p of [...READ_PARAMETERS, ...PREPARE_PARAMETERS])
      expect(text).toContain(`--${kebab(p.name)}`);
    expect(text).toContain('drop|own|mode|auto');
  });
});
