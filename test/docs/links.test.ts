import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/program.ts';

/**
 * The README and docs/ stay true: every link they hold leads to a file of the repository, every
 * repository path they name in backticks exists, every `npm run` script and every CLI command
 * they name is real.
 */
const root = new URL('../../', import.meta.url);
const pages = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const scripts = Object.keys(
  (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: object }).scripts,
);
const commands = new Set(COMMANDS.map((c) => c.name));
const TOP = /^(src|test|e2e|bench|scripts|results|public|docs|\.ci)\//;

function exists(path: string): boolean {
  return existsSync(new URL(path, root));
}

describe.each(pages)('%s', (page) => {
  const text = readFileSync(new URL(page, root), 'utf8');
  const dir = page.includes('/') ? page.slice(0, page.lastIndexOf('/') + 1) : '';

  it('links only to files that exist', () => {
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1] as string)
      .filter((t) => !/^(https?:|mailto:|#)/.test(t))
      .map((t) => t.replace(/#.*$/, ''))
      .filter((t) => !exists(new URL(t, new URL(dir, root)).pathname.slice(root.pathname.length)));
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const missing = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => (m[1] as string).replace(/[:,.]$/, ''))
      .filter((p) => TOP.test(p) && !/[*<>…{}|]|\.\.\./.test(p))
      .map((p) => p.replace(/:\d+(-\d+)?$/, ''))
      .filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });

  it('names only npm scripts and CLI commands that exist', () => {
    const unknownScripts = [...text.matchAll(/npm run ([\w:-]+)/g)]
      .map((m) => m[1] as string)
      .filter((s) => !scripts.includes(s));
    expect(unknownScripts).toEqual([]);
    const unknownCommands = [...text.matchAll(/npm run cli -- ([a-z][\w-]*)/g)]
      .map((m) => m[1] as string)
      .filter((c) => !commands.has(c));
    expect(unknownCommands).toEqual([]);
  });
});
