import { pinned, run, session, type ReproducedRow, type Reproduction } from './kit.ts';

const PRINTED = { kind: 'printed', decimals: 4 } as const;
const HAMMING = { name: 'Hamming (1 between two values)', ours: 1 };

/** A printed 1 is Hamming's number too: that row cannot tell DILCA from it. */
function likeHamming(paper: number): { indistinct?: string } {
  return paper === HAMMING.ours
    ? { indistinct: 'the paper’s 1 (two values with disjoint contexts) is Hamming’s number too' }
    : {};
}

/**
 * SAnDCat's distance impact with Hamming in place of DILCA, k = every normal object: for each
 * abnormal object, the share of normal objects whose value differs from its own, averaged.
 */
function hammingImpact(codes: Int32Array, abnormal: number[], normal: number[]): number {
  let sum = 0;
  for (const r of abnormal)
    sum += normal.filter((q) => codes[q] !== codes[r]).length / normal.length;
  return sum / abnormal.length;
}

/** Ienco et al. 2016 (DILCA/SAnDCat) Figs. 2-3 (distance matrices), Table I (contexts) and Table II on contact-lenses. */
export async function dilcaLenses(): Promise<Reproduction> {
  const s = await session('contact-lenses.csv', { classColumn: 'contact-lenses' });
  const table = s.table;
  const data = 'Contact-lenses';
  const rows: ReproducedRow[] = [];
  const printed = {
    equal: {
      figure: 'Fig. 2 (normal)',
      distances: [
        ['Age young–pre-presbyopic', 0, 0, 1, 0.2357],
        ['Age young–presbyopic', 0, 0, 2, 0.4714],
        ['Age pre-presbyopic–presbyopic', 0, 1, 2, 0.2357],
        ['Spectacle_prescrip', 1, 0, 1, 0.2202],
        ['Astigmatism', 2, 0, 1, 0.2202],
        ['Tear_prod_rate', 3, 0, 1, 0.668],
      ],
      impact: [0.3143, 0.2202, 0.2202, 0.668],
      contexts: [
        ['tear-prod-rate'],
        ['astigmatism', 'tear-prod-rate'],
        ['spectacle-prescrip', 'tear-prod-rate'],
        ['age', 'spectacle-prescrip'],
      ],
    },
    other: {
      figure: 'Fig. 3 (abnormal)',
      distances: [
        ['Age young–pre-presbyopic', 0, 0, 1, 0.1368],
        ['Age young–presbyopic', 0, 0, 2, 0.1949],
        ['Age pre-presbyopic–presbyopic', 0, 1, 2, 0.1144],
        ['Spectacle_prescrip', 1, 0, 1, 0.243],
        ['Astigmatism', 2, 0, 1, 0.243],
        ['Tear_prod_rate', 3, 0, 1, 1.0],
      ],
      impact: [0.1487, 0.243, 0.243, 1.0],
      contexts: [
        ['spectacle-prescrip', 'tear-prod-rate'],
        ['astigmatism', 'age', 'tear-prod-rate'],
        ['spectacle-prescrip', 'age', 'tear-prod-rate'],
        ['age'],
      ],
    },
  } as const;
  const names = ['Age', 'Spectacle_prescrip', 'Astigmatism', 'Tear_prod_rate'];
  let contextsMatching = 0;
  for (const side of ['equal', 'other'] as const) {
    const p = printed[side];
    const out = run(s, { method: 'dilca', options: { fitClass: 'none', fitSide: side } });
    const distance = out.results.distance;
    const impact = out.results.modelImpact;
    const contexts = out.results.contexts;
    if (distance?.kind !== 'object-distance' || distance.form !== 'value-tables')
      throw new Error('DILCA gave no value tables');
    if (impact?.kind !== 'attribute-impacts' || contexts?.kind !== 'table')
      throw new Error('DILCA gave no impacts or contexts');
    for (const [quantity, a, u, v, paper] of p.distances) {
      const m = table.attributes[a]?.labels.length ?? 0;
      rows.push(
        pinned({
          data,
          quantity: `${p.figure} ${quantity}`,
          paper,
          ours: distance.tables[(distance.tableStart[a] as number) + u * m + v] as number,
          basis: PRINTED,
          baseline: HAMMING,
          ...likeHamming(paper),
        }),
      );
    }
    p.impact.forEach((paper, a) =>
      rows.push(
        pinned({
          data,
          quantity: `Table II model impact, ${side === 'equal' ? 'normal' : 'abnormal'}: ${names[a]}`,
          paper,
          ours: impact.values[a] as number,
          basis: PRINTED,
          // The mean distance between an attribute's values: 1 under Hamming.
          baseline: HAMMING,
          ...likeHamming(paper),
        }),
      ),
    );
    contexts.rows.forEach((row, a) => {
      const ours = String(row.context).replace(/ \(SU [0-9.]+\)/g, '');
      if (ours === p.contexts[a]?.join(', ')) contextsMatching++;
    });
  }
  // Without FCBF's selection every other attribute is a context: it can match only the printed
  // contexts that hold all the others (compared as sets, so at most that many).
  const printedContexts: readonly (readonly string[])[] = [
    ...printed.equal.contexts,
    ...printed.other.contexts,
  ];
  const allOthers = printedContexts.filter((c) => c.length === table.attributes.length - 1).length;
  rows.push(
    pinned({
      data,
      quantity: 'Table I: contexts as printed (of 8)',
      paper: 8,
      ours: contextsMatching,
      basis: { kind: 'printed', decimals: 0 },
      baseline: { name: 'no selection (every other attribute)', ours: allOthers },
    }),
  );
  const sandcat = run(s, { method: 'sandcat', options: { normalClass: 'none', k: 15 } });
  const impacts = sandcat.results.distanceImpact;
  if (impacts?.kind !== 'object-impacts') throw new Error('SAnDCat gave no distance impacts');
  const cls = table.classColumn as NonNullable<typeof table.classColumn>;
  const abnormal = Array.from(cls.codes.keys()).filter(
    (r) => cls.labels[cls.codes[r] as number] !== 'none',
  );
  const normal = Array.from(cls.codes.keys()).filter((r) => !abnormal.includes(r));
  [0.2165, 0.1109, 0.1109, 0.5344].forEach((paper, a) =>
    rows.push(
      pinned({
        data,
        quantity: `Table II distance impact, abnormal: ${names[a]}`,
        paper,
        ours:
          abnormal.reduce((sum, r) => sum + (impacts.values[r * 4 + a] as number), 0) /
          abnormal.length,
        basis: PRINTED,
        baseline: {
          name: 'Hamming (the share of representatives whose value differs)',
          ours: hammingImpact(table.attributes[a]?.codes ?? new Int32Array(0), abnormal, normal),
        },
      }),
    ),
  );
  return {
    id: 'dilca-contact-lenses',
    title: 'DILCA on contact-lenses: Ienco et al. 2016 (DILCA/SAnDCat) Figs. 2-3, Tables I-II',
    source:
      'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS), Sec. IV-C: Figs. 2-3, Tables I-II',
    protocol:
      '24 objects × 4 attributes, class `contact-lenses`. Normal model: DILCA learned on the 15 rows of class none; abnormal model: on the 9 others (soft, hard). Contexts by FCBF on symmetric uncertainty (strict redundancy rule), Eq. (1) with declared-domain denominators. Distance impact: SAnDCat with k = 15 (every normal object a representative), averaged over the 9 abnormal objects.',
    rows,
    notes: [
      'Every number is held to half a unit of its printed 4th decimal. Baselines: Hamming distance (1 between two values, so its mean is 1 too; its distance impact is the share of representatives whose value differs) and contexts without FCBF’s selection.',
      'Table I is counted as a number: the contexts of the 4 attributes in both models, compared as printed (ranking order included).',
    ],
  };
}
