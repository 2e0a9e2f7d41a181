/**
 * Coupled attribute similarity (Wang et al. 2015): the worked values of the reference notes under all
 * four inter-coupled relative similarities, Theorem 6.1 (IRSP = IRSU = IRSJ = IRSI) on every
 * bundled data set where IRSP is feasible, the bounds of Theorem 1, and CASO / CADO properties.
 */
import { describe, expect, it } from 'vitest';
import { casModelSteps, type CasModel } from '../../../../src/core/methods/cas/casModel.ts';
import {
  IRS_VARIANTS,
  IRSP_MAX_VALUES,
  type IrsVariant,
} from '../../../../src/core/methods/cas/irs.ts';
import { objectPair } from '../../../../src/core/methods/cas/objects.ts';
import { parseWeights } from '../../../../src/core/methods/cas/weights.ts';
import { runToEnd } from '../../../../src/core/base/jobs.ts';
import type { ExplorerSession } from '../../../../src/core/platform/session.ts';
import type { CategoricalTable } from '../../../../src/core/data/table/types.ts';
import { DATASETS } from '../../../helpers.ts';
import { datasetSession, resultOf } from '../../../sessions.ts';

function model(s: ExplorerSession, variant: IrsVariant, weights?: Float64Array): CasModel {
  return runToEnd(
    casModelSteps(s.table, s.counts(), { irs: variant, ...(weights && { weights }) }),
  );
}

/** A value table entry by labels. */
function entry(
  t: CategoricalTable,
  m: CasModel,
  tables: Float64Array,
  attr: string,
  x: string,
  y: string,
): number {
  const j = t.attributes.findIndex((a) => a.name === attr);
  const a = t.attributes[j]!;
  const size = a.labels.length;
  return tables[m.tableStart[j]! + a.labels.indexOf(x) * size + a.labels.indexOf(y)]!;
}

describe('worked values (reference notes, Wang et al. 2015, Secs. IV-VII)', () => {
  for (const variant of IRS_VARIANTS)
    it(`coupled-toy and movie under IRS${variant}`, async () => {
      const toy = await datasetSession('coupled-toy.csv', { drop: ['object'] });
      const t = toy.table;
      const m = model(toy, variant);
      expect(entry(t, m, m.intra, 'a2', 'B1', 'B2')).toBeCloseTo(0.5, 12);
      expect(entry(t, m, m.inter, 'a2', 'B1', 'B2')).toBeCloseTo(0.25, 12);
      expect(entry(t, m, m.casv, 'a2', 'B1', 'B2')).toBeCloseTo(0.125, 12);
      // IeASV = ½·δ_{2|1} + ½·δ_{2|3} with δ_{2|1} = 0.5 and δ_{2|3} = 0: with a3 weighing 0
      // IeASV is δ_{2|1} alone.
      const onlyA1 = model(toy, variant, parseWeights(t, 'a3=0'));
      expect(entry(t, onlyA1, onlyA1.inter, 'a2', 'B1', 'B2')).toBeCloseTo(0.5, 12);
      // u2 = (A2, B1, C1), u3 = (A2, B2, C2): CASO 0.75.
      expect(objectPair(t, m, 1, 2).caso).toBeCloseTo(0.75, 12);

      const movie = await datasetSession('movie.csv', { classColumn: 'Class' });
      const mm = model(movie, variant);
      const casv = (x: string, y: string) => entry(movie.table, mm, mm.casv, 'Director', x, y);
      expect(casv('Scorsese', 'Coppola')).toBeCloseTo(1 / 3, 12);
      expect(casv('Coppola', 'Coppola')).toBeCloseTo(1 / 3, 12);
      expect(casv('Koster', 'Coppola')).toBeCloseTo(0, 12);
      expect(casv('Koster', 'Hitchcock')).toBeCloseTo(0.25, 12);
    });

  it('IRSI reads the fewest conditional probabilities, IRSP the most (Table X)', async () => {
    const toy = await datasetSession('coupled-toy.csv', { drop: ['object'] });
    const icp = IRS_VARIANTS.map((v) => model(toy, v).icp);
    expect(icp[0]).toBeGreaterThan(icp[1]!); // P > U
    expect(icp[1]).toBeGreaterThan(icp[2]!); // U > J
    expect(icp[2]).toBeGreaterThan(icp[3]!); // J > I
  });
});

