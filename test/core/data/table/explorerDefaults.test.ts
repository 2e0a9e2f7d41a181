/**
 * The explorer's defaults (issue 14): rows named by their line in the file, a class column found
 * by its name, and missing cells kept as their own value when dropping their rows would lose more
 * than 5 % of them.
 */
import { describe, expect, it } from 'vitest';
import { parseCsvText, prepareTable } from '../../../../src/core/index.ts';
import { AUTO_DROP_LIMIT } from '../../../../src/core/data/table/prepare.ts';

async function prepared(text: string, options: Parameters<typeof prepareTable>[1] = {}) {
  return prepareTable(await parseCsvText(text), options);
}

/** n rows of two columns; the rows listed in `holes` have a missing first cell. */
function csv(n: number, holes: readonly number[], header = 'a,b'): string {
  const lines = [header];
  for (let r = 0; r < n; r++) lines.push(`${holes.includes(r) ? '' : `x${r % 3}`},y${r % 2}`);
  return `${lines.join('\n')}\n`;
}

describe('rows keep their line in the file', () => {
  it('after dropped rows, line = the line the row starts on (the header is line 1)', async () => {
    const { table } = await prepared(csv(6, [1, 4]));
    expect(Array.from(table.sourceRows)).toEqual([0, 2, 3, 5]);
    expect(Array.from(table.sourceLines)).toEqual([2, 4, 5, 7]);
  });

  it('a quoted cell spanning lines moves the later rows down', async () => {
    const { table } = await prepared('a,b\nx,"two\nlines"\nx,p\ny,p\ny,"two\nlines"\n');
    expect(Array.from(table.sourceLines)).toEqual([2, 4, 5, 6]);
  });
});

describe('missing: auto', () => {
  it('drops rows when that removes at most 5 % of them', async () => {
    const { table, summary } = await prepared(csv(100, [3, 50, 97]), { missing: 'auto' });
    expect(summary.missingPolicy).toBe('drop');
    expect(table.nRows).toBe(97);
    expect(summary.missingAuto).toEqual({ completeRows: 97, limit: AUTO_DROP_LIMIT });
  });

  it('keeps missing as its own value when dropping would remove more than 5 %', async () => {
    const holes = [0, 10, 20, 30, 40, 50];
    const { table, summary } = await prepared(csv(100, holes), { missing: 'auto' });
    expect(summary.missingPolicy).toBe('own');
    expect(table.nRows).toBe(100);
    expect(summary.droppedRows).toBe(0);
    expect(summary.missingAuto?.completeRows).toBe(94);
    expect(table.attributes[0]?.labels).toContain('(missing)');
  });

  it('the papers’ default (no option) still drops, whatever the share', async () => {
    const { table, summary } = await prepared(csv(100, [0, 10, 20, 30, 40, 50]));
    expect(summary.missingPolicy).toBe('drop');
    expect(table.nRows).toBe(94);
    expect(summary.missingAuto).toBeUndefined();
  });
});

describe('detectClass', () => {
  for (const name of ['class', 'Class', 'LABEL', 'target', 'y', 'Target'])
    it(`takes a column named “${name}” as the class`, async () => {
      const { table, summary } = await prepared(csv(6, [], `a,${name}`), { detectClass: true });
      expect(table.classColumn?.name).toBe(name);
      expect(summary.classDetected).toBe(name);
      expect(table.attributes.map((a) => a.name)).toEqual(['a']);
    });

  it('leaves other names, a chosen class, “none” and a dropped column alone', async () => {
    const other = await prepared(csv(6, [], 'a,kind'), { detectClass: true });
    expect(other.table.classColumn).toBeNull();
    expect(other.summary.classDetected).toBeNull();
    const chosen = await prepared(csv(6, [], 'a,class'), { detectClass: true, classColumn: 'a' });
    expect(chosen.table.classColumn?.name).toBe('a');
    expect(chosen.summary.classDetected).toBeNull();
    const none = await prepared(csv(6, [], 'a,class'), { detectClass: true, classColumn: null });
    expect(none.table.classColumn).toBeNull();
    const dropped = await prepared('a,b,class\nx,p,1\ny,q,2\n', {
      detectClass: true,
      drop: ['class'],
    });
    expect(dropped.table.classColumn).toBeNull();
    const off = await prepared(csv(6, [], 'a,class'));
    expect(off.table.classColumn).toBeNull();
  });
});

describe('CLI: the papers’ default, stated', () => {
  it('run drops rows with a missing cell and says how many', async () => {
    const { cli } = await import('../../../cli/cliRun.ts');
    const run = await cli('run', 'idf', 'public/datasets/vote.csv', '--class', 'Class');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { data: object };
    expect(json.data).toEqual({ rows: 232, droppedRows: 203, totalRows: 435, missing: 'drop' });
  });
});
