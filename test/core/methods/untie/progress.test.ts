/**
 * Honest progress for the long phases of issue 26: UNTIE reports its work after the last
 * iteration (the value tables G_a, the vectors) with its own share of the bar, instead of sitting
 * at "iteration 1000 of 1000"; SAnDCat's scoring reports how many distinct objects are scored,
 * again and again, not one message for minutes. The Steps generators are driven as the worker
 * drives them, every report collected.
 */
import { describe, expect, it } from 'vitest';
import type { Progress } from '../../../../src/core/base/jobs.ts';
import { createRandom } from '../../../../src/core/base/random.ts';
import { ExplorerSession } from '../../../../src/core/platform/session.ts';
import type { Call } from '../../../../src/core/platform/spec.ts';

/** `rows` rows: `id` with `values` values, `width` ordinary columns tied to a class `kind`. */
async function session(rows: number, values: number, width: number): Promise<ExplorerSession> {
  const random = createRandom(rows + values);
  const header = [
    ...(values > 0 ? ['id'] : []),
    ...Array.from({ length: width }, (_, j) => `a${j}`),
    'kind',
  ];
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) {
    const z = random.int(4);
    const cells = Array.from(
      { length: width },
      (_, j) => `v${random.next() < 0.6 ? (z + j) % (4 + (j % 3)) : random.int(4 + (j % 3))}`,
    );
    lines.push(
      [...(values > 0 ? [`v${i < values ? i : random.int(values)}`] : []), ...cells, `k${z}`].join(
        ',',
      ),
    );
  }
  const s = new ExplorerSession();
  await s.load([`${lines.join('\n')}\n`], {}, { classColumn: 'kind' });
  return s;
}

function reports(s: ExplorerSession, call: Call): Progress[] {
  const out: Progress[] = [];
  const steps = s.runSteps(call);
  for (let step = steps.next(); !step.done; step = steps.next()) out.push(step.value);
  return out;
}

describe('progress of the long phases (issue 26)', () => {
  it('UNTIE: the value tables and vectors after the last iteration have their share', async () => {
    const s = await session(2000, 500, 3);
    const seen = reports(s, { method: 'untie', options: { iterations: 100 } });
    const fractions = seen.map((p) => p.fraction);
    for (let i = 1; i < fractions.length; i++)
      expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]! - 1e-12);
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
    const last = seen.findIndex((p) => p.message.startsWith('iteration 100 of 100,'));
    expect(last).toBeGreaterThan(0);
    const after = seen.slice(last + 1);
    const tables = after.filter((p) => p.message.startsWith('value tables: kernel space'));
    expect(tables.length).toBeGreaterThanOrEqual(10);
    expect(after.some((p) => p.message === 'vectors (Eq. (21))…')).toBe(true);
    // The learning's end is not the bar's end: the tables take a real share of it.
    const end = seen[last]!.fraction;
    expect(end).toBeLessThan(0.97);
    expect(tables.at(-1)!.fraction).toBeGreaterThan(end + (1 - end) / 2);
  });

  it('SAnDCat: scoring reports the distinct objects scored, many times over', async () => {
    const s = await session(12_000, 0, 8);
    const seen = reports(s, { method: 'sandcat', options: {} });
    const scoring = seen
      .map((p) => ({
        p,
        m: /Scoring objects against the normal model: ([\d,]+) of ([\d,]+) distinct objects/.exec(
          p.message,
        ),
      }))
      .filter((x) => x.m !== null)
      .map(({ p, m }) => ({
        fraction: p.fraction,
        done: Number(m![1]!.replaceAll(',', '')),
        of: Number(m![2]!.replaceAll(',', '')),
      }));
    expect(scoring.length).toBeGreaterThanOrEqual(10);
    expect(scoring[0]?.done).toBe(0);
    const total = scoring[0]!.of;
    expect(total).toBeGreaterThan(5000);
    for (let i = 1; i < scoring.length; i++) {
      expect(scoring[i]!.done).toBeGreaterThan(scoring[i - 1]!.done);
      expect(scoring[i]!.fraction).toBeGreaterThan(scoring[i - 1]!.fraction);
      expect(scoring[i]!.of).toBe(total);
    }
    expect(scoring.at(-1)!.done).toBeLessThanOrEqual(total);
  });
});