describe('Theorem 6.1: the four variants agree to 1e-12 on every bundled data set where IRSP runs', () => {
  for (const d of DATASETS)
    it(d.file, async () => {
      const s = await datasetSession(d.file, { classColumn: d.classColumn, drop: d.drop });
      const feasible = s.table.attributes.every((a) => a.labels.length <= IRSP_MAX_VALUES);
      const variants = feasible ? IRS_VARIANTS : IRS_VARIANTS.filter((v) => v !== 'P');
      const [first, ...rest] = variants.map((v) => model(s, v));
      for (const other of rest)
        for (let q = 0; q < first!.inter.length; q++)
          expect(Math.abs(other.inter[q]! - first!.inter[q]!)).toBeLessThan(1e-12);
    });
});

describe('bounds and properties', () => {
  it('IaASV within [1/3, m/(m+4)] (Theorem 1(a)); IeASV within [0, 1]; CADO(u, u) = 0; CASO symmetric', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const t = s.table;
    const m = model(s, 'I');
    const n = t.nRows;
    // The bound is for two different values (|G(x)| + |G(y)| ≤ m); a value with itself,
    // g²/(2g + g²) = g/(g + 2), may exceed it.
    t.attributes.forEach((attr, j) => {
      const size = attr.labels.length;
      for (let x = 0; x < size; x++)
        for (let y = 0; y < size; y++) {
          const q = m.tableStart[j]! + x * size + y;
          expect(m.intra[q]).toBeGreaterThanOrEqual(1 / 3 - 1e-12);
          expect(m.intra[q]).toBeLessThanOrEqual(x === y ? 1 : n / (n + 4) + 1e-12);
          expect(m.inter[q]).toBeGreaterThanOrEqual(-1e-12);
          expect(m.inter[q]).toBeLessThanOrEqual(1 + 1e-12);
        }
    });
    const bound = t.attributes.length; // CASV ≤ 1 per attribute
    for (const [a, b] of [
      [0, 1],
      [5, 60],
      [17, 99],
    ] as const) {
      const ab = objectPair(t, m, a, b);
      const ba = objectPair(t, m, b, a);
      expect(ab.caso).toBeCloseTo(ba.caso, 12);
      expect(ab.cado).toBeCloseTo(ba.cado, 12);
      expect(ab.caso).toBeGreaterThanOrEqual(0);
      expect(ab.caso).toBeLessThanOrEqual(bound);
      expect(objectPair(t, m, a, a).cado).toBeCloseTo(0, 12);
    }
  });

  it('the registered method gives CADO as an on-demand object distance and the value matrices', async () => {
    const s = await datasetSession('coupled-toy.csv', { drop: ['object'] });
    const out = runToEnd(s.runSteps({ method: 'cas' }));
    const cado = resultOf(out, 'object-distance', 'cado');
    expect(cado.form).toBe('value-tables');
    const casv = resultOf(out, 'value-matrix', 'casv');
    expect(casv.size).toBe(s.table.nValues);
    // Values of different attributes are not compared.
    expect(Number.isNaN(casv.data[1]!)).toBe(false);
    expect(Number.isNaN(casv.data[s.table.nValues - 1]!)).toBe(true);
  });

  it('refuses IRSP on an attribute with too many values, and bad weights, naming them', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const { ExplorerSession } = await import('../../../../src/core/platform/session.ts');
    const wide = new ExplorerSession();
    const rows = Array.from({ length: 40 }, (_, i) => `v${i % 20},w${i % 3}`).join('\n');
    await wide.load([`a,b\n${rows}\n`], {}, {});
    expect(() => runToEnd(wide.runSteps({ method: 'cas', options: { irs: 'P' } }))).toThrow(
      /IRSP .* refused above 16 values: a has 20/,
    );
    expect(() => parseWeights(s.table, 'nope=2')).toThrow(/“nope=2” is not ATTRIBUTE=WEIGHT/);
    expect(() => parseWeights(s.table, 'hair=-1')).toThrow(/hair must weigh a number ≥ 0/);
  });
});

