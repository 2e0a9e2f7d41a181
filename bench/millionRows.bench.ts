/**
 * `npm run bench:million-rows [-- --rows 1000000]`: a million rows in the tab (issue 30). Builds
 * the app (`vite build`), then runs bench/browser/millionRows.bench.spec.ts in Playwright
 * (bench/browser/playwright.config.ts: the build served on BENCH_PORT, default 4188), which
 * generates the table, chooses it in the page and prints each stage's time and the tab's memory.
 *
 * --smoke: 500 rows, every stage, the t-SNE required to finish; the build already in dist/ is
 * served (`npm run build` first; built here only when there is none).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { option, SMOKE, sizedOption } from './timing.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const rows = sizedOption('rows', process.env.BENCH_ROWS ?? '1000000', '500');
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void => {
  const child = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (child.status !== 0) process.exit(child.status ?? 1);
};

if (!SMOKE || !existsSync(`${ROOT}/dist/index.html`)) run('npx', ['vite', 'build']);
else console.log('--smoke: serving the build in dist/');
run(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', '-c', 'bench/browser/playwright.config.ts'],
  {
    ...process.env,
    BENCH_ROWS: rows,
    ...(SMOKE ? { BENCH_SMOKE: '1' } : {}),
    BENCH_TSNE_SECONDS:
      option('tsne-seconds', process.env.BENCH_TSNE_SECONDS ?? null) ?? (SMOKE ? '120' : '300'),
  },
);
