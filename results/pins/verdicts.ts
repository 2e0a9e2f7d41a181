/**
 * The rules a reproduction's rows are held to, as a list of broken ones (empty when every row
 * holds): test/results/paperNumbers.test.ts asserts the list is empty, `npm run mutants`
 * (scripts/mutants.ts) counts a mutant killed when it is not. One place, so the test and the
 * mutants judge a row alike.
 */
import { MAX_PIN_TOLERANCE, measurementTolerance, toleranceOf } from '../tolerance.ts';
import { declarationOf, declaredKey, DECLARED_NOT_REPRODUCED } from './declared.ts';
import { reproduces, type ReproducedRow, type Reproduction } from './kit.ts';

/** Whether a row pins its method: within its tolerance, and the tolerance narrow enough to pin. */
export function pins(row: ReproducedRow): boolean {
  return reproduces(row) && row.tolerance <= MAX_PIN_TOLERANCE;
}

/**
 * What one row breaks, or null. A row pins its method (within its tolerance, the tolerance at
 * most MAX_PIN_TOLERANCE, its baseline outside) or is declared by hand (results/pins/declared.ts)
 * and then holds the gap it was declared with, within our own standard error.
 */
export function rowFailure(id: string, row: ReproducedRow): string | null {
  const what = `${id}: ${row.data} ${row.quantity}: ours ${row.ours}, paper ${row.paper}, tolerance ${row.tolerance}`;
  if (!Number.isFinite(row.ours)) return `${what}: ours is not a number`;
  if (row.tolerance !== toleranceOf(row.basis))
    return `${what}: the tolerance is not its basis's (${toleranceOf(row.basis)})`;
  const declared = declarationOf(id, row);
  if (!pins(row)) {
    if (!declared)
      return `${what}: ${reproduces(row) ? `its tolerance is wider than ±${MAX_PIN_TOLERANCE}, so it pins nothing,` : 'outside its tolerance'} and not declared in results/pins/declared.ts`;
    const gap = row.ours - row.paper;
    const held = measurementTolerance(row.basis);
    return Math.abs(gap - declared.gap) <= held
      ? null
      : `${what}: declared with a gap of ${declared.gap}, measured ${gap} (a re-run may move it by ±${held})`;
  }
  if (declared)
    return `${what}: pins its method, but is declared not to (results/pins/declared.ts)`;
  if (row.baseline === undefined)
    return row.noBaseline === undefined ? `${what}: no baseline and no reason` : null;
  // A pin holds something only if its baseline fails it. A row the paper's own table cannot
  // tell from its baseline (indistinct: generated from the paper's two numbers, never declared
  // by hand) is a comparison, not a pin: its baseline may meet it or not.
  if (row.indistinct !== undefined) return null;
  return Math.abs(row.baseline.ours - row.paper) > row.tolerance
    ? null
    : `${what}: its baseline ${row.baseline.name} (${row.baseline.ours}) meets the pin`;
}

/** Every rule a reproduction breaks: its rows', and declarations naming rows it does not have. */
export function reproductionFailures(id: string, r: Reproduction): string[] {
  const failures: string[] = [];
  if (r.id !== id) failures.push(`${id}: the reproduction calls itself ${r.id}`);
  if (r.rows.length === 0) failures.push(`${id}: no rows`);
  for (const row of r.rows) {
    const failure = rowFailure(id, row);
    if (failure !== null) failures.push(failure);
  }
  const keys = new Set(r.rows.map((row) => declaredKey(id, row)));
  for (const d of DECLARED_NOT_REPRODUCED)
    if (d.id === id && !keys.has(declaredKey(id, d)))
      failures.push(`${id}: ${d.data} ${d.quantity} is declared not reproduced but has no row`);
  return failures;
}
