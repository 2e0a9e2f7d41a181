/**
 * Every detector explains every object (issue 29): on a hand-made table of coupled attributes
 * with one planted row holding a value no other row holds, the planted row's largest term is
 * the planted attribute's, for each of the six detectors; and where a detector says its terms
 * sum to the score (or to a stated transform of it), they do, for every row.
 */
import { describe, expect, it } from 'vitest';
import {
  createRandom,
  ExplorerSession,
  runToEnd,
  type MethodOutput,
} from '../../../../src/core/index.ts';
import { explanationRow } from '../../../../src/core/platform/results.ts';
import { EXPLANATION_CELLS, explainable } from '../../../../src/core/platform/valueExplanations.ts';
import type { CategoricalTable } from '../../../../src/core/data/table/types.ts';
import { averagePathLength } from '../../../../src/core/methods/detectors/isolationForest.ts';
import { resultOf } from '../../../sessions.ts';

const N = 200;
const PLANTED = 137;
const ATTRIBUTES = ['a', 'b', 'c', 'd', 'e'];
/** The planted value sits in attribute c. */
const PLANTED_ATTRIBUTE = 2;

/**
 * Five attributes following one latent z ∈ {0, 1, 2} (90 % of the time); row 137 (class odd)
 * follows z except in c, where it holds a value no other row holds.
 */
function plantedCsv(seed: number): string {
  const rng = createRandom(seed);
  const lines = [[...ATTRIBUTES, 'class'].join(',')];
  for (let r = 0; r < N; r++) {
    const z = rng.int(3);
    const cells = ATTRIBUTES.map((name, a) => {
      if (r !== PLANTED) return `${name}${rng.next() < 0.9 ? (z + a) % 3 : rng.int(3)}`;
      if (a !== PLANTED_ATTRIBUTE) return `${name}${(z + a) % 3}`;
      return 'RARE';
    });
    lines.push([...cells, r === PLANTED ? 'odd' : 'normal'].join(','));
  }
  return lines.join('\n') + '\n';
}

async function session(seed = 7): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([plantedCsv(seed)], {}, { classColumn: 'class' });
  return s;
}

/**
 * SAnDCat learns the normal class and takes, per object, its k nearest normal objects as
 * representatives (MinDTK): under its default MaxDTK, the farthest normal objects differ from
 * the planted row in every attribute, and its impact terms do not single one out.
 */
const OPTIONS: Record<string, Record<string, unknown>> = {
  sandcat: { normalClass: 'normal', heuristic: 'mindtk' },
};

function run(s: ExplorerSession, method: string): MethodOutput {
  return runToEnd(s.runSteps({ method, options: OPTIONS[method] ?? {} }));
}

const DETECTORS = ['cbrw', 'cosh', 'zero', 'lof-of', 'iforest', 'sandcat'];

describe('explanations: the planted value gets the largest term', () => {
  it('registers the six detectors under these ids', async () => {
    const s = await session();
    for (const id of DETECTORS)
      expect(Object.values(run(s, id).results).map((r) => r.kind)).toContain('object-explanations');
  });

  for (const id of DETECTORS)
    it(`${id}: row ${PLANTED}'s largest term is attribute c, ahead of the next`, async () => {
      const s = await session();
      const e = resultOf(run(s, id), 'object-explanations');
      expect([e.n, e.dims]).toEqual([N, ATTRIBUTES.length]);
      const row = Array.from(explanationRow(e, PLANTED));
      const order = row.map((_, a) => a).sort((x, y) => (row[y] as number) - (row[x] as number));
      expect(order[0]).toBe(PLANTED_ATTRIBUTE);
      expect(row[order[0] as number] as number).toBeGreaterThan(row[order[1] as number] as number);
    });
});

describe('explanations: the terms and the score', () => {
  for (const id of ['cbrw', 'cosh', 'zero'])
    it(`${id}: every row's terms sum to its score`, async () => {
      const s = await session(11);
      const output = run(s, id);
      const e = resultOf(output, 'object-explanations');
      expect(e.relation).toBe('sums-to-score');
      const scores = resultOf(output, 'object-scores').scores;
      for (let i = 0; i < N; i++) {
        const sum = explanationRow(e, i).reduce((x, y) => x + y, 0);
        expect(sum).toBeCloseTo(scores[i] as number, 10);
      }
    });

  it('iforest: the score is 2^(Σ terms / c(ψ) − 1) for every row', async () => {
    const s = await session(11);
    const output = run(s, 'iforest');
    const e = resultOf(output, 'object-explanations');
    expect(e.relation).toBe('sums-to-transform');
    const scores = resultOf(output, 'object-scores').scores;
    const norm = averagePathLength(N); // ψ = 256 lowered to the 200 rows
    for (let i = 0; i < N; i++) {
      const sum = explanationRow(e, i).reduce((x, y) => x + y, 0);
      expect(2 ** (sum / norm - 1)).toBeCloseTo(scores[i] as number, 10);
    }
  });
});

describe('explanations: a table too large to explain every object', () => {
  const shaped = (nRows: number, D: number) =>
    ({
      nRows,
      attributes: Array.from({ length: D }),
      rowless: false,
    }) as unknown as CategoricalTable;

  it('is explained up to the limit of terms and left out above it, with a note', () => {
    const notes: string[] = [];
    expect(explainable(shaped(EXPLANATION_CELLS / 4, 4), 'CBRW', (m) => notes.push(m))).toBe(true);
    expect(notes).toEqual([]);
    expect(explainable(shaped(EXPLANATION_CELLS / 4 + 1, 4), 'CBRW', (m) => notes.push(m))).toBe(
      false,
    );
    expect(notes[0]).toMatch(/^CBRW: no per-object explanation: 1,000,001 rows × 4 attributes/);
  });
});
