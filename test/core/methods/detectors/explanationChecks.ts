/**
 * The explanation checks every detector passes (issue 29, issue 49), over the registry: the
 * explanations suite runs them on every registered detector, and the new-method test on a
 * detector declared there. On a hand-made table of coupled attributes with one planted row
 * holding a value no other row holds, the planted row's largest term is the planted
 * attribute's; and a row's terms relate to its score as the detector's spec declares (they sum
 * to it, or to what its declared transform maps to it), for every row.
 */
import { expect } from 'vitest';
import { createRandom, ExplorerSession, runToEnd } from '../../../../src/core/index.ts';
import { allSpecs } from '../../../../src/core/platform/registry.ts';
import { explanationRow } from '../../../../src/core/platform/results.ts';
import type { MethodSpec } from '../../../../src/core/platform/spec.ts';
import type { DetectorRole } from '../../../../src/core/platform/detection.ts';
import { resultOf } from '../../../sessions.ts';

export const N = 200;
export const PLANTED = 137;
const ATTRIBUTES = ['a', 'b', 'c', 'd', 'e'];
/** The planted value sits in attribute c. */
const PLANTED_ATTRIBUTE = 2;

/** Every registered method with a detector role, in menu order. */
export function detectorSpecs(): (MethodSpec & { detector: DetectorRole })[] {
  return allSpecs('method').filter((s): s is MethodSpec & { detector: DetectorRole } =>
    Boolean(s.detector),
  );
}

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

async function plantedSession(seed: number): Promise<ExplorerSession> {
  const s = new ExplorerSession();
  await s.load([plantedCsv(seed)], {}, { classColumn: 'class' });
  return s;
}

/**
 * The method's run explains every object, and the planted row's largest term is attribute c,
 * ahead of the next — under the settings the detector declares its terms point at an object's
 * own values with (`explainsValuesWith`), else its defaults.
 */
export async function checkPlantedValue(spec: MethodSpec & { detector: DetectorRole }) {
  const s = await plantedSession(7);
  const output = runToEnd(
    s.runSteps({ method: spec.id, options: spec.detector.explainsValuesWith ?? {} }),
  );
  const e = resultOf(output, 'object-explanations');
  expect([e.n, e.dims]).toEqual([N, ATTRIBUTES.length]);
  const row = Array.from(explanationRow(e, PLANTED));
  const order = row.map((_, a) => a).sort((x, y) => (row[y] as number) - (row[x] as number));
  expect(order[0], `${spec.id}: the planted attribute's term is the largest`).toBe(
    PLANTED_ATTRIBUTE,
  );
  expect(row[order[0] as number] as number).toBeGreaterThan(row[order[1] as number] as number);
}

/**
 * The detector's `explain` of every row relates the terms to the scores as its spec declares:
 * 'sums-to-score', the sum is the score; 'sums-to-transform', its declared transform of the sum
 * is the score; 'indicative', the terms are finite (what they point at, checkPlantedValue).
 * An unsupervised detector's run (a fit on every row) gives the same scores and terms.
 */
export async function checkRelation(spec: MethodSpec & { detector: DetectorRole }) {
  const s = await plantedSession(11);
  const { table } = s;
  const rows = Int32Array.from({ length: N }, (_, i) => i);
  const unsupervised = spec.detector.supervision === 'unsupervised';
  // A semi-supervised detector learns from the normal objects (here every row but the planted).
  const fitRows = unsupervised ? rows : rows.filter((r) => r !== PLANTED);
  const seed = spec.parameters.find((p) => p.name === 'seed')?.default;
  const task = { table, fitRows, scoreRows: rows, seed: typeof seed === 'number' ? seed : 1 };
  const { scores, explanation: e, toScore } = runToEnd(spec.detector.explain(task));
  expect(e.relation).toBe(spec.detector.relation);
  expect([e.n, e.dims]).toEqual([N, ATTRIBUTES.length]);
  expect(Array.from(scores)).toEqual(Array.from(runToEnd(spec.detector.score(task))));
  for (let i = 0; i < N; i++) {
    const terms = explanationRow(e, i);
    for (const t of terms) expect(Number.isFinite(t), `${spec.id} row ${i}`).toBe(true);
    const sum = terms.reduce((x, y) => x + y, 0);
    if (e.relation === 'sums-to-score') expect(sum).toBeCloseTo(scores[i] as number, 10);
    if (e.relation === 'sums-to-transform') {
      if (!toScore) throw new Error(`${spec.id}: a transform's explanation declares toScore`);
      expect(toScore(sum)).toBeCloseTo(scores[i] as number, 10);
    }
  }
  if (!unsupervised) return;
  const output = runToEnd(s.runSteps({ method: spec.id }));
  expect(Array.from(resultOf(output, 'object-scores').scores)).toEqual(Array.from(scores));
  const ran = resultOf(output, 'object-explanations');
  expect(ran.relation).toBe(e.relation);
  expect(Array.from(ran.values)).toEqual(Array.from(e.values));
}
