// Makes sure Debian's Chromium is installed for the end-to-end tests (browsers cannot be
// downloaded by Playwright here). Installs the `chromium` package when running as root.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`ensure-chromium: ${CHROMIUM} missing; installing Debian's chromium package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execSync('apt-get update -qq', { stdio: 'inherit', env });
    execSync('apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core', {
      stdio: 'inherit',
      env,
    });
  } else {
    console.error(
      `ensure-chromium: ${CHROMIUM} is missing and this user is not root; install it with "sudo apt-get install chromium" and run npm test again.`,
    );
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: installing chromium did not produce ${CHROMIUM}.`);
  process.exit(1);
}
