/**
 * CURE's value influence matrices Mo and Mc (CURE, Jian et al. 2019, Defs. 5-6, Eq. 5) checked against values
 * counted by hand from the raw CSV rows, plus Theorem 1 (Mo and Mc tell every two values apart)
 * on every bundled dataset.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  couplingMatrices,
  parseCsvText,
  prepareTable,
  rowDistance,
  type CategoricalTable,
  type Counts,
} from '../../../../src/core/index.ts';
import {
  DATASETS,
  globalValue,
  loadDataset,
  readDataset,
  splitSimpleCsv,
} from '../../../helpers.ts';
import { OptionError } from '../../../../src/core/base/errors.ts';

const log2 = Math.log2;

/** Independent model of the toy table: counts, entropies and ψ straight from the CSV rows. */
interface RawModel {
  features: string[];
  n: number;
  count(f: string, v: string): number;
  co(f: string, v: string, g: string, w: string): number;
  psi(f: string, g: string): number;
  values(f: string): string[];
}

function rawModel(file: string, drop: string[]): RawModel {
  const { header, rows } = splitSimpleCsv(readDataset(file));
  const features = header.filter((h) => !drop.includes(h));
  const col = (f: string): string[] => rows.map((r) => r[header.indexOf(f)]!);
  const n = rows.length;
  const count = (f: string, v: string): number => col(f).filter((x) => x === v).length;
  const co = (f: string, v: string, g: string, w: string): number => {
    const a = col(f);
    const b = col(g);
    let s = 0;
    for (let r = 0; r < n; r++) if (a[r] === v && b[r] === w) s++;
    return s;
  };
  const entropyOfKeys = (keys: string[]): number => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    let h = 0;
    for (const c of m.values()) h -= (c / n) * log2(c / n);
    return h;
  };
  const psi = (f: string, g: string): number => {
    const hf = entropyOfKeys(col(f));
    const hg = entropyOfKeys(col(g));
    if (f === g) return hf > 0 ? 1 : 0;
    const joint = entropyOfKeys(col(f).map((x, r) => `${x}\u0000${col(g)[r]}`));
    const mi = hf + hg - joint;
    return hf + hg > 0 ? (2 * mi) / (hf + hg) : 0;
  };
  const values = (f: string): string[] => [...new Set(col(f))];
  return { features, n, count, co, psi, values };
}

async function toy(): Promise<{ table: CategoricalTable; counts: Counts; raw: RawModel }> {
  const { table } = await loadDataset('coupled-toy.csv', { drop: ['object'] });
  return { table, counts: computeCounts(table), raw: rawModel('coupled-toy.csv', ['object']) };
}

