import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The slowest files (about 40–140 s each with two at once), started first so that the two
 * workers finish together instead of one waiting on a slow file started last (a clean clone has
 * no timings cached; Vitest then orders by file size, which put the fuzz subset near the end).
 * A file missing from here only loses its place, never a run.
 */
const SLOWEST_FIRST = [
  'test/core/parallel/team',
  'test/core/projection/tsneFft',
  'test/fuzz/fuzz',
  'test/matrix/quick',
  'test/cli/cure',
  'test/cli/platform',
  'test/cli/untie',
  'test/core/projection/tsne',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}.test.ts`));
      return i < 0 ? SLOWEST_FIRST.length : i;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // A hang guard, not a time budget: two files run at once, so a test can take twice its
    // quiet time (a 30 s guard cut off a 21 s t-SNE comparison).
    testTimeout: 90_000,
    // Both cores (Vitest's default leaves one free): the files run two at a time, about 8
    // minutes instead of 14. Timed checks measure the machine beside them (test/workUnit.ts).
    maxWorkers: 2,
    // Each of the two processes runs its files one after another on one module graph, instead of
    // importing every method module again for each of the 170 files (test/setup.ts): test/core,
    // app, worker and hostile took 191 s of CPU instead of 304. No test mocks a module; the ones
    // that register a method or set the environment undo it (afterAll, unstubAllEnvs).
    isolate: false,
    sequence: { sequencer: SlowestFirst },
  },
});
