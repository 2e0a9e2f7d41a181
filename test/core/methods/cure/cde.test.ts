/**
 * CDE (CURE, Jian et al. 2019, Alg. 1 with the stop rule of Jian et al. 2017 (CDE) Alg. 1): determinism, value clusters, the
 * stop rule, the PCA'd value embedding and the object embedding, checked with own loops.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  createRandom,
  objectRow,
  runCde,
  runToEnd,
  validateCdeOptions,
  valueClusteringSteps,
  type CategoricalTable,
  type CdeResult,
  type CouplingMatrices,
  type Counts,
  type ValueClusteringStop,
} from '../../../../src/core/index.ts';
import { DATASETS, loadDataset } from '../../../helpers.ts';
import { OptionError } from '../../../../src/core/base/errors.ts';

async function zoo(): Promise<{ table: CategoricalTable; counts: Counts }> {
  const { table } = await loadDataset('zoo.csv', { classColumn: 'type', drop: ['legs'] });
  return { table, counts: computeCounts(table) };
}

function ownDistinctRows(m: Float64Array, L: number): number {
  const keys = new Set<string>();
  for (let i = 0; i < L; i++) keys.add(Array.from(m.subarray(i * L, (i + 1) * L)).join('|'));
  return keys.size;
}

/**
 * Asserts the value clusters of every granularity and the stop rule for each matrix: removed
 * one-value clusters, accumulated over k, compared with ⌈(k + 1)/α⌉ ('reach': ≥, 'exceed': >);
 * with waitForSplit, not tested while that threshold is 1 and no clustering of the matrix has had
 * two clusters of ≥ 2 values.
 */
function checkGranularities(cde: CdeResult, alpha: number): void {
  const L = cde.couplings.nValues;
  const names = cde.granularities.map((g) => g.matrix);
  // Mc is clustered first, then Mo.
  expect(names).toEqual([...names].sort((a, b) => (a === 'Mc' ? 0 : 1) - (b === 'Mc' ? 0 : 1)));
  for (const g of cde.granularities) {
    expect(g.labels).toHaveLength(L);
    for (const c of g.labels) expect(c >= 0 && c < g.k).toBe(true);
    for (const c of g.clusters) expect(c.length).toBeGreaterThanOrEqual(2);
    for (const c of g.removed) expect(c).toHaveLength(1);
    // Kept ∪ removed is the partition the labels describe.
    const groups = new Map<number, number[]>();
    g.labels.forEach((c, v) => groups.set(c, [...(groups.get(c) ?? []), v]));
    const fromLabels = [...groups.values()].map((m) => m.join(',')).sort();
    const fromLists = [...g.clusters, ...g.removed].map((m) => m.join(',')).sort();
    expect(fromLists).toEqual(fromLabels);
    expect(g.clusters.length + g.removed.length).toBeLessThanOrEqual(g.k);
  }
  for (const [name, matrix] of [
    ['Mc', cde.couplings.mc],
    ['Mo', cde.couplings.mo],
  ] as const) {
    const gs = cde.granularities.filter((g) => g.matrix === name);
    expect(gs.length).toBeGreaterThan(0);
    expect(gs.map((g) => g.k)).toEqual(gs.map((_, i) => i + 2));
    const maxK = ownDistinctRows(matrix, L);
    const { stopRule, waitForSplit } = cde.options;
    let removed = 0;
    let split = !waitForSplit;
    gs.forEach((g, i) => {
      removed += g.removed.length;
      split ||= g.clusters.length >= 2;
      const threshold = Math.ceil((g.k + 1) / alpha);
      const waiting = !split && threshold <= 1;
      const stops = !waiting && (stopRule === 'reach' ? removed >= threshold : removed > threshold);
      if (i < gs.length - 1) expect(stops, `${name} k = ${g.k}`).toBe(false);
      else expect(stops || g.k === maxK, `${name} stops at k = ${g.k}`).toBe(true);
    });
  }
  expect(cde.indicatorColumns).toBe(cde.granularities.reduce((s, g) => s + g.clusters.length, 0));
}

