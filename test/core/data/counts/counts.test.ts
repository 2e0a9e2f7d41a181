import { describe, expect, it } from 'vitest';
import {
  allocateCooccurrence,
  classValueCounts,
  computeCounts,
  cooccurrenceAt,
  countSteps,
  denseCooccurrence,
  entropyOf,
  pairCount,
  parseCsvText,
  prepareTable,
  selectRows,
  symmetricUncertainty,
  type CategoricalTable,
  type Counts,
  type Progress,
} from '../../../../src/core/index.ts';
import {
  attributeIndex,
  contingency,
  countOf,
  DATASETS,
  globalValue,
  loadDataset,
  readFixture,
} from '../../../helpers.ts';
import { OptionError } from '../../../../src/core/base/errors.ts';

const log2 = Math.log2;

/** Naive L × L co-occurrence straight from the codes: for each row, every pair of its values. */
function naiveDense(table: CategoricalTable, rows: readonly number[] | null = null): number[] {
  const L = table.nValues;
  const out = new Array<number>(L * L).fill(0);
  const list = rows ?? Array.from({ length: table.nRows }, (_, r) => r);
  for (const r of list) {
    const values = table.attributes.map((a) => a.offset + a.codes[r]!);
    for (const i of values) for (const j of values) out[i * L + j]! += 1;
  }
  return out;
}

/** Naive entropy (bits) of attribute a over the given rows. */
function naiveEntropy(table: CategoricalTable, a: number, rows: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const r of rows)
    counts.set(
      table.attributes[a]!.codes[r]!,
      (counts.get(table.attributes[a]!.codes[r]!) ?? 0) + 1,
    );
  let h = 0;
  for (const n of counts.values()) h -= (n / rows.length) * log2(n / rows.length);
  return h;
}

/** Naive mutual information (bits) from joint and marginal counts over the given rows. */
function naiveMutualInformation(
  table: CategoricalTable,
  a: number,
  b: number,
  rows: readonly number[],
): number {
  const ca = table.attributes[a]!.codes;
  const cb = table.attributes[b]!.codes;
  const joint = new Map<string, number>();
  const ma = new Map<number, number>();
  const mb = new Map<number, number>();
  for (const r of rows) {
    const key = `${ca[r]}|${cb[r]}`;
    joint.set(key, (joint.get(key) ?? 0) + 1);
    ma.set(ca[r]!, (ma.get(ca[r]!) ?? 0) + 1);
    mb.set(cb[r]!, (mb.get(cb[r]!) ?? 0) + 1);
  }
  const n = rows.length;
  let mi = 0;
  for (const [key, nxy] of joint) {
    const [x, y] = key.split('|').map(Number) as [number, number];
    mi += (nxy / n) * log2((nxy * n) / (ma.get(x)! * mb.get(y)!));
  }
  return mi;
}

const allRows = (table: CategoricalTable): number[] =>
  Array.from({ length: table.nRows }, (_, r) => r);

/** The same table restricted to some rows, keeping every attribute's labels (the value domain). */
function subTable(table: CategoricalTable, rows: Int32Array): CategoricalTable {
  const pick = (codes: Int32Array): Int32Array => Int32Array.from(rows, (r) => codes[r]!);
  return {
    ...table,
    nRows: rows.length,
    attributes: table.attributes.map((a) => ({ ...a, codes: pick(a.codes) })),
    classColumn: table.classColumn
      ? { ...table.classColumn, codes: pick(table.classColumn.codes) }
      : null,
    sourceRows: Int32Array.from(rows, (r) => table.sourceRows[r]!),
    sourceLines: Int32Array.from(rows, (r) => table.sourceLines[r]!),
  };
}

