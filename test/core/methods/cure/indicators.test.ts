/**
 * Data indicators of Jian et al. 2019 (CURE): FCI (Eq. 16), VCI (Eq. 17), VSI (Eq. 18), OCI (Eq. 19), on hand-made
 * tables with hand-worked values and on zoo against Jian et al. 2019 (CURE) Table 1.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  featureCorrelationIndex,
  indicatorsReport,
  outlierCouplingIndex,
  outlierMask,
  parseCsvText,
  prepareTable,
  valueClusterIndex,
  valueSeparabilityIndex,
  type CategoricalTable,
} from '../../../../src/core/index.ts';
import { loadDataset, readDataset } from '../../../helpers.ts';

async function tableOf(csv: string, classColumn: string | null): Promise<CategoricalTable> {
  return prepareTable(await parseCsvText(csv), { classColumn }).table;
}

/** Symmetric uncertainty of two label columns (own counting, bits). */
function ownPsi(a: string[], b: string[]): number {
  const n = a.length;
  const h = (keys: string[]): number => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return [...m.values()].reduce((s, c) => s - (c / n) * Math.log2(c / n), 0);
  };
  const ha = h(a);
  const hb = h(b);
  const mi = ha + hb - h(a.map((x, i) => `${x}|${b[i]}`));
  return ha + hb > 0 ? (2 * mi) / (ha + hb) : 0;
}

// Four normal rows, two outliers (r5, r6).
const OUTLIER_CSV = [
  'f1,f2,cls',
  'a,x,norm',
  'a,x,norm',
  'a,z,norm',
  'b,z,norm',
  'c,z,out',
  'b,y,out',
].join('\n');

