/**
 * UNTIE's learning as shipped against Couplings (issue 31; results/untie-variants.md):
 * - the defaults learn nothing (iterations 0, the paper's “Couplings”), because no learning
 *   variant measured meets the rule that chose the default — never significantly below
 *   Couplings on any of the four tables: checked against the committed runs, so the sentence the
 *   app shows (UNTIE_LEARNING_VERDICT) is true of them, and it fails when a variant that meets
 *   the rule is measured while the default still learns nothing;
 * - on the bundled Zoo the paper's learning (what the training view runs, UNTIE_PAPER_LEARNING)
 *   is not significantly below Couplings over fresh paired runs (seeds 100…, not among the
 *   measured ones), the tolerance fixed from results/untie-variants.json before these runs: 1.96
 *   standard errors of a mean of R paired differences, the differences' sd taken from that
 *   measurement;
 * - the mechanism the drifting learning had: under `trace-ratio` the kernel spaces of (near) zero
 *   variance over the objects — the widest Gaussians, the intra polynomials once k(x, x) = 1 —
 *   end with more weight than the others; under the centred learning they do not. On these small
 *   tables the drift costs no significant F-score (it does on DNA, 3,186 rows: too slow here),
 *   so this is the check that fails when the learning is swapped back: deterministic, held to
 *   the fixed 0.02.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../../src/core/base/jobs.ts';
import {
  UNTIE_LEARNING_VERDICT,
  UNTIE_PAPER_LEARNING,
  UNTIE_PARAMETERS,
  untieSteps,
} from '../../../../src/core/methods/untie/untie.ts';
import { spaceVariances } from '../../../../src/core/methods/untie/mkkm.ts';
import { spaceWeights } from '../../../../src/core/methods/untie/vectorRepresentation.ts';
import type { ExplorerSession } from '../../../../src/core/platform/session.ts';
import { Z } from '../../../../results/tolerance.ts';
import { resultOf, zooSession } from '../../../sessions.ts';

interface Saved {
  variants: { id: string; options: Record<string, unknown> }[];
  tables: {
    label: string;
    runs: number;
    comparisons: { variant: string; se: number; verdict: string }[];
  }[];
}

const saved = JSON.parse(
  readFileSync(new URL('../../../../results/untie-variants.json', import.meta.url), 'utf8'),
) as Saved;

const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  UNTIE_PARAMETERS.map((p) => [p.name, p.default]),
);
/** A variant's options hold under `options` (its unnamed ones at the defaults). */
const runs = (v: { options: Record<string, unknown> }, options: Record<string, unknown>) =>
  Object.entries(v.options).every(([k, value]) => ({ ...DEFAULTS, ...options })[k] === value);
/** The measured variant the defaults run, and the one the paper's learning runs. */
const shipped = saved.variants.find((v) => runs(v, {}));
const paperLearning = saved.variants.find(
  (v) => v.options.iterations !== 0 && runs(v, UNTIE_PAPER_LEARNING),
);

/** Fresh paired runs: run r clusters Couplings and the default from seed FIRST_SEED + r. */
const FIRST_SEED = 100;
const RUNS = 4;

/** The sd of the paired differences that results/untie-variants.json measured on a table. */
function measuredSd(label: string): number {
  const table = saved.tables.find((t) => t.label.startsWith(label));
  const cell = table?.comparisons.find((c) => c.variant === paperLearning?.id);
  if (!table || !cell) throw new Error(`results/untie-variants.json has no ${label} row`);
  return cell.se * Math.sqrt(table.runs);
}

/** F-score (%) differences, the paper's learning − Couplings, over the paired runs. */
function differences(s: ExplorerSession): number[] {
  const out: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const seed = FIRST_SEED + r;
    const result = runToEnd(
      s.runSteps({
        method: 'evaluate-clustering',
        options: { runs: 1, seed },
        inputs: {
          methods: [
            { method: 'untie', options: { iterations: 0, seed } },
            { method: 'untie', options: { ...UNTIE_PAPER_LEARNING, seed } },
          ],
        },
      }),
    );
    const [couplings, learned] = resultOf(result, 'table').rows.map(
      (row) => 100 * (row.fscore as { mean: number }).mean,
    );
    out.push((learned as number) - (couplings as number));
  }
  return out;
}

describe('UNTIE’s default and its learning against Couplings (issue 31)', () => {
  it('the defaults and the paper’s learning are measured variants', () => {
    expect(shipped, 'no variant of results/untie-variants.json runs the defaults').toBeDefined();
    expect(paperLearning, 'no variant runs the paper’s learning').toBeDefined();
  });

  it('the default learns ω only if a learning variant is never significantly worse, as the app says', () => {
    const verdicts = (id: string) =>
      saved.tables.map((t) => t.comparisons.find((c) => c.variant === id)?.verdict);
    const learned = saved.variants.filter((v) => v.options.iterations !== 0);
    const safe = learned.filter((v) => !verdicts(v.id).includes('worse'));
    const better = learned.filter((v) => verdicts(v.id).every((x) => x === 'better'));
    expect(learned.length).toBeGreaterThan(0);
    expect(verdicts(learned[0]?.id ?? '')).toHaveLength(4);
    if (DEFAULTS.iterations === 0) {
      // Learning off: no learning variant met the rule, which is what the app says.
      expect(safe.map((v) => v.id)).toEqual([]);
      expect(better.map((v) => v.id)).toEqual([]);
      expect(UNTIE_LEARNING_VERDICT).toMatch(/off by default/);
    } else expect(safe.map((v) => v.id)).toContain(shipped?.id);
  });

  for (const [label, open] of [['Zoo', () => zooSession()]] as const)
    it(`${label}: the paper’s learning is not significantly below Couplings over ${RUNS} fresh paired runs`, async () => {
      const tolerance = (Z * measuredSd(label)) / Math.sqrt(RUNS);
      const d = differences(await open());
      const mean = d.reduce((x, y) => x + y, 0) / d.length;
      expect(mean, `differences ${d.map((x) => x.toFixed(2)).join(', ')}`).toBeGreaterThan(
        -tolerance,
      );
    });

  it('near-constant kernel spaces gain no weight over the others; under trace-ratio they do', async () => {
    const s = await zooSession();
    const ratio = (learning: string): number => {
      const { spaces, learning: learned } = runToEnd(
        untieSteps(s.table, s.counts(), { ...UNTIE_PAPER_LEARNING, learning: learning as never }),
      );
      const weights = spaceWeights(spaces.spaces, learned.weights);
      const variance = spaceVariances(spaces);
      const largest = Math.max(...variance);
      const near = { sum: 0, count: 0 };
      const rest = { sum: 0, count: 0 };
      weights.forEach((w, p) => {
        const group = (variance[p] as number) < 1e-4 * largest ? near : rest;
        group.sum += w;
        group.count += 1;
      });
      expect(near.count).toBeGreaterThan(0);
      return near.sum / near.count / (rest.sum / rest.count);
    };
    expect(ratio(UNTIE_PAPER_LEARNING.learning)).toBeLessThan(1 + 0.02);
    expect(ratio('trace-ratio')).toBeGreaterThan(1 + 0.02);
  });
});