describe('sales.csv: the paper’s contingency tables come out of the co-occurrence counts', () => {
  it('Product × Profession and Product × Sale dep.', async () => {
    const { table, summary } = await loadDataset('sales.csv', { drop: ['ID'] });
    expect(table.nRows).toBe(10);
    expect(table.attributes.map((a) => a.name)).toEqual([
      'Age',
      'Gender',
      'Profession',
      'Product',
      'Sale dep.',
    ]);
    expect(summary.columns.find((c) => c.name === 'ID')?.inferredKind).toBe('identifier');
    const counts = computeCounts(table);
    // Rows (ID: profession, product): 1 student mobile, 2 retired mobile, 3 retired mobile,
    // 4 student smartphone, 5 businessman smartphone, 6 unemployed smartphone,
    // 7 businessman tablet, 8 student tablet, 9 retired tablet, 10 retired tablet.
    expect(
      contingency(
        counts,
        table,
        'Profession',
        ['student', 'unemployed', 'businessman', 'retired'],
        'Product',
        ['mobile', 'smartphone', 'tablet'],
      ),
    ).toEqual([
      [1, 1, 1], // student: 1, 4, 8
      [0, 1, 0], // unemployed: 6
      [0, 1, 1], // businessman: 5, 7
      [2, 0, 2], // retired: 2, 3 | 9, 10
    ]);
    // Sale dep.: center for 5, 7, 8, 9, 10; suburbia for 1, 2, 3, 4, 6.
    expect(
      contingency(counts, table, 'Sale dep.', ['center', 'suburbia'], 'Product', [
        'mobile',
        'smartphone',
        'tablet',
      ]),
    ).toEqual([
      [0, 1, 4], // center: smartphone 5 | tablet 7, 8, 9, 10
      [3, 2, 0], // suburbia: mobile 1, 2, 3 | smartphone 4, 6
    ]);
    // The lookup is symmetric in its arguments.
    expect(countOf(counts, table, 'Product', 'tablet', 'Profession', 'retired')).toBe(2);
    // Value counts on the diagonal: mobile 3, smartphone 3, tablet 4.
    expect(
      ['mobile', 'smartphone', 'tablet'].map((p) =>
        countOf(counts, table, 'Product', p, 'Product', p),
      ),
    ).toEqual([3, 3, 4]);
    // Two different values of one attribute never co-occur.
    expect(countOf(counts, table, 'Product', 'mobile', 'Product', 'tablet')).toBe(0);
  });

  it('the same tables with the identifier left to inference instead of dropped', async () => {
    const { table } = await loadDataset('sales.csv');
    expect(table.attributes.map((a) => a.name)).not.toContain('ID');
    const counts = computeCounts(table);
    expect(
      contingency(counts, table, 'Sale dep.', ['center', 'suburbia'], 'Product', [
        'mobile',
        'smartphone',
        'tablet',
      ]),
    ).toEqual([
      [0, 1, 4],
      [3, 2, 0],
    ]);
  });
});

