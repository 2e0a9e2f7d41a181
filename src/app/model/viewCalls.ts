import { methodSpec, projectionSteps, comparisonSteps } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { ResultKind } from '../../core/platform/results.ts';
import type { Call, MethodSpec } from '../../core/platform/spec.ts';
import type { ViewId } from './viewIds.ts';

/**
 * What call each kind of panel holds: the one declaration that views/registry.tsx (the menus)
 * and the workspace's check (workspace/schema.ts) both read, so a saved panel is opened only
 * with a call its view can draw.
 *
 * - 'none': a view of the data itself (the summary, the co-occurrence counts): no call.
 * - 'method': a call of a method producing one of `consumes` (CDE for value clusters).
 * - 'projection': a projection step (t-SNE, MDS, PCA, UMAP) of a call producing one of `consumes`.
 * - 'step': a comparison step (an evaluation) or, for `reading` 'walkthrough', a walk-through.
 */
export type ViewCall =
  | { takes: 'none' }
  | { takes: 'method' | 'projection'; consumes: readonly ResultKind[] }
  | { takes: 'step'; reading: StepReading };

/** How a comparison step reads: as a comparison of methods, or one worked example step by step. */
export type StepReading = 'comparison' | 'walkthrough';

export const VIEW_CALLS: { readonly [V in ViewId]: ViewCall } = {
  summary: { takes: 'none' },
  cooccurrence: { takes: 'none' },
  su: { takes: 'none' },
  rows: { takes: 'none' },
  'results-board': { takes: 'none' },
  'value-matrices': { takes: 'method', consumes: ['value-matrix'] },
  'value-partitions': { takes: 'method', consumes: ['value-partitions'] },
  ranking: { takes: 'method', consumes: ['object-scores'] },
  impact: { takes: 'method', consumes: ['attribute-impacts', 'object-impacts'] },
  pair: { takes: 'method', consumes: ['object-distance'] },
  'untie-training': { takes: 'method', consumes: ['kernel-weights'] },
  'coupling-spaces': { takes: 'method', consumes: ['coupling-spaces'] },
  neighbours: { takes: 'method', consumes: REPRESENTATION_KINDS },
  projection: { takes: 'projection', consumes: REPRESENTATION_KINDS },
  comparison: { takes: 'step', reading: 'comparison' },
  walkthrough: { takes: 'step', reading: 'walkthrough' },
};

/**
 * What a view draws, besides what its call computes: 'objects' — each object (a row of the
 * data): the data table, two objects side by side, an object's neighbours, a projection of the
 * objects — needs the rows whatever its call reads; 'values' — values, attributes, counts and
 * methods' results — needs the rows only when its call does (core/platform/run.ts,
 * rowReaderOf). A table known by its counts alone (a counts file) has no rows: model/rowless.ts
 * reads this to say so in one line instead of drawing the view. The outlier ranking is a
 * 'values' view: a detector's value scores show on counts, and its list of objects says itself
 * that it needs the rows.
 */
export const VIEW_DRAWS: { readonly [V in ViewId]: 'objects' | 'values' } = {
  summary: 'values',
  cooccurrence: 'values',
  su: 'values',
  rows: 'objects',
  'results-board': 'values',
  'value-matrices': 'values',
  'value-partitions': 'values',
  ranking: 'values',
  impact: 'values',
  pair: 'objects',
  'untie-training': 'values',
  'coupling-spaces': 'values',
  neighbours: 'objects',
  projection: 'objects',
  comparison: 'values',
  walkthrough: 'values',
};

/** The result kinds a method view shows (undefined for the other views). */
export function consumesOf(view: ViewId): readonly ResultKind[] | undefined {
  const declared = VIEW_CALLS[view];
  return 'consumes' in declared ? declared.consumes : undefined;
}

export function readingOf(step: MethodSpec): StepReading {
  return step.reading === 'walkthrough' ? 'walkthrough' : 'comparison';
}

/** True when the view shows this comparison step's results. */
export function showsStep(view: ViewId, step: MethodSpec): boolean {
  const declared = VIEW_CALLS[view];
  return declared.takes === 'step' && declared.reading === readingOf(step);
}

/**
 * Why a panel of this view cannot show this call, in words (null when it can). The call has
 * been resolved against the registry already (its method, options and inputs are valid).
 */
export function panelCallProblem(view: ViewId, call: Call | null): string | null {
  const declared = VIEW_CALLS[view];
  if (declared.takes === 'none')
    return call === null ? null : `this view shows the data and takes no call (it holds one)`;
  if (call === null) return `this view needs a call (it holds none)`;
  const spec = methodSpec(call.method);
  const produces = (s: MethodSpec, kinds: readonly ResultKind[]) =>
    s.produces.some((k) => kinds.includes(k));
  switch (declared.takes) {
    case 'method':
      return produces(spec, declared.consumes)
        ? null
        : `${spec.title} produces ${spec.produces.join(', ')}, not what this view shows (${declared.consumes.join(', ')})`;
    case 'projection': {
      if (!projectionSteps().includes(spec))
        return `${spec.title} is not a projection (${projectionSteps()
          .map((s) => s.id)
          .join(', ')})`;
      const of = call.inputs?.of;
      if (of === undefined || Array.isArray(of)) return `${spec.title} needs the call it projects`;
      const source = methodSpec((of as Call).method);
      return produces(source, declared.consumes)
        ? null
        : `${source.title} produces ${source.produces.join(', ')}, which cannot be projected`;
    }
    case 'step':
      return comparisonSteps().includes(spec) && readingOf(spec) === declared.reading
        ? null
        : `${spec.title} is not ${declared.reading === 'walkthrough' ? 'a walk-through' : 'a comparison of methods'}`;
  }
}