describe('couplingMatrices on coupled-toy.csv (drop object), by hand', () => {
  it('Mc entries worked out by hand from the 6 rows', async () => {
    const { table, counts } = await toy();
    const { mc, nValues: L } = couplingMatrices(counts);
    const at = (f: string, v: string, g: string, w: string): number =>
      mc[globalValue(table, f, v) * L + globalValue(table, g, w)]!;
    // A2 occurs in u2 (B1) and u3 (B2): Mc(A2, B1) = 1/2.
    expect(at('a1', 'A2', 'a2', 'B1')).toBeCloseTo(1 / 2, 15);
    // A1 occurs only in u1, with B1: Mc(A1, B1) = 1/1.
    expect(at('a1', 'A1', 'a2', 'B1')).toBe(1);
    // A1 never occurs with B2.
    expect(at('a1', 'A1', 'a2', 'B2')).toBe(0);
    // C3 occurs in u5 and u6, both with A4: Mc(C3, A4) = 2/2.
    expect(at('a3', 'C3', 'a1', 'A4')).toBe(1);
    // A4 occurs in u5 (C3) and u6 (C3) but Mc is row-normalised by A4: Mc(A4, C3) = 2/2, and
    // B3 occurs in u4 (A3) and u5 (A4): Mc(B3, A3) = 1/2.
    expect(at('a1', 'A4', 'a3', 'C3')).toBe(1);
    expect(at('a2', 'B3', 'a1', 'A3')).toBeCloseTo(1 / 2, 15);
    // B2 occurs in u3 (C2) and u6 (C3): Mc(B2, C2) = 1/2.
    expect(at('a2', 'B2', 'a3', 'C2')).toBeCloseTo(1 / 2, 15);
  });

  it('every Mc entry equals count(v_i, v_j) / count(v_i) counted from the raw rows', async () => {
    const { table, counts, raw } = await toy();
    const { mc, nValues: L } = couplingMatrices(counts);
    let checked = 0;
    for (const f of raw.features)
      for (const v of raw.values(f))
        for (const g of raw.features)
          for (const w of raw.values(g)) {
            const i = globalValue(table, f, v);
            const j = globalValue(table, g, w);
            let expected: number;
            if (f === g) expected = v === w ? 1 : 0;
            else expected = raw.co(f, v, g, w) / raw.count(f, v);
            expect(mc[i * L + j], `Mc(${v}, ${w})`).toBeCloseTo(expected, 14);
            checked++;
          }
    expect(checked).toBe(L * L);
    expect(L).toBe(10);
  });

  it('ψ matches closed forms worked out by hand', async () => {
    const { table, counts } = await toy();
    const { psi } = couplingMatrices(counts);
    const D = table.attributes.length;
    const idx = (name: string): number => table.attributes.findIndex((a) => a.name === name);
    // a2, a3: H = log2 3 each, joint {B1C1×2, B2C2, B3C2, B3C3, B2C3} ⇒ I = log2 3 − 2/3,
    // ψ = 2I / (2 log2 3) = 1 − 2/(3 log2 3).
    const psi23 = 1 - 2 / (3 * log2(3));
    expect(psi[idx('a2') * D + idx('a3')]).toBeCloseTo(psi23, 12);
    // a1 (1,2,1,2 of 6): H = 1/3 + log2 3; a1,a2 joint all distinct ⇒ H = log2 6, I = log2 3 − 2/3.
    const psi12 = (2 * (log2(3) - 2 / 3)) / (1 / 3 + 2 * log2(3));
    expect(psi[idx('a1') * D + idx('a2')]).toBeCloseTo(psi12, 12);
    // a1, a3: joint has A4C3 twice ⇒ H = 2/3 + log2 3, I = log2 3 − 1/3.
    const psi13 = (2 * (log2(3) - 1 / 3)) / (1 / 3 + 2 * log2(3));
    expect(psi[idx('a3') * D + idx('a1')]).toBeCloseTo(psi13, 12);
    for (let a = 0; a < D; a++) expect(psi[a * D + a]).toBe(1);
  });

  it("Mo ('paper') = ψ(f_i, f_j) · p(v_j) / p(v_i): literal entries and every entry from raw counts", async () => {
    const { table, counts, raw } = await toy();
    const cm = couplingMatrices(counts, 'paper');
    const L = cm.nValues;
    const at = (f: string, v: string, g: string, w: string): number =>
      cm.mo[globalValue(table, f, v) * L + globalValue(table, g, w)]!;
    const psi23 = 1 - 2 / (3 * log2(3));
    const psi12 = (2 * (log2(3) - 2 / 3)) / (1 / 3 + 2 * log2(3));
    // p(B1) = p(C1) = 2/6.
    expect(at('a2', 'B1', 'a3', 'C1')).toBeCloseTo(psi23, 12);
    // p(A1) = 1/6, p(B1) = 2/6: Mo(A1, B1) = ψ12 · 2.
    expect(at('a1', 'A1', 'a2', 'B1')).toBeCloseTo(2 * psi12, 12);
    expect(at('a2', 'B1', 'a1', 'A1')).toBeCloseTo(psi12 / 2, 12);
    // Same feature: ψ(f, f) = 1, so Mo(A2, A1) = p(A1)/p(A2) = 1/2.
    expect(at('a1', 'A2', 'a1', 'A1')).toBeCloseTo(1 / 2, 15);
    for (const f of raw.features)
      for (const v of raw.values(f))
        for (const g of raw.features)
          for (const w of raw.values(g)) {
            const expected = (raw.psi(f, g) * raw.count(g, w)) / raw.count(f, v);
            expect(at(f, v, g, w), `Mo(${v}, ${w})`).toBeCloseTo(expected, 12);
          }
    // p(v) from the raw counts.
    for (const f of raw.features)
      for (const v of raw.values(f))
        expect(cm.p[globalValue(table, f, v)]).toBeCloseTo(raw.count(f, v) / raw.n, 15);
    expect(cm.orientation).toBe('paper');
  });

  it("Mo ('code') = (co-occur ? ψ : 1) · p(v_i) / p(v_j); Mc is the same as 'paper'", async () => {
    const { table, counts, raw } = await toy();
    const paper = couplingMatrices(counts, 'paper');
    const code = couplingMatrices(counts, 'code');
    const L = code.nValues;
    const at = (f: string, v: string, g: string, w: string): number =>
      code.mo[globalValue(table, f, v) * L + globalValue(table, g, w)]!;
    const psi12 = (2 * (log2(3) - 2 / 3)) / (1 / 3 + 2 * log2(3));
    // A1 and B1 co-occur (u1): ψ12 · (1/6)/(2/6).
    expect(at('a1', 'A1', 'a2', 'B1')).toBeCloseTo(psi12 / 2, 12);
    // A1 and B2 never co-occur: weight 1, (1/6)/(2/6) = 1/2.
    expect(at('a1', 'A1', 'a2', 'B2')).toBeCloseTo(1 / 2, 15);
    // Two values of one feature never co-occur: weight 1, p(A2)/p(A1) = 2.
    expect(at('a1', 'A2', 'a1', 'A1')).toBeCloseTo(2, 15);
    for (const f of raw.features)
      for (const v of raw.values(f))
        for (const g of raw.features)
          for (const w of raw.values(g)) {
            const together = f === g ? (v === w ? raw.count(f, v) : 0) : raw.co(f, v, g, w);
            const weight = together > 0 ? raw.psi(f, g) : 1;
            const expected = (weight * raw.count(f, v)) / raw.count(g, w);
            expect(at(f, v, g, w), `Mo_code(${v}, ${w})`).toBeCloseTo(expected, 12);
          }
    expect(Array.from(code.mc)).toEqual(Array.from(paper.mc));
    expect(code.orientation).toBe('code');
  });

  it('diagonals: Mc = 1, Mo = 1 (both orientations); Mc = 0 between values of one feature', async () => {
    const { table, counts } = await toy();
    for (const orientation of ['paper', 'code'] as const) {
      const { mo, mc, nValues: L } = couplingMatrices(counts, orientation);
      for (let i = 0; i < L; i++) {
        expect(mc[i * L + i]).toBe(1);
        expect(mo[i * L + i]).toBeCloseTo(1, 15);
        for (let j = 0; j < L; j++)
          if (i !== j && table.valueAttribute[i] === table.valueAttribute[j])
            expect(mc[i * L + j]).toBe(0);
      }
    }
  });

  it('a constant feature (included on purpose) has ψ(f, f) = 0, so its Mo diagonal is 0 while Mc stays 1', async () => {
    const raw = await parseCsvText('x,y,k\na,p,c\nb,p,c\na,q,c\nb,q,c\nc,q,c\n');
    const { table } = prepareTable(raw, { include: ['k'] });
    expect(table.attributes.map((a) => a.name)).toEqual(['x', 'y', 'k']);
    const { mo, mc, nValues: L } = couplingMatrices(computeCounts(table));
    const kc = globalValue(table, 'k', 'c');
    expect(mc[kc * L + kc]).toBe(1);
    expect(mo[kc * L + kc]).toBe(0);
    for (let i = 0; i < L; i++) if (i !== kc) expect(mo[i * L + i]).toBeCloseTo(1, 15);
  });

  it('an unknown orientation throws TypeError', async () => {
    const { counts } = await toy();
    expect(() => couplingMatrices(counts, 'matlab' as never)).toThrow(OptionError);
    expect(() => couplingMatrices(counts, '' as never)).toThrow(OptionError);
  });
});

