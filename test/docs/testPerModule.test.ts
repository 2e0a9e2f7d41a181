/**
 * Issue 49: tests mirror the source, module by module, in the CLI's commands and the app's
 * views. Every module under src/cli/commands and src/app/views (recursively) has a test of its
 * own name beside the mirrored path (src/X/Y.ts(x) → test/X/Y.test.ts(x)), or stands below with
 * the one-line reason it needs none. The list is kept honest both ways: it fails when a listed
 * module gains a test or disappears.
 */
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['cli/commands', 'app/views'];

/** Modules with no test of their own, and why (paths below src/). */
const WITHOUT_TEST: Readonly<Record<string, string>> = {
  'cli/commands/command.ts': 'an interface only: every command test runs one',
  'app/views/CouplingSpacesView.tsx':
    'markup over model/couplingSpaces.ts (its groups and table, tested in test/app/model)',
  'app/views/MethodPanel.tsx': 'markup only: the settings bar and status around an output',
  'app/views/RunAllJobs.tsx': 'markup over the store’s runAllJobs (store/runAllSlice.ts)',
  'app/views/WalkthroughView.tsx': 'markup only: a method panel of its tables',
  'app/views/compare/cells.tsx':
    'markup only: each cell reads its stored result and draws it with the shared components',
  'app/views/summary/SummaryView.tsx': 'markup only: the loaded table’s summary and notes',
  'app/views/summary/ValueBars.tsx':
    'markup only: model/summary.ts’s bars, shares by formatShare (tested in useValueLinks)',
  'app/views/tour/TourCard.tsx': 'markup and DOM keyboard wiring (e2e/tours.spec.ts)',
  'app/views/tour/TourList.tsx': 'markup only: a button a tour',
  'app/views/tour/applyStep.ts':
    'the page’s store and sample loading in order (e2e/tours.spec.ts); its panels are stepPanels.ts’s',
  'app/views/tour/useIndicators.ts': 'store wiring only: one worker query a table version',
  'app/views/useResult.ts':
    'store wiring: resolves a call (core/platform/calls.ts) and follows its entry in transitions',
};

function modules(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(`src/${folder}`, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => `${folder}/${f}`),
  ).sort();
}

function testOf(module: string): string | null {
  const base = `test/${module.replace(/\.tsx?$/, '')}`;
  return [`${base}.test.ts`, `${base}.test.tsx`].find((path) => existsSync(path)) ?? null;
}

describe('a test for each module of the CLI’s commands and the app’s views', () => {
  it('each module has a mirrored test, or is listed with its reason', () => {
    const missing = modules().filter((m) => testOf(m) === null && !(m in WITHOUT_TEST));
    expect(missing).toEqual([]);
  });

  it('a listed module has no test of its own yet, and still exists', () => {
    const all = new Set(modules());
    const stale = Object.keys(WITHOUT_TEST).filter((m) => !all.has(m) || testOf(m) !== null);
    expect(stale).toEqual([]);
  });

  it('each listed module gives a reason of one line', () => {
    for (const [module, reason] of Object.entries(WITHOUT_TEST)) {
      expect(reason, module).toMatch(/\w/);
      expect(reason, module).not.toContain('\n');
    }
  });
});
