/**
 * How every browser test and browser bench launches Chromium: Debian's build (CHROMIUM_PATH
 * overrides it) with the flags the team's guide fixes for headless runs on these machines.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
};