describe('entropy, mutual information and SU by hand', () => {
  it('tiny.csv', async () => {
    // A: x x x y y y; B: p p q q q r; K: k everywhere (constant, included on purpose).
    const raw = await parseCsvText(readFixture('tiny.csv'));
    const { table } = prepareTable(raw, { include: ['K'] });
    const counts = computeCounts(table);
    const [A, B, K] = ['A', 'B', 'K'].map((n) => attributeIndex(table, n)) as [
      number,
      number,
      number,
    ];
    const D = table.attributes.length;
    expect(D).toBe(3);
    // H(A) = −2·(3/6)·log2(3/6) = 1
    const hA = 1;
    // H(B) = −[(2/6)log2(2/6) + (3/6)log2(3/6) + (1/6)log2(1/6)] = (1/3)log2 3 + 1/2 + (1/6)log2 6 ≈ 1.459148
    const hB = (1 / 3) * log2(3) + 1 / 2 + (1 / 6) * log2(6);
    // Joint A,B: (x,p) 2, (x,q) 1, (y,q) 2, (y,r) 1 → H(A,B) = (2/3)log2 3 + (1/3)log2 6 ≈ 1.918296
    const hAB = (2 / 3) * log2(3) + (1 / 3) * log2(6);
    // I(A;B) = H(A) + H(B) − H(A,B) ≈ 0.540852; SU = 2·I/(H(A)+H(B)) ≈ 0.439870
    const iAB = hA + hB - hAB;
    const suAB = (2 * iAB) / (hA + hB);
    expect(hB).toBeCloseTo(1.459148, 6);
    expect(iAB).toBeCloseTo(0.540852, 6);
    expect(suAB).toBeCloseTo(0.43987, 5);

    expect(counts.nRows).toBe(6);
    expect(counts.entropy[A]).toBeCloseTo(hA, 12);
    expect(counts.entropy[B]).toBeCloseTo(hB, 12);
    expect(counts.entropy[K]).toBe(0);
    expect(counts.mutualInformation[A * D + B]).toBeCloseTo(iAB, 12);
    expect(counts.mutualInformation[B * D + A]).toBeCloseTo(iAB, 12);
    expect(counts.symmetricUncertainty[A * D + B]).toBeCloseTo(suAB, 12);
    expect(counts.symmetricUncertainty[B * D + A]).toBeCloseTo(suAB, 12);
    // Diagonal: MI(a,a) = H(a); SU 1, except 0 for the constant K.
    expect(counts.mutualInformation[A * D + A]).toBeCloseTo(1, 12);
    expect(counts.symmetricUncertainty[A * D + A]).toBe(1);
    expect(counts.symmetricUncertainty[K * D + K]).toBe(0);
    // K carries no information: I(A;K) = 0, SU = 2·0/(1 + 0) = 0.
    expect(counts.mutualInformation[A * D + K]).toBeCloseTo(0, 12);
    expect(counts.symmetricUncertainty[A * D + K]).toBe(0);
    // Co-occurrences by label.
    expect(contingency(counts, table, 'A', ['x', 'y'], 'B', ['p', 'q', 'r'])).toEqual([
      [2, 1, 0],
      [0, 2, 1],
    ]);
    expect(contingency(counts, table, 'K', ['k'], 'B', ['p', 'q', 'r'])).toEqual([[2, 3, 1]]);
  });

  it('weather.nominal.csv: outlook and play (the textbook information gain 0.247)', async () => {
    const { table } = await loadDataset('weather.nominal.csv');
    const counts = computeCounts(table);
    const D = table.attributes.length;
    const o = attributeIndex(table, 'outlook');
    const p = attributeIndex(table, 'play');
    // Outlook × play: sunny 2 yes / 3 no, overcast 4 / 0, rainy 3 / 2 (14 rows, 9 yes, 5 no).
    expect(
      contingency(counts, table, 'outlook', ['sunny', 'overcast', 'rainy'], 'play', ['yes', 'no']),
    ).toEqual([
      [2, 3],
      [4, 0],
      [3, 2],
    ]);
    // H(play) = −(9/14)log2(9/14) − (5/14)log2(5/14) ≈ 0.940286
    const hPlay = -(9 / 14) * log2(9 / 14) - (5 / 14) * log2(5 / 14);
    // H(outlook) = −2·(5/14)log2(5/14) − (4/14)log2(4/14) ≈ 1.577406
    const hOutlook = -2 * (5 / 14) * log2(5 / 14) - (4 / 14) * log2(4 / 14);
    // H(play | outlook) = (5/14)·H(2/5, 3/5) + (4/14)·0 + (5/14)·H(3/5, 2/5) ≈ 0.693536
    const h23 = -(2 / 5) * log2(2 / 5) - (3 / 5) * log2(3 / 5);
    const gain = hPlay - ((5 / 14) * h23 + (5 / 14) * h23);
    expect(hPlay).toBeCloseTo(0.94, 3);
    expect(gain).toBeCloseTo(0.247, 3);
    expect(counts.entropy[p]).toBeCloseTo(hPlay, 12);
    expect(counts.entropy[o]).toBeCloseTo(hOutlook, 12);
    expect(counts.mutualInformation[o * D + p]).toBeCloseTo(gain, 12);
    // SU = 2·0.246750/(0.940286 + 1.577406) ≈ 0.196013
    expect(counts.symmetricUncertainty[o * D + p]).toBeCloseTo((2 * gain) / (hPlay + hOutlook), 12);
    expect(counts.symmetricUncertainty[p * D + o]).toBeCloseTo(0.196013, 6);
  });

  it('symmetricUncertainty: definition, zero denominator, cap at 1', () => {
    expect(symmetricUncertainty(0.5, 1, 1)).toBe(0.5); // 2·0.5/2
    expect(symmetricUncertainty(0.3, 0.4, 0.8)).toBeCloseTo(0.5, 12); // 0.6/1.2
    expect(symmetricUncertainty(0, 0, 0)).toBe(0);
    expect(symmetricUncertainty(1 + 1e-12, 1, 1)).toBe(1);
  });

  it('identical attributes have SU 1, independent ones SU 0', async () => {
    // X and Y are copies; Z is balanced against X (each X value meets each Z value twice).
    const raw = await parseCsvText(
      'X,Y,Z\na,a,u\na,a,v\nb,b,u\nb,b,v\na,a,u\na,a,v\nb,b,u\nb,b,v\n',
    );
    const { table } = prepareTable(raw);
    const counts = computeCounts(table);
    const D = 3;
    expect(counts.mutualInformation[0 * D + 1]).toBeCloseTo(1, 12); // I = H = 1 bit
    expect(counts.symmetricUncertainty[0 * D + 1]).toBeCloseTo(1, 12);
    expect(counts.mutualInformation[0 * D + 2]).toBeCloseTo(0, 12);
    expect(counts.symmetricUncertainty[0 * D + 2]).toBeCloseTo(0, 12);
  });
});

