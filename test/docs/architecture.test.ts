import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_LAYERS } from '../../eslint.config.js';
import { SPEC_FOLDERS } from '../../src/core/platform/registry.ts';

/**
 * docs/architecture.md kept true: its layer table is ESLint's order and covers every folder of
 * the core, every path it names exists, its walked-through method is the real file, and the file
 * names it allows to repeat are the only ones that do.
 */
const root = new URL('../..', import.meta.url).pathname;
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`);
}

describe('docs/architecture.md', () => {
  it('lists the core layers in the order ESLint enforces', () => {
    const rows = [...doc.matchAll(/^\s*\|\s*\d+\s*\|\s*`([a-z/]+)`\s*\|/gm)].map((m) => m[1]);
    expect(rows).toEqual(CORE_LAYERS);
  });

  it('has a layer for every folder of the core (and every method family)', () => {
    const core = join(root, 'src/core');
    const folders = readdirSync(core, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        d.name === 'methods' || d.name === 'data'
          ? readdirSync(join(core, d.name)).map((f) => `${d.name}/${f}`)
          : [d.name],
      );
    expect(folders.sort()).toEqual([...CORE_LAYERS].sort());
  });

  it('names the spec folders the registry discovers', () => {
    for (const folder of SPEC_FOLDERS) expect(doc).toContain(folder);
    expect(doc).toContain('`methods`, `clustering`, `projection`, `evaluation`');
    expect([...SPEC_FOLDERS]).toEqual(['methods', 'clustering', 'projection', 'evaluation']);
  });

  it('names only files and folders that exist', () => {
    const paths = [...doc.matchAll(/`((?:core|app|worker|cli)\/[A-Za-z/.]+)`/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(existsSync(join(root, 'src', path)), path).toBe(true);
  });

  it('walks through the real Hamming method', () => {
    const source = readFileSync(join(root, 'src/core/methods/baselines/hamming.ts'), 'utf8');
    const snippet = doc.slice(
      doc.indexOf('```ts') + 6,
      doc.indexOf('```', doc.indexOf('```ts') + 6),
    );
    for (const line of snippet.split('\n').filter((l) => l.trim() !== ''))
      expect(source, line).toContain(line);
  });

  it('allows a file name twice only where it says why', () => {
    const names = new Map<string, string[]>();
    for (const file of filesUnder('src'))
      names.set(basename(file), [...(names.get(basename(file)) ?? []), file]);
    const repeated = [...names].filter(([, files]) => files.length > 1);
    const commands = new Set(readdirSync(join(root, 'src/cli/commands')));
    for (const [name, files] of repeated) {
      const explained =
        name === 'discover.ts' ||
        name === 'index.ts' ||
        (commands.has(name) && files.some((f) => f.startsWith('src/cli/commands/')));
      expect(explained, `${name}: ${files.join(', ')}`).toBe(true);
    }
  });

  it('has tests that mirror the source: every folder of test/{app,cli,core,worker} is one of src', () => {
    const mirrored = ['app', 'cli', 'core', 'worker'].flatMap((top) =>
      readdirSync(join(root, 'test', top), { recursive: true, withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join(d.parentPath, d.name).slice(join(root, 'test').length + 1))
        .concat(top),
    );
    expect(mirrored.length).toBeGreaterThan(15);
    for (const folder of mirrored)
      expect(existsSync(join(root, 'src', folder)), `test/${folder}`).toBe(true);
    const flat = readdirSync(join(root, 'test')).filter((f) => f.endsWith('.test.ts'));
    expect(flat, 'test files at the top of test/').toEqual([]);
  });
});
