/**
 * `export-app --state` reads a workspace through the same check as the page (every panel's call
 * resolved and drawable by its view): the workspace that once blanked the page, and every copy
 * made from it, is refused in one line with exit code 2, and nothing is written.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const dir = mkdtempSync(join(tmpdir(), 'export-app-state-'));

/** A workspace file named after the case, made on `source` and holding `panels`. */
function workspaceFile(name: string, source: object, panels: object[]): string {
  const state = join(dir, `${name.replace(/\W+/g, '-')}.json`);
  const workspace = { format: 'coupled-explorer-workspace', version: 1, source, panels };
  writeFileSync(state, JSON.stringify({ ...workspace, layout: 'panels' }));
  return state;
}

describe('export-app --state', () => {
  it.each([
    [
      'a projection whose call is null',
      { view: 'projection', call: null, settings: {} },
      /needs a call/,
    ],
    [
      'an isolation forest of 1e9 trees',
      { view: 'ranking', call: { method: 'iforest', options: { trees: 1e9 } }, settings: {} },
      /trees must be .* ≤ 10000/,
    ],
  ])(
    'refuses %s in one line, writing nothing',
    async (name, panel, reason) => {
      const state = workspaceFile(name, { kind: 'sample', name: 'zoo.csv' }, [panel]);
      const out = join(dir, `out-${name.length}`);
      const run = await cli(
        'export-app',
        out,
        '--data',
        'public/datasets/zoo.csv',
        '--state',
        state,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(reason);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(join(out, 'index.html'))).toBe(false);
    },
    60_000,
  );

  // Moved from e2e/export-app.spec.ts (a check that needs no browser): the workspace names the
  // data it was made on, and another file is refused in one line before anything is written.
  it.each([
    [
      'a workspace made on a sample, with another sample',
      { kind: 'sample', name: 'zoo.csv' },
      'public/datasets/vote.csv',
      'error: the workspace was made on the sample zoo.csv, not on vote.csv',
    ],
    [
      'a workspace made on a file, with a file of another content',
      { kind: 'file', name: 'zoo.csv', size: 10, sha256: '0'.repeat(64) },
      'public/datasets/zoo.csv',
      /^error: the workspace was made on zoo\.csv \(10 bytes\), not on zoo\.csv: its content differs$/,
    ],
  ])('refuses %s, in one line', async (name, source, data, message) => {
    const state = workspaceFile(name, source, []);
    const out = join(dir, `out-${name.length}`);
    const run = await cli('export-app', out, '--data', data, '--state', state);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(existsSync(join(out, 'index.html'))).toBe(false);
  });
});