describe.each(DATASETS)('properties on $file', ({ file, classColumn, drop }) => {
  const prepared = loadDataset(file, { classColumn, drop });

  it('co-occurrence: same as naive counting, symmetric, diagonal = value counts, blocks sum to N', async () => {
    const { table } = await prepared;
    const counts = computeCounts(table);
    const c = counts.cooccurrence;
    const L = table.nValues;
    const N = table.nRows;
    const dense = denseCooccurrence(c);
    expect(Array.from(dense)).toEqual(naiveDense(table));
    for (let i = 0; i < L; i++)
      for (let j = 0; j < L; j++) {
        expect(dense[i * L + j]).toBe(dense[j * L + i]);
        expect(cooccurrenceAt(c, i, j)).toBe(dense[i * L + j]);
      }
    // Diagonal = value counts, counted here from the codes.
    for (const attr of table.attributes)
      attr.labels.forEach((_, k) => {
        let n = 0;
        for (const code of attr.codes) if (code === k) n++;
        expect(c.valueCounts[attr.offset + k]).toBe(n);
        expect(dense[(attr.offset + k) * L + attr.offset + k]).toBe(n);
      });
    const D = table.attributes.length;
    for (let a = 0; a < D; a++)
      for (let b = 0; b < D; b++) {
        const A = table.attributes[a]!;
        const B = table.attributes[b]!;
        let block = 0;
        for (let k = 0; k < A.labels.length; k++) {
          let row = 0;
          for (let l = 0; l < B.labels.length; l++) {
            const n = dense[(A.offset + k) * L + B.offset + l]!;
            if (a === b && k !== l) expect(n).toBe(0);
            if (a !== b) expect(pairCount(c, a, k, b, l)).toBe(n);
            row += n;
          }
          // Each block row sums to the value count (a marginal); within an attribute too.
          expect(row).toBe(c.valueCounts[A.offset + k]);
          block += row;
        }
        expect(block).toBe(N);
      }
  });

  it('entropy, MI and SU: naive values, symmetry, ranges, diagonals', async () => {
    const { table } = await prepared;
    const counts = computeCounts(table);
    const D = table.attributes.length;
    const rows = allRows(table);
    expect(counts.nAttributes).toBe(D);
    for (let a = 0; a < D; a++) {
      const h = counts.entropy[a]!;
      expect(h).toBeCloseTo(naiveEntropy(table, a, rows), 10);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThanOrEqual(log2(table.attributes[a]!.labels.length) + 1e-12);
      expect(counts.mutualInformation[a * D + a]).toBe(h); // MI(a,a) = H(a)
      expect(counts.symmetricUncertainty[a * D + a]).toBe(h > 0 ? 1 : 0);
      for (let b = 0; b < D; b++) {
        const su = counts.symmetricUncertainty[a * D + b]!;
        const mi = counts.mutualInformation[a * D + b]!;
        expect(su).toBe(counts.symmetricUncertainty[b * D + a]);
        expect(mi).toBe(counts.mutualInformation[b * D + a]);
        expect(su).toBeGreaterThanOrEqual(0);
        expect(su).toBeLessThanOrEqual(1);
        expect(mi).toBeGreaterThanOrEqual(0);
        expect(mi).toBeLessThanOrEqual(Math.min(h, counts.entropy[b]!) + 1e-9);
        if (a !== b) {
          expect(mi).toBeCloseTo(naiveMutualInformation(table, a, b, rows), 10);
          const denominator = h + counts.entropy[b]!;
          expect(su).toBeCloseTo(denominator > 0 ? (2 * mi) / denominator : 0, 12);
        }
      }
    }
  });

  it.runIf(classColumn !== null)(
    'counts on each class’s rows keep the value domain and match a table of those rows',
    async () => {
      const { table } = await prepared;
      const full = computeCounts(table);
      const cls = table.classColumn!;
      let covered = 0;
      for (const label of cls.labels) {
        const rows = selectRows(table, { column: cls.name, value: label });
        // selectRows, checked against a plain scan of the class codes.
        const expected = allRows(table).filter((r) => cls.labels[cls.codes[r]!] === label);
        expect(Array.from(rows)).toEqual(expected);
        covered += rows.length;
        const sub = computeCounts(table, { rows });
        expect(sub.nRows).toBe(rows.length);
        expect(sub.cooccurrence.nValues).toBe(table.nValues); // the full domain
        expect(sub.cooccurrence.valueCounts).toHaveLength(table.nValues);
        expect(Array.from(denseCooccurrence(sub.cooccurrence))).toEqual(
          naiveDense(table, expected),
        );
        const alone = computeCounts(subTable(table, rows));
        expectSameCounts(sub, alone);
      }
      expect(covered).toBe(table.nRows);
      // Summed over the classes, the subset co-occurrences give back the full ones.
      const sum = new Array<number>(full.cooccurrence.data.length).fill(0);
      for (const label of cls.labels) {
        const sub = computeCounts(table, {
          rows: selectRows(table, { column: cls.name, value: label }),
        });
        sub.cooccurrence.data.forEach((n, i) => (sum[i]! += n));
      }
      expect(sum).toEqual(Array.from(full.cooccurrence.data));
    },
  );
});