describe('FCI (Eq. 16)', () => {
  it('zoo without legs, class type: 0.110 (CURE, Jian et al. 2019, Table 1) and equal to own mean ψ over the 105 pairs', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type', drop: ['legs'] });
    const fci = featureCorrelationIndex(computeCounts(table));
    expect(fci.toFixed(3)).toBe('0.110');
    // Own computation from the raw CSV (quoted cells: strip the quotes).
    const lines = readDataset('zoo.csv')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .map((l) => l.split(',').map((c) => c.replace(/"/g, '')));
    const header = lines[0]!;
    const rows = lines.slice(1);
    const features = header.filter((h) => h !== 'legs' && h !== 'type');
    expect(features).toHaveLength(15);
    const col = (f: string): string[] => rows.map((r) => r[header.indexOf(f)]!);
    let s = 0;
    let pairs = 0;
    for (let i = 0; i < features.length; i++)
      for (let j = i + 1; j < features.length; j++) {
        s += ownPsi(col(features[i]!), col(features[j]!));
        pairs++;
      }
    expect(pairs).toBe(105);
    expect(fci).toBeCloseTo(s / pairs, 12);
  });

  it('two features: FCI is their ψ; one feature: 0', async () => {
    const table = await tableOf(OUTLIER_CSV, 'cls');
    const fci = featureCorrelationIndex(computeCounts(table));
    expect(fci).toBeCloseTo(
      ownPsi(['a', 'a', 'a', 'b', 'c', 'b'], ['x', 'x', 'z', 'z', 'z', 'y']),
      14,
    );
    expect(fci).toBeGreaterThan(0);
    const single = await tableOf('f,cls\na,p\nb,q\na,q\n', 'cls');
    expect(featureCorrelationIndex(computeCounts(single))).toBe(0);
  });
});

describe('VCI (Eq. 17)', () => {
  it('three classes, hand-worked: (1 + 1/2)/2 = 3/4', async () => {
    // f1 value sets: A {a,b}, B {b}, C {a,c}: Jaccard distances ½, ⅔, 1 → max 1.
    // f2 value sets: A {x,y}, B {y}, C {x,y}: ½, 0, ½ → max ½.
    const table = await tableOf('f1,f2,cls\na,x,A\nb,y,A\nb,y,B\na,x,C\nc,y,C\n', 'cls');
    expect(valueClusterIndex(table)).toBeCloseTo(3 / 4, 15);
  });

  it('two classes: f1 {a,b} vs {b,c} and f2 {x,z} vs {y,z} → 2/3', async () => {
    expect(valueClusterIndex(await tableOf(OUTLIER_CSV, 'cls'))).toBeCloseTo(2 / 3, 15);
  });

  it('one class → 0; no class column → not applicable', async () => {
    expect(valueClusterIndex(await tableOf('f,cls\na,p\nb,p\n', 'cls'))).toBe(0);
    const noClass = prepareTable(await parseCsvText(OUTLIER_CSV), { drop: ['cls'] }).table;
    expect(noClass.classColumn).toBeNull();
    expect(() => valueClusterIndex(noClass)).toThrow(
      expect.objectContaining({
        code: 'not-applicable',
        message: expect.stringMatching(/needs a class column/),
      }),
    );
  });
});

describe('VSI (Eq. 18) and OCI (Eq. 19) on a hand-made table', () => {
  it('outlierMask marks the outlier class', async () => {
    const table = await tableOf(OUTLIER_CSV, 'cls');
    expect(Array.from(outlierMask(table, 'out'))).toEqual([0, 0, 0, 0, 1, 1]);
    expect(() => outlierMask(table, 'missing')).toThrow(RangeError);
  });

  it('VSI = min(1/4, 2/4) = 1/4', async () => {
    // f1: outlier values {c, b}; normal rows holding one: r4 (b) → 1/4.
    // f2: outlier values {z, y}; normal rows holding one: r3, r4 (z) → 2/4.
    const table = await tableOf(OUTLIER_CSV, 'cls');
    expect(valueSeparabilityIndex(table, outlierMask(table, 'out'))).toBe(1 / 4);
  });

  it('VSI needs normal objects', async () => {
    const table = await tableOf(OUTLIER_CSV, 'cls');
    expect(() => valueSeparabilityIndex(table, new Uint8Array(6).fill(1))).toThrow(RangeError);
  });

  it('OCI = 36/59', async () => {
    // n = 6; counts a 3, b 2, c 1, x 2, z 3, y 1. ratio(u, w) = count(u, w)·n / (count(u)·count(w)).
    // Outlier–outlier pairs across features: (b,z) 1·6/6 = 1, (b,y) 6/2 = 3, (c,z) 6/3 = 2,
    // (c,y) 0 → mean 6/4 = 3/2.
    // Outlier–normal pairs (u among outliers, w among normals, other feature):
    // (b,x) 0, (b,z) 1, (c,x) 0, (c,z) 2, (z,a) 6/9 = 2/3, (z,b) 1, (y,a) 0, (y,b) 3 → mean 23/24.
    // OCI = (3/2) / (3/2 + 23/24) = 36/59.
    const table = await tableOf(OUTLIER_CSV, 'cls');
    const counts = computeCounts(table);
    expect(outlierCouplingIndex(table, counts, outlierMask(table, 'out'))).toBeCloseTo(36 / 59, 14);
  });

  it('indicatorsReport bundles the four (null without a class or an outlier class)', async () => {
    const table = await tableOf(OUTLIER_CSV, 'cls');
    const counts = computeCounts(table);
    const full = indicatorsReport(table, counts, 'out');
    expect(full.vci).toBeCloseTo(2 / 3, 15);
    expect(full.vsi).toBe(1 / 4);
    expect(full.oci).toBeCloseTo(36 / 59, 14);
    expect(full.fci).toBe(featureCorrelationIndex(counts));
    const none = indicatorsReport(table, counts);
    expect(none.vsi).toBeNull();
    expect(none.oci).toBeNull();
    const noClass = prepareTable(await parseCsvText(OUTLIER_CSV), { drop: ['cls'] }).table;
    expect(indicatorsReport(noClass, computeCounts(noClass)).vci).toBeNull();
  });
});
