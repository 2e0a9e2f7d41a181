/**
 * Issue 46: every number a call, a link or a flag can set has a finite maximum with its reason
 * — every parameter of every registered method and step, and the CLI's shared tables (reading,
 * preparation, engine, output). A value above it is refused with a message naming the maximum
 * and why, so no single call can ask for a billion trees or run for days.
 */
import { describe, expect, it } from 'vitest';
import {
  describeDomain,
  resolveOptions,
  type NumberParameter,
  type ParameterSpec,
} from '../../../src/core/base/parameters.ts';
import { allSpecs } from '../../../src/core/platform/registry.ts';
import { SHARED_TABLES } from '../../../src/cli/request.ts';

interface Table {
  owner: string;
  parameters: readonly ParameterSpec[];
}

const TABLES: Table[] = [
  ...allSpecs().map((s) => ({ owner: s.id, parameters: s.parameters })),
  ...SHARED_TABLES.map((t) => ({ owner: `CLI ${t.title}`, parameters: t.parameters })),
];

const isNumber = (p: ParameterSpec): p is NumberParameter =>
  p.type === 'number' || p.type === 'integer';

const NUMBERS = TABLES.flatMap((t) =>
  t.parameters.filter(isNumber).map((p) => [`${t.owner}.${p.name}`, t, p] as const),
);

/** The smallest value the parameter must refuse above its maximum. */
function above(p: NumberParameter): number {
  if (p.maxExclusive) return p.max;
  return p.type === 'integer' ? p.max + 1 : p.max > 0 ? p.max * 2 : p.max + 1;
}

describe('parameter maxima', () => {
  it('walks the real tables: every registered spec and the CLI’s shared tables', () => {
    expect(allSpecs().length).toBeGreaterThan(30);
    const names = NUMBERS.map(([name]) => name);
    expect(names.length).toBeGreaterThan(60);
    // The parameters the hostile review named, each found among the walked ones.
    for (const name of [
      'iforest.trees',
      'iforest.sampleSize',
      'tsne.iterations',
      'tsne.exactLimit',
      'kmeans.runs',
      'evaluate-clustering.runs',
      'zero.t',
      'zero.n',
      'limbo.k',
      'mds.landmarks',
      'cde.maxIterations',
      'cbrw.maxIterations',
      'CLI table.bins',
    ])
      expect(names).toContain(name);
  });

  it.each(NUMBERS)('%s has a finite maximum with its reason, and refuses above it', (_, t, p) => {
    expect(Number.isFinite(p.max), 'a finite max').toBe(true);
    expect(p.maxBecause.trim().length, 'a reason for the max').toBeGreaterThan(10);
    // An automatic default ('auto') is a value of its own, not a number within the bounds.
    if (p.default !== 'auto') {
      expect(p.max).toBeGreaterThanOrEqual(p.default);
      if (p.maxExclusive) expect(p.max).toBeGreaterThan(p.default);
    }
    if (p.min !== undefined) {
      expect(p.min).toBeLessThanOrEqual(p.max);
      if (p.minExclusive || p.maxExclusive) expect(p.min).toBeLessThan(p.max);
    }
    expect(describeDomain(p)).toContain(`${p.maxExclusive ? '<' : '≤'} ${p.max}`);
    // The maximum itself is allowed (unless exclusive), the default stands.
    if (!p.maxExclusive)
      expect(resolveOptions(t.parameters, { [p.name]: p.max }, t.owner)[p.name]).toBe(p.max);
    const over = above(p);
    const refused = () => resolveOptions(t.parameters, { [p.name]: over }, t.owner);
    expect(refused).toThrow(RangeError);
    expect(refused).toThrow(`${p.name} must be ${describeDomain(p)}, got ${over}`);
    expect(refused).toThrow(`(${p.maxExclusive ? 'below' : 'at most'} ${p.max}: ${p.maxBecause})`);
  });

  it('the hostile values of the issue are refused at once', () => {
    const spec = (id: string) => allSpecs().find((s) => s.id === id)?.parameters ?? [];
    expect(() => resolveOptions(spec('iforest'), { trees: 1e9 })).toThrow(
      /trees must be a whole number ≥ 1 and ≤ 10000, got 1000000000 \(at most 10000: /,
    );
    expect(() => resolveOptions(spec('tsne'), { iterations: 1e12 })).toThrow(/≤ 100000, got/);
  });
});
