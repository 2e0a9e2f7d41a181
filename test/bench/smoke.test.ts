/**
 * Benches that run (issue 49): every bench (bench/*.bench.ts) has its `npm run bench:…` script and
 * a --smoke size, and `npm test` runs them all at that size (scripts/bench-smoke.mjs, which finds
 * them in bench/ as this test does), after the build the browser benches serve. A bench without
 * --smoke fails here, before its smoke run would silently run it at full size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => `bench/${f}`);
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const benchScripts = Object.entries(scripts).filter(([name]) => /^bench(:|$)/.test(name));

describe('the benches', () => {
  it('are found in bench/', () => {
    expect(benches.length).toBeGreaterThan(15);
    expect(benches).toContain('bench/runAll.bench.ts');
    expect(benches).toContain('bench/millionRows.bench.ts');
  });

  it.each(benches)('%s reads --smoke (SMOKE, sized or sizedOption of bench/timing.ts)', (file) => {
    const source = read(file);
    const fromTiming = /import \{([^}]*)\} from '\.\/timing\.ts';/.exec(source)?.[1] ?? '';
    expect(fromTiming.split(',').map((name) => name.trim())).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(SMOKE|sized|sizedOption)$/)]),
    );
    const header = source.slice(0, source.indexOf(' */'));
    expect(header, 'its opening comment says what --smoke runs').toContain('--smoke');
  });

  it.each(benches)('%s has its npm script', (file) => {
    expect(benchScripts.map(([, command]) => command)).toContain(`tsx ${file}`);
  });

  it('every bench script runs a bench of bench/ (or is bench:smoke)', () => {
    for (const [name, command] of benchScripts)
      if (name !== 'bench:smoke') expect(benches.map((b) => `tsx ${b}`)).toContain(command);
    expect(scripts['bench:smoke']).toBe('node scripts/bench-smoke.mjs');
  });

  it('run in npm test at their smoke size, after the build', async () => {
    expect(scripts.test).toBe('node scripts/test.mjs');
    // scripts/test.mjs: the checks (the build among them) first, then the phases in order.
    const script = '../../scripts/test.mjs'; // a script, not a typed module
    const { CHECKS, PHASES } = (await import(script)) as {
      CHECKS: [string, [string, string[]]][];
      PHASES: [string, [string, string[]]][];
    };
    expect(CHECKS.some(([, [, args]]) => args.join(' ') === 'vite build --logLevel warn')).toBe(
      true,
    );
    expect(PHASES.map(([, [command, args]]) => [command, ...args].join(' '))).toContain(
      'node scripts/bench-smoke.mjs',
    );
    expect(read('scripts/bench-smoke.mjs')).toContain("'--smoke'");
  });
});