/** Asserts the value embedding is a PCA of the cluster-indicator matrix (own loops). */
function checkValueEmbedding(cde: CdeResult): void {
  const L = cde.couplings.nValues;
  const { dims, valueEmbedding: v, variances } = cde;
  expect(v).toHaveLength(L * dims);
  expect(variances).toHaveLength(dims);
  const col = (j: number): number[] => Array.from({ length: L }, (_, r) => v[r * dims + j]!);
  const cov = (a: number[], b: number[]): number => {
    let s = 0;
    for (let r = 0; r < L; r++) s += a[r]! * b[r]!;
    return s / (L - 1);
  };
  const cols = Array.from({ length: dims }, (_, j) => col(j));
  for (let a = 0; a < dims; a++) {
    expect(Math.abs(cols[a]!.reduce((s, x) => s + x, 0) / L)).toBeLessThan(1e-12);
    expect(cov(cols[a]!, cols[a]!)).toBeCloseTo(variances[a]!, 10);
    expect(Math.max(...cols[a]!) - Math.min(...cols[a]!)).toBeGreaterThanOrEqual(cde.options.beta);
    if (a > 0) expect(variances[a]!).toBeLessThanOrEqual(variances[a - 1]! + 1e-12);
    for (let b = a + 1; b < dims; b++) {
      const r =
        cov(cols[a]!, cols[b]!) / Math.sqrt(cov(cols[a]!, cols[a]!) * cov(cols[b]!, cols[b]!));
      expect(Math.abs(r)).toBeLessThan(1e-9);
    }
  }
  // Inner products between centred indicator rows are preserved (dropped components are flat).
  const columns = cde.granularities.flatMap((g) => g.clusters);
  const m = columns.length;
  const z = new Float64Array(L * m);
  columns.forEach((cluster, j) => {
    for (const value of cluster) z[value * m + j] = 1;
    const mean = cluster.length / L;
    for (let r = 0; r < L; r++) z[r * m + j]! -= mean;
  });
  for (let a = 0; a < L; a++)
    for (let b = a; b < L; b++) {
      let zz = 0;
      for (let j = 0; j < m; j++) zz += z[a * m + j]! * z[b * m + j]!;
      let vv = 0;
      for (let j = 0; j < dims; j++) vv += v[a * dims + j]! * v[b * dims + j]!;
      expect(vv).toBeCloseTo(zz, 8);
    }
}

describe('runCde on zoo (drop legs, class type)', () => {
  it('the same seed gives identical granularities and value embedding', async () => {
    const { table, counts } = await zoo();
    const a = runCde(table, counts, { seed: 3 });
    const b = runCde(table, counts, { seed: 3 });
    expect(b.granularities).toEqual(a.granularities);
    expect(Array.from(b.valueEmbedding)).toEqual(Array.from(a.valueEmbedding));
    expect(Array.from(b.variances)).toEqual(Array.from(a.variances));
    expect(b.dims).toBe(a.dims);
  });

  it('for several seeds: clusters, removed singletons, the stop rule and the PCA embedding hold', async () => {
    const { table, counts } = await zoo();
    for (const seed of [0, 1, 2, 3]) {
      const cde = runCde(table, counts, { seed });
      expect(cde.options).toEqual({
        alpha: 10,
        beta: 1e-10,
        seed,
        orientation: 'paper',
        maxIterations: 100,
        stopRule: 'exceed',
        waitForSplit: true,
      });
      checkGranularities(cde, 10);
      checkValueEmbedding(cde);
    }
  });

  it('the object embedding concatenates the D value vectors of each object (dims = D × dims)', async () => {
    const { table, counts } = await zoo();
    const cde = runCde(table, counts, { seed: 0 });
    const D = table.attributes.length;
    const e = cde.objectEmbedding;
    expect(e.dims).toBe(D * cde.dims);
    expect(e.nObjects).toBe(table.nRows);
    const row = new Float64Array(e.dims);
    for (const i of [0, 17, 50, table.nRows - 1]) {
      objectRow(e, i, row);
      table.attributes.forEach((attr, a) => {
        const v = attr.offset + attr.codes[i]!;
        for (let j = 0; j < cde.dims; j++)
          expect(row[a * cde.dims + j]).toBe(cde.valueEmbedding[v * cde.dims + j]);
      });
    }
  });

  it('a smaller α lets k grow further: on Mc (clustered first, same random stream) the α = 10 granularities are a prefix of the α = 2 ones', async () => {
    // The rule compares removed with ⌈(k + 1)/α⌉: a larger α lowers the threshold, so it never gives
    // more granularities on the first matrix (the waitForSplit condition does not depend on α).
    const { table, counts } = await zoo();
    for (const seed of [0, 1]) {
      const byAlpha = [1, 2, 10, 100].map((alpha) => runCde(table, counts, { seed, alpha }));
      byAlpha.forEach((cde, i) => checkGranularities(cde, [1, 2, 10, 100][i]!));
      const mc = byAlpha.map((cde) => cde.granularities.filter((g) => g.matrix === 'Mc'));
      for (let i = 1; i < mc.length; i++) {
        expect(mc[i]!.length).toBeLessThanOrEqual(mc[i - 1]!.length);
        expect(mc[i]).toEqual(mc[i - 1]!.slice(0, mc[i]!.length));
      }
    }
  });

  it("stopRule 'reach' without waitForSplit (the earlier rule) satisfies its own invariants", async () => {
    const { table, counts } = await zoo();
    for (const seed of [0, 1, 2, 3]) {
      const cde = runCde(table, counts, { seed, stopRule: 'reach', waitForSplit: false });
      checkGranularities(cde, 10);
      checkValueEmbedding(cde);
    }
  });

  it("orientation 'code' changes Mo but keeps Mc, and still satisfies the invariants", async () => {
    const { table, counts } = await zoo();
    const paper = runCde(table, counts, { seed: 0 });
    const code = runCde(table, counts, { seed: 0, orientation: 'code' });
    expect(Array.from(code.couplings.mc)).toEqual(Array.from(paper.couplings.mc));
    expect(Array.from(code.couplings.mo)).not.toEqual(Array.from(paper.couplings.mo));
    checkGranularities(code, 10);
    checkValueEmbedding(code);
  });

  it('option validation', async () => {
    const { table, counts } = await zoo();
    for (const alpha of [0, -1, Number.NaN, Infinity])
      expect(() => runCde(table, counts, { alpha }), `alpha ${alpha}`).toThrow(RangeError);
    expect(() => runCde(table, counts, { beta: -1 })).toThrow(RangeError);
    expect(() => runCde(table, counts, { beta: Number.NaN })).toThrow(RangeError);
    // A whole-number option given a fraction is out of its domain (RangeError); a non-number is
    // the wrong type (TypeError). Either message starts with the option's name.
    expect(() => runCde(table, counts, { seed: 1.5 })).toThrow(RangeError);
    expect(() => runCde(table, counts, { seed: 1.5 })).toThrow(/^seed /);
    expect(() => runCde(table, counts, { seed: '1' as never })).toThrow(OptionError);
    expect(() => runCde(table, counts, { seed: '1' as never })).toThrow(/^seed /);
    expect(() => runCde(table, counts, { orientation: 'x' as never })).toThrow(OptionError);
    expect(() => runCde(table, counts, { maxIterations: 0 })).toThrow(RangeError);
    expect(() => runCde(table, counts, { stopRule: 'ge' as never })).toThrow(OptionError);
    expect(() => runCde(table, counts, { waitForSplit: 1 as never })).toThrow(OptionError);
    expect(validateCdeOptions({ alpha: 3, beta: 0 })).toEqual({
      alpha: 3,
      beta: 0,
      seed: 0,
      orientation: 'paper',
      maxIterations: 100,
      stopRule: 'exceed',
      waitForSplit: true,
    });
  });
});

