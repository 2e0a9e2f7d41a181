/**
 * Issue 49: no function over 120 lines, and no exception. ESLint's max-lines-per-function
 * (eslint.config.js) measures them; this test checks that the rule stays on at 120, counting every
 * line, and that nothing opts out of it: no eslint-disable of it, no `Long:` excuse in a comment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../eslint.config.js';

const FOLDERS = ['src', 'bench', 'scripts', 'test', 'e2e'];

function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(tsx?|mjs|js)$/.test(f) && !f.includes('node_modules'))
      .map((f) => `${folder}/${f}`),
  );
}

describe('function length', () => {
  it('is limited by ESLint to 120 lines for the source, counting blank lines and comments', () => {
    const blocks = config as { files?: string[]; rules?: Record<string, unknown> }[];
    const block = blocks.find((b) => b.rules?.['max-lines-per-function'] !== undefined);
    expect(block?.files).toContain('src/**/*.{ts,tsx}');
    expect(block?.rules?.['max-lines-per-function']).toEqual([
      'error',
      { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true },
    ]);
  });

  it('has no exception: no eslint-disable of the rule and no `Long:` excuse', () => {
    const disable = /eslint-disable(-next-line|-line)?\b[^\n]*max-lines-per-function/;
    const excuse = /^\s*(\*|\/\/)\s*Long:/m;
    const offending = sourceFiles().filter((file) => {
      if (file === 'test/docs/functionLength.test.ts') return false; // names them to forbid them
      const text = readFileSync(file, 'utf8');
      return disable.test(text) || excuse.test(text);
    });
    expect(offending).toEqual([]);
  });
});
