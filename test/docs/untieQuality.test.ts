/**
 * docs/untie.md's sentence about the (ε,γ)-curves on Zoo is the one today's code gives (issue 45:
 * the page said UNTIE's curve was the highest at every ε, measured before the default changed).
 * The sentence is rebuilt here from a fresh run of every representation and must appear in the
 * page word for word; when it does not, the failure prints the sentence to paste.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/core/base/jobs.ts';
import { methodsProducing } from '../../src/core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../src/core/platform/representation.ts';
import { resultOf, zooSession } from '../sessions.ts';

const gamma = (cell: unknown): number =>
  typeof cell === 'number' ? cell : ((cell as { mean: number } | null)?.mean ?? Number.NaN);

/** The sentence, from one run of the (ε,γ)-curves of every representation on Zoo. */
async function sentence(): Promise<string> {
  const s = await zooSession();
  const output = runToEnd(
    s.runSteps({
      method: 'eps-gamma',
      inputs: { methods: methodsProducing(REPRESENTATION_KINDS).map((m) => ({ method: m.id })) },
    }),
  );
  const rows = resultOf(output, 'table')
    .rows.map((r) => ({ title: String(r.title), g: gamma(r.g10) }))
    .sort((a, b) => b.g - a.g);
  const series = resultOf(output, 'curves').series;
  const untie = series.find((c) => c.name === 'UNTIE');
  if (!untie) throw new Error('no UNTIE curve');
  const eps = Array.from(untie.x);
  const above = (i: number) =>
    series.filter((c) => c !== untie && (c.y[i] ?? -Infinity) > (untie.y[i] as number) + 1e-12);
  let from = eps.length;
  while (from > 0 && above(from - 1).length === 0) from--;
  const rivals = [...new Set(eps.slice(0, from).flatMap((_, i) => above(i).map((c) => c.name)))];
  const highest =
    from === 0
      ? 'UNTIE’s curve is the highest at every ε'
      : `UNTIE’s curve is the highest from ε = ${eps[from]} on; below it ${rivals.join(', ')} rise above it`;
  return `On zoo, γ at ε = 0.1: ${rows.map((r) => `${r.title} ${r.g.toFixed(3)}`).join(', ')}. ${highest}.`;
}

describe('docs/untie.md: the (ε,γ)-curves on Zoo', () => {
  it('says what a fresh run gives', async () => {
    const docs = readFileSync(new URL('../../docs/untie.md', import.meta.url), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    const expected = await sentence();
    expect(docs.includes(expected), `docs/untie.md should say: ${expected}`).toBe(true);
  });
});
