/**
 * docs/glossary.md lists every acronym of the explorer with what it stands for, as the app's
 * hover says it (src/app/model/glossary.ts: the registry's methods and the other terms).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glossary } from '../../src/app/model/glossary.ts';

describe('docs/glossary.md', () => {
  it('holds every term with its meaning, and nothing else', () => {
    const text = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8');
    const listed = text
      .split('\n')
      .filter(
        (line) => line.startsWith('| ') && !line.startsWith('| term') && !/^\|\s*-/.test(line),
      )
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect(listed).toEqual(glossary().map((e) => [`**${e.term}**`, e.meaning]));
  });
});