function expectSameCounts(a: Counts, b: Counts): void {
  expect(a.nRows).toBe(b.nRows);
  expect(Array.from(a.cooccurrence.data)).toEqual(Array.from(b.cooccurrence.data));
  expect(Array.from(a.cooccurrence.valueCounts)).toEqual(Array.from(b.cooccurrence.valueCounts));
  expect(Array.from(a.entropy)).toEqual(Array.from(b.entropy));
  expect(Array.from(a.mutualInformation)).toEqual(Array.from(b.mutualInformation));
  expect(Array.from(a.symmetricUncertainty)).toEqual(Array.from(b.symmetricUncertainty));
}

describe('row subsets', () => {
  it('zoo mammals: values absent from the subset count 0 but stay in the domain', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
    const rows = selectRows(table, { column: 'type', value: 'mammal' });
    // The zoo data set has 41 mammals (class 1 in UCI's zoo.names).
    expect(rows).toHaveLength(41);
    const counts = computeCounts(table, { rows });
    expect(counts.nRows).toBe(41);
    const feathersTrue = globalValue(table, 'feathers', 'TRUE');
    const milkTrue = globalValue(table, 'milk', 'TRUE');
    // No mammal has feathers; every mammal gives milk.
    expect(counts.cooccurrence.valueCounts[feathersTrue]).toBe(0);
    expect(countOf(counts, table, 'feathers', 'TRUE', 'milk', 'TRUE')).toBe(0);
    expect(counts.cooccurrence.valueCounts[milkTrue]).toBe(41);
    expect(countOf(counts, table, 'feathers', 'FALSE', 'milk', 'TRUE')).toBe(41);
    // feathers is constant within mammals: entropy 0, SU diagonal 0; milk too.
    const f = attributeIndex(table, 'feathers');
    const D = table.attributes.length;
    expect(counts.entropy[f]).toBe(0);
    expect(counts.symmetricUncertainty[f * D + f]).toBe(0);
  });

  it('matches a table parsed from just those rows (by label)', async () => {
    const text = readFixture('tiny.csv');
    const { table } = prepareTable(await parseCsvText(text));
    // Rows where A = y: 3, 4, 5 (0-based) → B q, q, r.
    const rows = selectRows(table, { column: 'A', value: 'y' });
    expect(Array.from(rows)).toEqual([3, 4, 5]);
    const sub = computeCounts(table, { rows });
    const lines = text.trim().split('\n');
    const alone = prepareTable(await parseCsvText([lines[0], ...lines.slice(4)].join('\n')), {
      include: ['A'],
    });
    const counts = computeCounts(alone.table);
    // The parsed subset knows only q, r; the subset count also has p with count 0.
    expect(alone.table.attributes.find((a) => a.name === 'B')!.labels).toEqual(['q', 'r']);
    expect(countOf(sub, table, 'B', 'p', 'B', 'p')).toBe(0);
    for (const b of ['q', 'r']) {
      expect(countOf(sub, table, 'A', 'y', 'B', b)).toBe(
        countOf(counts, alone.table, 'A', 'y', 'B', b),
      );
      expect(countOf(sub, table, 'B', b, 'B', b)).toBe(
        countOf(counts, alone.table, 'B', b, 'B', b),
      );
    }
    // H(B | A = y) = H(2/3, 1/3) ≈ 0.918296, the same as in the parsed subset.
    const h = -(2 / 3) * log2(2 / 3) - (1 / 3) * log2(1 / 3);
    expect(sub.entropy[attributeIndex(table, 'B')]).toBeCloseTo(h, 12);
    expect(counts.entropy[attributeIndex(alone.table, 'B')]).toBeCloseTo(h, 12);
  });

  it('an empty subset counts nothing, with zero entropies and SU', async () => {
    const { table } = await loadDataset('weather.nominal.csv');
    const counts = computeCounts(table, { rows: new Int32Array(0) });
    expect(counts.nRows).toBe(0);
    expect(counts.cooccurrence.data.every((n) => n === 0)).toBe(true);
    expect(Array.from(counts.entropy)).toEqual([0, 0, 0, 0, 0]);
    expect(counts.symmetricUncertainty.every((x) => x === 0)).toBe(true);
  });

  it('refuses row indices outside the table', async () => {
    const { table } = await loadDataset('weather.nominal.csv');
    expect(() => computeCounts(table, { rows: Int32Array.of(0, 14) })).toThrow(
      new OptionError('row index 14 is outside 0..13'),
    );
    expect(() => computeCounts(table, { rows: Int32Array.of(-1) })).toThrow(RangeError);
  });
});

