/**
 * docs/workspace.md kept true: the bounds it quotes are the code's, and the files it names exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEPT, MAX_LINK_CHARS } from '../../src/app/workspace/persist.ts';
import { MAX_PANELS, MAX_STATE_BYTES } from '../../src/app/workspace/schema.ts';
import { MAX_NEIGHBOURS } from '../../src/core/projection/neighboursStep.ts';

const doc = readFileSync(new URL('../../docs/workspace.md', import.meta.url), 'utf8');
const words = (n: number) => n.toLocaleString('en-US');

describe('docs/workspace.md', () => {
  it('quotes the bounds of links, files, panels, kept copies and the neighbours’ k', () => {
    expect(doc).toContain(`refused past\n  ${words(MAX_LINK_CHARS)} characters`);
    expect(doc).toContain(`${words(MAX_STATE_BYTES)} characters a workspace may hold`);
    expect(doc).toContain(`more\n  than ${MAX_PANELS} panels`);
    expect(doc).toContain(`The copies of the ${KEPT} most recently closed tabs are kept`);
    expect(doc).toContain(`k is 1 to ${words(MAX_NEIGHBOURS)}`);
  });

  it('names files that exist', () => {
    for (const [, path] of doc.matchAll(/`((?:src|test|e2e)\/[\w/.]+\.tsx?)`/g))
      expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true);
  });
});