describe('the baselines of Sec. VIII-A: OFD and ADD', () => {
  it('hand-computed on coupled-toy', async () => {
    const s = await datasetSession('coupled-toy.csv', { drop: ['object'] });
    const t = s.table;
    const value = (method: string, attr: string, x: string, y: string): number => {
      const d = resultOf(runToEnd(s.runSteps({ method })), 'object-distance');
      if (d.form !== 'value-tables') throw new Error('expected value tables');
      const j = t.attributes.findIndex((a) => a.name === attr);
      const a = t.attributes[j]!;
      const m = a.labels.length;
      return d.tables[d.tableStart[j]! + a.labels.indexOf(x) * m + a.labels.indexOf(y)]!;
    };
    // OFD: N = 6, |G(A2)| = |G(A4)| = 2: 1 − 1/(1 + ln 3 · ln 3) = 0.546965…
    expect(value('ofd', 'a1', 'A2', 'A4')).toBeCloseTo(1 - 1 / (1 + Math.log(3) ** 2), 12);
    expect(value('ofd', 'a1', 'A2', 'A2')).toBe(0);
    // ADD(B1, B2): w.r.t. a1 max_W P(W|B1) − P(W|B2) = P({A1}|B1) − 0 = 0.5; w.r.t. a3,
    // W = {C1}: 1 − 0 = 1; mean 0.75.
    expect(value('add', 'a2', 'B1', 'B2')).toBeCloseTo(0.75, 12);
    expect(value('add', 'a2', 'B1', 'B1')).toBe(0);
  });
});

describe('Table XI’s claim: clustering with CADO beats SMD, OFD and ADD', () => {
  // The paper's Table XI numbers did not survive in our copy of the text; its claim does: CADO
  // gives the best AC and NMI. Spectral clustering (Sec. VIII-B), 20 seeded runs each.
  for (const [file, classColumn] of [
    ['zoo.csv', 'type'],
    ['soybean.csv', 'class'],
  ] as const)
    it(`${file}: spectral clustering, CADO first in AC and NMI`, async () => {
      const s = await datasetSession(file, { classColumn });
      const out = runToEnd(
        s.runSteps({
          method: 'evaluate-clustering',
          options: { runs: 20, seed: 1, algorithm: 'spectral' },
          inputs: { methods: ['hamming', 'ofd', 'add', 'cas'].map((method) => ({ method })) },
        }),
      );
      const rows = resultOf(out, 'table').rows;
      const mean = (r: (typeof rows)[number], key: string) => (r[key] as { mean: number }).mean;
      const cado = rows.find((r) => r.method === 'cas')!;
      for (const other of rows.filter((r) => r.method !== 'cas')) {
        expect(mean(cado, 'accuracy')).toBeGreaterThan(mean(other, 'accuracy'));
        expect(mean(cado, 'nmi')).toBeGreaterThan(mean(other, 'nmi'));
      }
    });
});

describe('ROCK / CROCK and the cluster-structure indices as steps', () => {
  it('ROCK and CROCK partition zoo into k clusters; the indices rank dissimilarities on the classes', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    for (const similarity of ['jaccard', 'caso']) {
      const out = runToEnd(s.runSteps({ method: 'rock', options: { similarity, theta: 0.5 } }));
      const p = resultOf(out, 'object-partition');
      expect(p.k).toBe(7);
      expect(new Set(p.labels).size).toBe(7);
      expect(p.title).toMatch(similarity === 'jaccard' ? /^ROCK/ : /^CROCK/);
    }
    const out = runToEnd(
      s.runSteps({
        method: 'internal-indices',
        inputs: { methods: ['hamming', 'cas'].map((method) => ({ method })) },
      }),
    );
    const rows = resultOf(out, 'table').rows;
    expect(rows.map((r) => r.method)).toEqual(['hamming', 'cas']);
    for (const r of rows) {
      expect(r.rd as number).toBeGreaterThan(1); // classes are tighter than the whole
      expect(r.sd as number).toBeGreaterThan(0);
    }
  });
});

