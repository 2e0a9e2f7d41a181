/**
 * What the real-data matrix runs on one table: every registered method at its defaults, then
 * every step over the methods it accepts — each projection and clustering step of each
 * representation, each evaluation over all of them at once (each method is its own cell, since a
 * step runs each compared method on its own), the steps that need no input — and the word cloud
 * of each method with impacts. Derived from the registry: a new method or step joins by itself.
 */
import { allSpecs, methodsProducing } from '../../src/core/platform/registry.ts';
import type { Call, MethodSpec } from '../../src/core/platform/spec.ts';
import type { CategoricalTable } from '../../src/core/data/table/types.ts';

export type CellKind =
  | 'method'
  | 'projection'
  | 'clustering'
  | 'evaluation'
  | 'eps-gamma'
  | 'retrieval'
  | 'outliers'
  | 'step'
  | 'word-cloud';

export interface PlannedCell {
  kind: CellKind;
  /** The step (or method) run. */
  step: string;
  /** Every method the call covers: one for a method or a projection, all compared for a list step. */
  methods: string[];
  call: Call;
}

/** Projection steps and clustering steps take one representation each. */
const PROJECTIONS = new Set(['tsne', 'mds', 'pca']);
const LIST_KIND: Record<string, CellKind> = {
  'eps-gamma': 'eps-gamma',
  retrieval: 'retrieval',
  'evaluate-outliers': 'outliers',
  'evaluate-clustering': 'evaluation',
  'internal-indices': 'evaluation',
};

export interface PlanOptions {
  /** The quick subset: no projection or clustering step per representation. The same code paths, in seconds. */
  quick?: boolean;
}

/**
 * Options the matrix lowers, by step, in the full run too: the clustering evaluation runs 3 times
 * instead of the papers' 50 (each run re-fits a seeded method: UNTIE's 50 fits alone take 90 s on
 * a 57-row table, CDE's on DNA over 7 minutes). The matrix asks whether every cell completes;
 * the papers' 50 runs are `npm run reproduce`'s.
 */
export const MATRIX_OPTIONS: Readonly<Record<string, Record<string, number>>> = {
  'evaluate-clustering': { runs: 3 },
};

export function matrixPlan(table: CategoricalTable, options: PlanOptions = {}): PlannedCell[] {
  const quick = options.quick ?? false;
  const cells: PlannedCell[] = [];
  for (const spec of allSpecs('method'))
    cells.push({ kind: 'method', step: spec.id, methods: [spec.id], call: { method: spec.id } });
  for (const step of allSpecs('step')) {
    const inputs = step.inputs ?? [];
    const options = { ...requiredOptions(step, table), ...MATRIX_OPTIONS[step.id] };
    if (inputs.length === 0) {
      cells.push({ kind: 'step', step: step.id, methods: [], call: { method: step.id, options } });
      continue;
    }
    const [input] = inputs;
    if (!input || inputs.length > 1) throw new Error(`${step.id}: the matrix knows one input`);
    const accepted = methodsProducing(input.accepts).map((s) => s.id);
    if (input.many) {
      cells.push({
        kind: LIST_KIND[step.id] ?? 'evaluation',
        step: step.id,
        methods: accepted,
        call: {
          method: step.id,
          options,
          inputs: { [input.name]: accepted.map((method) => ({ method })) },
        },
      });
      continue;
    }
    if (quick) continue;
    for (const method of accepted)
      cells.push({
        kind: PROJECTIONS.has(step.id) ? 'projection' : 'clustering',
        step: step.id,
        methods: [method],
        call: { method: step.id, options, inputs: { [input.name]: { method } } },
      });
  }
  for (const spec of methodsProducing(['attribute-impacts', 'object-impacts']))
    cells.push({
      kind: 'word-cloud',
      step: 'impact',
      methods: [spec.id],
      call: { method: spec.id },
    });
  return cells;
}

/**
 * Options a step cannot run without, chosen as the explorer chooses them: the outliers are the
 * smallest class, the normal class the largest (ties: the first label).
 */
function requiredOptions(step: MethodSpec, table: CategoricalTable): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of step.parameters)
    if (p.type === 'string' && p.required && p.suggest === 'class-label') {
      const label = classBySize(table, /outlier/i.test(p.name) ? 'smallest' : 'largest');
      if (label !== null) out[p.name] = label;
    }
  return out;
}

export function classBySize(table: CategoricalTable, which: 'smallest' | 'largest'): string | null {
  const cls = table.classColumn;
  if (!cls) return null;
  const counts = new Array<number>(cls.labels.length).fill(0);
  for (const c of cls.codes) counts[c] = (counts[c] ?? 0) + 1;
  let best = -1;
  counts.forEach((n, c) => {
    if (n === 0) return;
    if (best < 0) best = c;
    else if (which === 'smallest' ? n < (counts[best] as number) : n > (counts[best] as number))
      best = c;
  });
  return best < 0 ? null : (cls.labels[best] ?? null);
}
