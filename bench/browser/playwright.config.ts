import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts';

/**
 * Browser benchmarks (`npm run bench:million-rows`, bench/millionRows.bench.ts): the production
 * build in Debian's Chromium, one page alone; in `npm test` only at their --smoke size. They print figures; they assert only that the app
 * did the work (the summary's row count, the panels drawn), never a time.
 */
const PORT = process.env.BENCH_PORT ?? '4188';

export default defineConfig({
  testDir: '.',
  testMatch: /\.bench\.spec\.ts$/,
  timeout: 1_800_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 1000 },
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    cwd: '../..',
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
