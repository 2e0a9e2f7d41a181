// The end-to-end tests in two phases (playwright.config.ts): the views, two pages at a time,
// then the timing specs with the machine to themselves. Both phases always run; the exit code
// is the first failure's. Prints each phase's run time. Arguments go to both phases (e.g. a
// spec file or --grep); a phase with no test left by them passes.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
let code = 0;
const times = [];
for (const project of ['views', 'timing']) {
  const start = performance.now();
  const run = spawnSync(
    'npx',
    ['playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...extra],
    {
      stdio: 'inherit',
    },
  );
  const seconds = (performance.now() - start) / 1000;
  times.push(`${project} ${seconds.toFixed(0)} s`);
  if (run.status !== 0 && code === 0) code = run.status ?? 1;
}
console.log(`e2e run time: ${times.join(', ')}`);
process.exit(code);
