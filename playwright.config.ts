import { defineConfig } from '@playwright/test';
import { E2E_ORIGIN } from './e2e/origin.ts';

/**
 * Specs that measure the page's main thread or the worker pool's use of the cores (long tasks,
 * a t-SNE splitting its gradient with an idle worker, two jobs on two workers, a page made busy):
 * they run alone, after the rest (scripts/e2e.mjs), so another test's page does not take the
 * cores they measure.
 */
export const TIMING_SPECS = [
  'longtasks.spec.ts',
  'wordcloud.spec.ts',
  'team.spec.ts',
  'platform.spec.ts',
  'projection.spec.ts',
  // Zoo's clustering evaluation: with another page beside it, dropping `legs` right after the
  // evaluation twice did not reach the summary in 30 s (not understood yet; it always passes
  // alone, as before the two phases).
  'cure-views.spec.ts',
];

/**
 * End-to-end tests drive the production build (vite preview) in Debian's Chromium, in two
 * projects that scripts/e2e.mjs runs one after the other: `views`, two pages at a time (the
 * machine's two cores), then `timing`, one page alone.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'views', testIgnore: TIMING_SPECS },
    { name: 'timing', testMatch: TIMING_SPECS, workers: 1 },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    viewport: { width: 1400, height: 1000 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${new URL(E2E_ORIGIN).port} --strictPort`,
    url: E2E_ORIGIN,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
