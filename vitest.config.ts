import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // A hang guard, not a time budget: two files run at once, so a test can take twice its
    // quiet time (a 30 s guard cut off a 21 s t-SNE comparison).
    testTimeout: 90_000,
    // Both cores (Vitest's default leaves one free): the files run two at a time, 7 minutes
    // instead of 14. Timed checks measure the machine beside them (test/workUnit.ts).
    maxWorkers: 2,
  },
});
