import { allSpecs, boardSteps, listInput, methodsProducing } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { Call, MethodSpec } from '../../core/platform/spec.ts';
import { resolveCall } from '../../core/platform/calls.ts';
import { projectionCall } from './steps.ts';
import type { TableMeta } from '../../core/platform/session.ts';

/**
 * What "Run all" computes for a data set (pure; no store): every registered method at its
 * defaults, — with a class column — the evaluations the results board reads: clustering
 * (F-score, NMI, accuracy over runs), outlier AUC, the (ε,γ) area and precision@k, each
 * re-fitting a method with a seed of its own for mean ± sd, and a t-SNE of every representation
 * (the compare layout's projections, one seed). Methods first, so the evaluations find them
 * cached; the projections last, so the board fills first.
 */
export interface RunAllPlan {
  /** Every call, in the order they are queued. */
  calls: PlannedCall[];
  /** The class whose objects are the outliers (the smallest), or null without a class. */
  outlierClass: string | null;
  /** Runs (clustering) and fits (the other evaluations) of a method with a seed. */
  fits: number;
  /** What the plan leaves out and why. */
  notes: string[];
}

/** A method of the registry, a projection of one, or an evaluation step of the board. */
export type PlannedRole = 'method' | 'projection' | 'evaluation';

export interface PlannedCall {
  role: PlannedRole;
  /** The method it is about ('method', 'projection'), or the evaluation step ('evaluation'). */
  method: string;
  call: Call;
}

export const BOARD_FITS = 10;

/**
 * `inapplicable`: methods that do not apply to this table (a precondition their spec declares,
 * known before anything runs): they keep their row, but no evaluation compares them.
 */
export function runAllPlan(
  meta: TableMeta,
  fits = BOARD_FITS,
  inapplicable: ReadonlySet<string> = new Set(),
): RunAllPlan {
  const calls: PlannedCall[] = allSpecs('method').map((s) => ({
    role: 'method' as const,
    method: s.id,
    call: { method: s.id },
  }));
  // The compare layout's projections come last: the board's numbers need the methods and the
  // evaluations only, and on a large table the t-SNEs are most of the work (12 × ~30 s of one
  // core at 8,124 rows), so the board fills first and the projections follow.
  const projections: PlannedCall[] = methodsProducing(REPRESENTATION_KINDS).map((spec) => ({
    role: 'projection' as const,
    method: spec.id,
    call: projectionCall({ method: spec.id }),
  }));
  const notes: string[] = [];
  const cls = meta.classColumn;
  const outlierClass = cls && classesPresent(cls) >= 2 ? smallestClass(cls) : null;
  if (cls && outlierClass !== null)
    for (const step of boardSteps()) {
      const call = boardCall(step, fits, outlierClass, inapplicable);
      if (call) calls.push({ role: 'evaluation', method: step.id, call });
    }
  else
    notes.push(
      meta.rowless
        ? 'A counts file has no rows: the evaluations (F-score, AUC, (ε,γ), precision@k) need each object’s class.'
        : cls
          ? `Only one class of ${cls.name} is present: the evaluations need two or more.`
          : 'No class column: the evaluations (F-score, AUC, (ε,γ), precision@k) need one; choose it in the data summary.',
    );
  calls.push(...projections);
  return { calls, outlierClass, fits, notes };
}

/**
 * A board step's call: over every applicable method its list input accepts, with that input's
 * fits option at `fits` and a required class label (the outlier class) at the smallest class.
 */
function boardCall(
  step: MethodSpec,
  fits: number,
  outlierClass: string,
  inapplicable: ReadonlySet<string>,
): Call | null {
  const input = listInput(step);
  if (!input) return null;
  const options: Record<string, string | number> = {};
  if (input.fitsOption) options[input.fitsOption] = fits;
  for (const p of step.parameters)
    if (p.type === 'string' && p.suggest === 'class-label' && p.required)
      options[p.name] = outlierClass;
  const methods = methodsProducing(input.accepts)
    .filter((s) => !inapplicable.has(s.id))
    .flatMap((s) => comparedCalls(s));
  return { method: step.id, options, inputs: { [input.name]: methods } };
}

/** A call's key with its options resolved (defaults filled in), to tell settings apart. */
function callKey(method: string, options: Call['options'] = {}): string {
  return resolveCall({ method, options }).key;
}

/** A method's call at its defaults, and one per other setting its spec compares (`compared`). */
export function comparedCalls(spec: MethodSpec): Call[] {
  const calls: Call[] = [{ method: spec.id }];
  const keys = new Set([callKey(spec.id)]);
  for (const options of spec.compared ?? []) {
    const key = callKey(spec.id, options);
    if (keys.has(key)) continue;
    keys.add(key);
    calls.push({ method: spec.id, options: { ...options } });
  }
  return calls;
}

/** The label of the class with the fewest objects (ties: the first), the outlier protocol's choice. */
export function smallestClass(cls: NonNullable<TableMeta['classColumn']>): string | null {
  const counts = new Array<number>(cls.labels.length).fill(0);
  for (const c of cls.codes) counts[c] = (counts[c] ?? 0) + 1;
  let best = -1;
  counts.forEach((n, c) => {
    if (n > 0 && (best < 0 || n < (counts[best] as number))) best = c;
  });
  return best < 0 ? null : (cls.labels[best] ?? null);
}

function classesPresent(cls: NonNullable<TableMeta['classColumn']>): number {
  return new Set(cls.codes).size;
}