describe('countSteps', () => {
  it('yields increasing progress once per attribute, then returns the same counts as computeCounts', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
    const steps = countSteps(table);
    const seen: Progress[] = [];
    let result: Counts | undefined;
    for (;;) {
      const s = steps.next();
      if (s.done) {
        result = s.value;
        break;
      }
      seen.push(s.value);
    }
    expect(seen).toHaveLength(16);
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
    // After all 16·15/2 = 120 pairs: 0.9 · 120/120.
    expect(seen.at(-1)!.fraction).toBeCloseTo(0.9, 12);
    expectSameCounts(result, computeCounts(table));
  });
});

describe('allocateCooccurrence', () => {
  it('refuses more than 2^28 cells', () => {
    // Two attributes of 16,385 values: 16,385² = 268,468,225 > 268,435,456 cells.
    const attr = (name: string, offset: number): CategoricalTable['attributes'][number] => ({
      name,
      labels: Array.from({ length: 16_385 }, (_, k) => String(k)),
      codes: Int32Array.of(0),
      offset,
    });
    const table: CategoricalTable = {
      nRows: 1,
      attributes: [attr('a', 0), attr('b', 16_385)],
      nValues: 32_770,
      valueAttribute: new Int32Array(32_770).fill(1, 16_385),
      classColumn: null,
      sourceRows: Int32Array.of(0),
      sourceLines: Int32Array.of(2),
    };
    expect(() => allocateCooccurrence(table)).toThrow(RangeError);
    expect(() => allocateCooccurrence(table)).toThrow(/268,468,225 cells/);
  });

  it('lays blocks out one per attribute pair, Σ_{a<b} |V_a||V_b| cells', async () => {
    const { table } = await loadDataset('sales.csv');
    // Age 3, Gender 2, Profession 4, Product 3, Sale dep. 2:
    // 3·2 + 3·4 + 3·3 + 3·2 + 2·4 + 2·3 + 2·2 + 4·3 + 4·2 + 3·2 = 6+12+9+6+8+6+4+12+8+6 = 77
    expect(allocateCooccurrence(table).data).toHaveLength(77);
  });
});

