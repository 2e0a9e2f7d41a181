import { writeFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';

/**
 * Keeps a screenshot as a test artefact: written into the test's output folder
 * (test-results/…, left on disk after the run, so a CI run keeps it), attached to the test's
 * report, and copied to $E2E_SHOTS when that is set (to look at while developing).
 */
export async function keepShot(info: TestInfo, name: string, body: Buffer): Promise<void> {
  const file = `${name.replace(/[^\w.-]+/g, '-')}.png`;
  const path = info.outputPath(file);
  writeFileSync(path, body);
  await info.attach(name, { path, contentType: 'image/png' });
  if (process.env.E2E_SHOTS) writeFileSync(`${process.env.E2E_SHOTS}/${file}`, body);
}
