import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';
import { E2E_ORIGIN } from './e2e/origin.ts';

/**
 * End-to-end tests drive the production build (vite preview) in Debian's Chromium, in two
 * projects that scripts/e2e.mjs runs one after the other: `views`, two pages at a time (the
 * machine's two cores), then `timing`: the tests tagged ALONE, one page alone.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  projects: [
    // Tests tagged ALONE (e2e/fixtures.ts) measure the cores or the main thread: they run in
    // `timing`, one page alone, after the others.
    { name: 'views', grepInvert: /@alone/ },
    { name: 'timing', grep: /@alone/, workers: 1 },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    viewport: { width: 1400, height: 1000 },
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${new URL(E2E_ORIGIN).port} --strictPort`,
    url: E2E_ORIGIN,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