describe('CASO nearest neighbours without an n × n matrix', () => {
  it('match a brute-force scan of CASO over every other object (zoo)', async () => {
    const { casoNeighboursSteps } = await import('../../../../src/core/methods/cas/neighbours.ts');
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const t = s.table;
    const m = model(s, 'I');
    const queries = Int32Array.of(0, 7, 50, 100);
    const k = 6;
    const nn = runToEnd(casoNeighboursSteps(t, m, queries, k));
    queries.forEach((r, q) => {
      const brute = Array.from({ length: t.nRows }, (_, j) => j)
        .filter((j) => j !== r)
        .map((j) => objectPair(t, m, r, j).caso)
        .sort((a, b) => b - a)
        .slice(0, k);
      const ours = Array.from(nn.similarities.subarray(q * k, q * k + k));
      ours.forEach((x, i) => expect(x).toBeCloseTo(brute[i]!, 12));
      for (let i = 0; i < k; i++) {
        const j = nn.indices[q * k + i]!;
        expect(j).not.toBe(r);
        expect(objectPair(t, m, r, j).caso).toBeCloseTo(ours[i]!, 12);
      }
    });
  });
});

describe('the IRS comparison and spectral clustering as steps', () => {
  it('compare-irs: four variants agree to 1e-12 and IRSI reads the fewest probabilities', async () => {
    const s = await datasetSession('soybean.csv', { classColumn: 'class' });
    const rows = resultOf(runToEnd(s.runSteps({ method: 'compare-irs' })), 'table').rows;
    expect(rows.map((r) => r.variant)).toEqual(['IRSP', 'IRSU', 'IRSJ', 'IRSI']);
    for (const r of rows) expect(Number(r.difference)).toBeLessThan(1e-12);
    const icp = rows.map((r) => r.icp as number);
    expect(Math.min(...icp)).toBe(icp[3]);
    expect(Math.max(...icp)).toBe(icp[0]);
  });

  it('spectral clustering of CADO gives a colouring of the objects', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const out = runToEnd(s.runSteps({ method: 'spectral', inputs: { of: { method: 'cas' } } }));
    const p = resultOf(out, 'object-partition');
    expect(p.k).toBe(7);
    expect(p.labels).toHaveLength(101);
    expect(p.title).toMatch(/^spectral clustering of CADO/);
  });
});

describe('value-matrix tooltips spell Wang et al. 2015’s formulas out', () => {
  it('IaASV from the counts, CASV from its two factors (movie, Koster–Hitchcock)', async () => {
    const { matrixTooltip } = await import('../../../../src/app/model/values.ts');
    const { tableMeta } = await import('../../../../src/core/platform/session.ts');
    const s = await datasetSession('movie.csv', { classColumn: 'Class' });
    const out = runToEnd(s.runSteps({ method: 'cas' }));
    const meta = tableMeta(s.table);
    const director = s.table.attributes[0]!;
    const x = director.offset + director.labels.indexOf('Koster');
    const y = director.offset + director.labels.indexOf('Hitchcock');
    const intra = resultOf(out, 'value-matrix', 'intra');
    const casv = resultOf(out, 'value-matrix', 'casv');
    expect(matrixTooltip(meta, intra, x, y, out.results).join(' ')).toContain(
      '= 2·2 / (2 + 2 + 2·2) = 0.500',
    );
    expect(matrixTooltip(meta, casv, x, y, out.results).join(' ')).toContain(
      'CASV = IaASV · IeASV = 0.500 · 0.500 = 0.250',
    );
  });
});