describe('valueClusteringSteps: the stop options', () => {
  // 12 equidistant rows (the identity): ties go to the first centre, so every k isolates k − 1
  // values and no clustering ever has two clusters of ≥ 2 values.
  const L = 12;
  const eye = Float64Array.from({ length: L * L }, (_, i) => (i % (L + 1) === 0 ? 1 : 0));
  const couplings: CouplingMatrices = {
    nValues: L,
    mo: eye,
    mc: eye,
    psi: new Float64Array(1),
    p: new Float64Array(L).fill(1 / L),
    orientation: 'paper',
  };
  const ks = (alpha: number, stop: ValueClusteringStop): string[] =>
    runToEnd(valueClusteringSteps(couplings, alpha, 100, createRandom(0), stop)).map(
      (g) => `${g.matrix}${g.k}:${g.singletons}`,
    );

  it('never splits: each k isolates k − 1 values', () => {
    expect(ks(4, {}).slice(0, 2)).toEqual(['Mc2:1', 'Mo2:1']);
  });

  it("'reach' stops at the first one-value cluster, 'exceed' at the second (α = 4)", () => {
    expect(ks(4, { stopRule: 'reach' })).toEqual(['Mc2:1', 'Mo2:1']);
    // k = 2: 1 removed, ⌈3/4⌉ = 1, not exceeded; k = 3: 3 removed > 1.
    expect(ks(4, { stopRule: 'exceed' })).toEqual(['Mc2:1', 'Mc3:2', 'Mo2:1', 'Mo3:2']);
  });

  it('waitForSplit waits at most while ⌈(k + 1)/α⌉ = 1, then the rule applies', () => {
    // α = 4: waits after k = 2, 3; at k = 4 the threshold is ⌈5/4⌉ = 2 and 6 removed stop it.
    expect(ks(4, { stopRule: 'exceed', waitForSplit: true })).toEqual([
      'Mc2:1',
      'Mc3:2',
      'Mc4:3',
      'Mo2:1',
      'Mo3:2',
      'Mo4:3',
    ]);
    // α = 2: ⌈3/2⌉ = 2 already after k = 2, so there is no wait.
    expect(ks(2, { stopRule: 'reach', waitForSplit: true })).toEqual(ks(2, { stopRule: 'reach' }));
  });
});

describe('runCde on the other bundled datasets', () => {
  const sets = DATASETS.filter((d) =>
    ['contact-lenses.csv', 'breast-cancer.csv', 'vote.csv', 'movie.csv', 'sales.csv'].includes(
      d.file,
    ),
  );
  it.each(sets.map((d) => [d.file, d] as const))('%s: invariants hold', async (_file, d) => {
    const { table } = await loadDataset(d.file, { classColumn: d.classColumn, drop: d.drop });
    const cde = runCde(table, computeCounts(table), { seed: 1 });
    checkGranularities(cde, 10);
    checkValueEmbedding(cde);
    expect(cde.objectEmbedding.dims).toBe(table.attributes.length * cde.dims);
  });
});
