/**
 * DILCA (DILCA/SAnDCat, Ienco et al. 2016, Sec. III): contexts, value distances and model impacts on contact-lenses
 * exactly as printed (Figs. 2-3, Tables I-II, to 4 decimals), the FCBF rule on hand-made SU
 * values, and the properties every model must have.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../../src/core/base/jobs.ts';
import { dilcaContext } from '../../../../src/core/methods/dilca/context.ts';
import { ExplorerSession } from '../../../../src/core/platform/session.ts';
import { datasetSession, resultOf } from '../../../sessions.ts';

const lenses = () => datasetSession('contact-lenses.csv', { classColumn: 'contact-lenses' });

/** Fig. 2 (normal = class none) and Fig. 3 (abnormal = soft or hard), as printed. */
const PRINTED = {
  equal: {
    contexts: {
      age: ['tear-prod-rate'],
      'spectacle-prescrip': ['astigmatism', 'tear-prod-rate'],
      astigmatism: ['spectacle-prescrip', 'tear-prod-rate'],
      'tear-prod-rate': ['age', 'spectacle-prescrip'],
    },
    // young–pre, young–presbyopic, pre–presbyopic; then the one distance of each binary attribute
    age: [0.2357, 0.4714, 0.2357],
    spectacle: 0.2202,
    astigmatism: 0.2202,
    tear: 0.668,
    impact: [0.3143, 0.2202, 0.2202, 0.668],
  },
  other: {
    contexts: {
      age: ['spectacle-prescrip', 'tear-prod-rate'],
      'spectacle-prescrip': ['astigmatism', 'age', 'tear-prod-rate'],
      astigmatism: ['spectacle-prescrip', 'age', 'tear-prod-rate'],
      'tear-prod-rate': ['age'],
    },
    age: [0.1368, 0.1949, 0.1144],
    spectacle: 0.243,
    astigmatism: 0.243,
    tear: 1.0,
    impact: [0.1487, 0.243, 0.243, 1.0],
  },
} as const;