describe('entropyOf', () => {
  it('is 0 for zero rows', async () => {
    const { table } = await loadDataset('sales.csv');
    expect(entropyOf(allocateCooccurrence(table), 0, 0)).toBe(0);
  });
});

describe('classValueCounts', () => {
  it('counts (class, value) pairs like a plain scan, for all rows and for a subset', async () => {
    const { table } = await loadDataset('contact-lenses.csv', { classColumn: 'contact-lenses' });
    const cls = table.classColumn!;
    const L = table.nValues;
    const scan = (rows: number[]): number[] => {
      const out = new Array<number>(cls.labels.length * L).fill(0);
      for (const r of rows)
        for (const a of table.attributes) out[cls.codes[r]! * L + a.offset + a.codes[r]!]! += 1;
      return out;
    };
    expect(Array.from(classValueCounts(table)!)).toEqual(scan(allRows(table)));
    const rows = selectRows(table, { column: 'astigmatism', value: 'yes' });
    expect(Array.from(classValueCounts(table, rows)!)).toEqual(scan(Array.from(rows)));
    // By hand from the UCI table: hard lenses are only prescribed with astigmatism (4 rows of 24).
    const hard = cls.labels.indexOf('hard');
    expect(classValueCounts(table)![hard * L + globalValue(table, 'astigmatism', 'yes')]).toBe(4);
    expect(classValueCounts(table)![hard * L + globalValue(table, 'astigmatism', 'no')]).toBe(0);
  });

  it('is null without a class column', async () => {
    const { table } = await loadDataset('sales.csv');
    expect(classValueCounts(table)).toBeNull();
  });
});
