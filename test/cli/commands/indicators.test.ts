/**
 * `indicators FILE` (src/cli/commands/indicators.ts): an indicator the data cannot give (no
 * class column, no outlier class) is left out of the output, not printed as null.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHere } from '../cliRun.ts';

const dir = mkdtempSync(join(tmpdir(), 'indicators-'));
const FILE = join(dir, 'six.csv');
writeFileSync(FILE, 'a,b,c,label\nx,p,u,n\nx,p,u,n\ny,q,u,n\ny,q,v,n\nx,q,v,o\ny,p,v,o\n');

async function indicators(...flags: string[]): Promise<Record<string, number>> {
  const run = await cliHere('indicators', FILE, ...flags);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, number>;
}

describe('indicators', () => {
  it('without a class: FCI and I_inter only', async () => {
    const out = await indicators();
    expect(Object.keys(out).sort()).toEqual(['fci', 'iInter']);
  });

  it('with a class: VCI and I_intra as well', async () => {
    const out = await indicators('--class', 'label');
    expect(Object.keys(out).sort()).toEqual(['fci', 'iInter', 'iIntra', 'vci']);
  });

  it('with an outlier class: VSI and OCI as well', async () => {
    const out = await indicators('--class', 'label', '--outlier-class', 'o');
    expect(Object.keys(out).sort()).toEqual(['fci', 'iInter', 'iIntra', 'oci', 'vci', 'vsi']);
    for (const v of Object.values(out)) expect(Number.isFinite(v)).toBe(true);
  });

  it('refuses a flag of its own it does not know', async () => {
    const run = await cliHere('indicators', FILE, '--outlier', 'o');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown option --outlier');
  });
});
