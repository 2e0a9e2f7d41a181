/**
 * `tsx results/pinsRun.ts [--first] ID …`: re-runs the named reproductions and judges their rows
 * as test/results/paperNumbers.test.ts does (results/pins/verdicts.ts). One JSON line per
 * reproduction, `{ id, seconds, failures }`; the exit code is 1 when a rule is broken. With
 * `--first` it stops at the first reproduction that breaks one (what `npm run mutants` needs to
 * call a mutant killed).
 */
import { discoverMethods } from '../src/cli/discover.ts';
import { REPRODUCTIONS } from './reproductions.ts';
import { reproductionFailures } from './pins/verdicts.ts';

const args = process.argv.slice(2);
const first = args.includes('--first');
const ids = args.filter((a) => a !== '--first');
const unknown = ids.filter((id) => !REPRODUCTIONS.some((r) => r.id === id));
if (ids.length === 0 || unknown.length > 0) {
  console.error(
    `usage: tsx results/pinsRun.ts [--first] ID …; ids: ${REPRODUCTIONS.map((r) => r.id).join(', ')}`,
  );
  process.exit(2);
}
await discoverMethods();
let broken = false;
for (const id of ids) {
  const started = performance.now();
  const r = REPRODUCTIONS.find((x) => x.id === id);
  if (!r) continue;
  let failures: string[];
  try {
    failures = reproductionFailures(id, await r.make());
  } catch (e) {
    failures = [`${id}: the reproduction threw: ${e instanceof Error ? e.message : String(e)}`];
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  console.log(JSON.stringify({ id, seconds, failures }));
  if (failures.length > 0) {
    broken = true;
    if (first) break;
  }
}
process.exit(broken ? 1 : 0);