describe('LIMBO and CLIMBO value clusters (Sec. VIII-C)', () => {
  it('movie: directors with the same contexts (Scorsese, Coppola) share a LIMBO cluster', async () => {
    const s = await datasetSession('movie.csv', { classColumn: 'Class' });
    const out = runToEnd(s.runSteps({ method: 'limbo', options: { k: 3 } }));
    const partitions = resultOf(out, 'value-partitions').partitions;
    expect(partitions.map((p) => p.name)).toEqual(['LIMBO k=3', 'CLIMBO k=3']);
    const director = s.table.attributes[0]!;
    const v = (label: string) => director.offset + director.labels.indexOf(label);
    for (const p of partitions) {
      expect(p.labels).toHaveLength(s.table.nValues);
      // Director has 4 values → 3 clusters; Actor 3 → 3; Genre 3 → 3.
      expect(p.k).toBe(9);
    }
    const limbo = partitions[0]!;
    expect(limbo.labels[v('Scorsese')]).toBe(limbo.labels[v('Coppola')]);
    expect(limbo.labels[v('Hitchcock')]).not.toBe(limbo.labels[v('Koster')]);
  });
});

describe('CASO as an object similarity on the platform', () => {
  it('the cas method’s caso sums to objectPair’s CASO', async () => {
    const s = await datasetSession('coupled-toy.csv', { drop: ['object'] });
    const out = runToEnd(s.runSteps({ method: 'cas' }));
    const caso = resultOf(out, 'object-similarity', 'caso');
    const t = s.table;
    const sim = (a: number, b: number) =>
      t.attributes.reduce((sum, attr, j) => {
        const m = attr.labels.length;
        return sum + caso.tables[caso.tableStart[j]! + attr.codes[a]! * m + attr.codes[b]!]!;
      }, 0);
    expect(sim(1, 2)).toBeCloseTo(0.75, 12);
    expect(sim(1, 2)).toBeCloseTo(objectPair(t, model(s, 'I'), 1, 2).caso, 12);
  });
});

describe('CASO as a distance (method caso)', () => {
  it('is 0 on identical objects, never negative, symmetric; hand values on movie; projections take it', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const out = runToEnd(s.runSteps({ method: 'caso' }));
    const d = resultOf(out, 'object-distance');
    if (d.form !== 'value-tables') throw new Error('expected value tables');
    s.table.attributes.forEach((attr, j) => {
      const size = attr.labels.length;
      for (let x = 0; x < size; x++)
        for (let y = 0; y < size; y++) {
          const q = d.tableStart[j]! + x * size + y;
          expect(d.tables[q]).toBeGreaterThanOrEqual(0);
          expect(d.tables[q]).toBeCloseTo(d.tables[d.tableStart[j]! + y * size + x]!, 12);
          if (x === y) expect(d.tables[q]).toBe(0);
        }
    });
    // By hand on movie's directors: CASV(Koster, Koster) = CASV(Hitchcock, Hitchcock) =
    // 2·2/(2 + 2 + 4)·1 = 0.5 and CASV(Koster, Hitchcock) = 0.25, so d = 0.25; Scorsese and
    // Coppola are each seen once: self 1/3, together 1/3 (same co-occurrences), so d = 0.
    const movie = await datasetSession('movie.csv', { classColumn: 'Class' });
    const md = resultOf(runToEnd(movie.runSteps({ method: 'caso' })), 'object-distance');
    if (md.form !== 'value-tables') throw new Error('expected value tables');
    const director = movie.table.attributes[0]!;
    const cell = (a: string, b: string) =>
      md.tables[director.labels.indexOf(a) * director.labels.length + director.labels.indexOf(b)]!;
    expect(cell('Koster', 'Hitchcock')).toBeCloseTo(0.25, 12);
    expect(cell('Scorsese', 'Coppola')).toBeCloseTo(0, 12);
    // A projection takes it with no extra code.
    const mds = runToEnd(s.runSteps({ method: 'mds', inputs: { of: { method: 'caso' } } }));
    expect(resultOf(mds, 'object-embedding').n).toBe(101);
  });
});