describe('couplingMatrices: structural identities on every dataset', () => {
  it.each(DATASETS.map((d) => [d.file, d] as const))(
    '%s: Mc rows sum to 1 over each other feature, count(i)·Mc(i,j) = count(j)·Mc(j,i), Mo(i,j)·Mo(j,i) = ψ²',
    async (_file, d) => {
      const { table } = await loadDataset(d.file, { classColumn: d.classColumn, drop: d.drop });
      const counts = computeCounts(table);
      const { mo, mc, psi, nValues: L } = couplingMatrices(counts);
      const D = table.attributes.length;
      const cnt = counts.cooccurrence.valueCounts;
      for (let i = 0; i < L; i++) {
        const fi = table.valueAttribute[i]!;
        const perFeature = new Float64Array(D);
        for (let j = 0; j < L; j++) perFeature[table.valueAttribute[j]!]! += mc[i * L + j]!;
        for (let g = 0; g < D; g++) expect(perFeature[g]).toBeCloseTo(1, 12);
        for (let j = i + 1; j < L; j++) {
          const fj = table.valueAttribute[j]!;
          expect(cnt[i]! * mc[i * L + j]!).toBeCloseTo(cnt[j]! * mc[j * L + i]!, 9);
          expect(mo[i * L + j]! * mo[j * L + i]!).toBeCloseTo(psi[fi * D + fj]! ** 2, 12);
        }
      }
    },
  );
});

describe('Theorem 1: Mo and Mc distinguish every two different values', () => {
  it.each(DATASETS.map((d) => [d.file, d] as const))(
    '%s: for all i ≠ j, ‖Mo_i − Mo_j‖ > 1e-12 or ‖Mc_i − Mc_j‖ > 1e-12',
    async (_file, d) => {
      const { table } = await loadDataset(d.file, { classColumn: d.classColumn, drop: d.drop });
      const { mo, mc, nValues: L } = couplingMatrices(computeCounts(table));
      const violations: string[] = [];
      for (let i = 0; i < L; i++)
        for (let j = i + 1; j < L; j++) {
          const dmo = rowDistance(mo, L, i, j);
          const dmc = rowDistance(mc, L, i, j);
          if (!(dmo > 1e-12 || dmc > 1e-12)) violations.push(`${i},${j}: ${dmo} ${dmc}`);
        }
      expect(violations).toEqual([]);
      expect(L).toBeGreaterThan(1);
    },
  );

  it('rowDistance is the Euclidean distance between two rows', () => {
    // 3 × 3: rows (1, 2, 2), (0, 0, 0), (4, 6, 2)
    const m = Float64Array.from([1, 2, 2, 0, 0, 0, 4, 6, 2]);
    expect(rowDistance(m, 3, 0, 1)).toBe(3);
    expect(rowDistance(m, 3, 0, 2)).toBe(5);
    expect(rowDistance(m, 3, 1, 1)).toBe(0);
  });
});
