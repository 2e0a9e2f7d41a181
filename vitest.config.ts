import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 30000,
    // Both cores (Vitest's default leaves one free): the files run two at a time, 7 minutes
    // instead of 14. Timed checks measure the machine beside them (test/workUnit.ts).
    maxWorkers: 2,
  },
});
