/**
 * Every seam is derived from the specs: outside the method families (src/core/methods/) no
 * source file names a method by its id, apart from a spec's own `id:` line. The app, the CLI, the
 * worker and the generic steps find methods by what their specs declare (the kinds they produce,
 * `detector`, `board`, `presets` …) or through a spec's export (`cdeMethod.id`).
 *
 * A few quoted words are spelt like a method id but name something else; each is listed here
 * with what it is, so a new one has to be looked at.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSpecs } from '../../../src/core/platform/registry.ts';

/** [file, quoted word, what it is]: words that coincide with a method id. */
const NOT_METHOD_IDS: readonly [string, string, string][] = [
  ['src/core/projection/tsneStep.ts', 'pca', 't-SNE’s starting layout choice'],
  ['src/core/projection/project.ts', 'pca', 't-SNE’s starting layout choice'],
  ['src/core/evaluation/evaluateClustering.ts', 'spectral', 'the evaluation’s algorithm choice'],
  ['src/core/clustering/partition.ts', 'spectral', 'a partition’s algorithm label'],
  ['src/core/clustering/spectralPartition.ts', 'spectral', 'a partition’s algorithm label'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f).replaceAll('\\', '/'));
}

describe('seams derived from the specs', () => {
  const ids = allSpecs().map((s) => s.id);

  it('knows the registry (the check below is about these ids)', () => {
    expect(ids.length).toBeGreaterThan(30);
    expect(ids).toContain('cde');
  });

  it('no method id is written outside src/core/methods/ but in its own spec’s `id:` line', () => {
    const quoted = new RegExp(
      `(['"\`])(${ids.map((id) => id.replace(/-/g, '\\-')).join('|')})\\1`,
      'g',
    );
    const found: string[] = [];
    for (const file of sourceFiles('src')) {
      if (file.startsWith('src/core/methods/')) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      const exportsSpec = lines.some((l) => /defineMethod\(/.test(l));
      lines.forEach((line, i) => {
        for (const match of line.matchAll(quoted)) {
          const word = match[2] as string;
          if (exportsSpec && new RegExp(`^\\s*id: '${word}',$`).test(line)) continue;
          if (NOT_METHOD_IDS.some(([f, w]) => f === file && w === word)) continue;
          found.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('each listed exception is still there (the list does not outlive its reason)', () => {
    for (const [file, word] of NOT_METHOD_IDS)
      expect(readFileSync(file, 'utf8'), `${file} ${word}`).toContain(`'${word}'`);
  });
});