describe('DILCA on contact-lenses (DILCA/SAnDCat, Ienco et al. 2016, Figs. 2-3, Tables I-II)', () => {
  for (const side of ['equal', 'other'] as const) {
    it(`${side === 'equal' ? 'normal' : 'abnormal'} model: contexts, distances and impacts as printed`, async () => {
      const session = await lenses();
      const out = runToEnd(
        session.runSteps({ method: 'dilca', options: { fitClass: 'none', fitSide: side } }),
      );
      const expected = PRINTED[side];
      const table = session.table;
      const contexts = resultOf(out, 'table', 'contexts');
      for (const row of contexts.rows) {
        const names = expected.contexts[row.attribute as keyof typeof expected.contexts];
        expect(String(row.context).replace(/ \(SU [0-9.]+\)/g, '')).toBe(names.join(', '));
      }
      const distance = resultOf(out, 'object-distance');
      if (distance.form !== 'value-tables') throw new Error('expected value tables');
      const cell = (a: number, u: number, v: number): number => {
        const m = table.attributes[a]!.labels.length;
        return distance.tables[distance.tableStart[a]! + u * m + v]!;
      };
      const age = table.attributes[0]!;
      expect(age.labels).toEqual(['young', 'pre-presbyopic', 'presbyopic']);
      expect(cell(0, 0, 1)).toBeCloseTo(expected.age[0], 4);
      expect(cell(0, 0, 2)).toBeCloseTo(expected.age[1], 4);
      expect(cell(0, 1, 2)).toBeCloseTo(expected.age[2], 4);
      expect(cell(1, 0, 1)).toBeCloseTo(expected.spectacle, 4);
      expect(cell(2, 0, 1)).toBeCloseTo(expected.astigmatism, 4);
      expect(cell(3, 0, 1)).toBeCloseTo(expected.tear, 4);
      const impact = resultOf(out, 'attribute-impacts');
      expected.impact.forEach((x, a) => expect(impact.values[a]).toBeCloseTo(x, 4));
    });
  }

  it('the abnormal objects’ mean attribute distance impact against the 15 normal ones (Table II)', async () => {
    const session = await lenses();
    const out = runToEnd(
      session.runSteps({ method: 'sandcat', options: { normalClass: 'none', k: 15 } }),
    );
    const impacts = resultOf(out, 'object-impacts');
    const cls = session.table.classColumn!;
    const abnormal = [...cls.codes.keys()].filter((r) => cls.labels[cls.codes[r]!] !== 'none');
    expect(abnormal).toHaveLength(9);
    const mean = [0, 1, 2, 3].map(
      (a) => abnormal.reduce((s, r) => s + impacts.values[r * 4 + a]!, 0) / abnormal.length,
    );
    // Age, Spectacle, Astigmatism, Tear (file order); printed: 0.2165, 0.1109, 0.1109, 0.5344
    [0.2165, 0.1109, 0.1109, 0.5344].forEach((x, a) => expect(mean[a]).toBeCloseTo(x, 4));
    // Table I live: both models' contexts side by side
    const contexts = resultOf(out, 'table', 'contexts');
    expect(contexts.columns.map((c) => c.key)).toEqual(['attribute', 'normal', 'abnormal']);
    expect(String(contexts.rows[3]?.abnormal)).toMatch(/^age \(SU/);
  });
});

describe('DILCA context selection (FCBF, reference notes DILCA 1-2)', () => {
  /** A symmetric D × D SU matrix from its upper triangle. */
  function su(D: number, pairs: Record<string, number>): Float64Array {
    const m = new Float64Array(D * D);
    for (const [key, value] of Object.entries(pairs)) {
      const [a, b] = key.split('-').map(Number) as [number, number];
      m[a * D + b] = m[b * D + a] = value;
    }
    return m;
  }

  it('drops a later attribute only when SU with a kept one is strictly above its relevance', () => {
    // relevance to target 0: X1 .5 > X2 .4 > X3 .3; SU(X1,X2) = .4 is not > .4: X2 stays;
    // SU(X1,X3) = .35 > .3: X3 goes.
    const m = su(4, { '0-1': 0.5, '0-2': 0.4, '0-3': 0.3, '1-2': 0.4, '1-3': 0.35, '2-3': 0 });
    expect(dilcaContext(m, 4, 0)).toEqual([1, 2]);
  });

  it('ties keep the column order and zero-relevance attributes stay candidates', () => {
    const m = su(4, { '0-1': 0, '0-2': 0, '0-3': 0, '1-2': 0, '1-3': 0, '2-3': 0 });
    expect(dilcaContext(m, 4, 0)).toEqual([1, 2, 3]);
    const n = su(3, { '0-1': 0.2, '0-2': 0.2, '1-2': 0.1 });
    expect(dilcaContext(n, 3, 0)).toEqual([1, 2]);
  });
});

describe('DILCA model properties', () => {
  it('symmetric, zero diagonal, within [0, 1], defined for values absent from the fitting rows', async () => {
    const session = await datasetSession('breast-cancer.csv', {
      classColumn: 'Class',
      missing: 'mode',
    });
    for (const fitSide of ['equal', 'other'] as const) {
      const out = runToEnd(
        session.runSteps({
          method: 'dilca',
          options: { fitClass: 'recurrence-events', fitSide },
        }),
      );
      const d = resultOf(out, 'object-distance');
      if (d.form !== 'value-tables') throw new Error('expected value tables');
      session.table.attributes.forEach((attr, a) => {
        const m = attr.labels.length;
        for (let u = 0; u < m; u++)
          for (let v = 0; v < m; v++) {
            const x = d.tables[d.tableStart[a]! + u * m + v]!;
            expect(Number.isFinite(x)).toBe(true);
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(1);
            expect(x).toBe(d.tables[d.tableStart[a]! + v * m + u]);
            if (u === v) expect(x).toBe(0);
          }
      });
    }
  });

  it('an attribute with no possible context gets distance 0 and a warning', async () => {
    const session = new ExplorerSession();
    await session.load(['only,c\na,x\nb,y\na,x\nc,y\n'], {}, { classColumn: 'c' });
    const out = runToEnd(session.runSteps({ method: 'dilca' }));
    expect(out.warnings.join(' ')).toMatch(/only: no other attribute to form its context/);
    const d = resultOf(out, 'object-distance');
    if (d.form !== 'value-tables') throw new Error('expected value tables');
    expect(Array.from(d.tables).every((x) => x === 0)).toBe(true);
  });

  it('refuses a class label that is not one, naming the labels', async () => {
    const session = await lenses();
    expect(() =>
      runToEnd(session.runSteps({ method: 'dilca', options: { fitClass: 'nope' } })),
    ).toThrow(
      /“nope” is not a value of contact-lenses \(hard, none, soft\)|“nope” is not a value of contact-lenses/,
    );
  });
});
