import { boardSteps, projectionSteps } from '../../core/platform/registry.ts';
import type { Call, MethodSpec } from '../../core/platform/spec.ts';

/**
 * Steps the views reach for by what they do, never by id (pure): the projections a
 * representation can take, and the evaluation that scores a detector against a class.
 */

/** The projection steps whose input takes what the representation produces (no PCA of a distance). */
export function projectionsOf(representation: MethodSpec): MethodSpec[] {
  return projectionSteps().filter((step) =>
    step.inputs?.some((i) => i.accepts.some((k) => representation.produces.includes(k))),
  );
}

/**
 * `wanted` when it takes the representation, else the step its spec names instead (`otherwise`:
 * PCA → MDS), else the first projection that does.
 */
export function projectionFor(wanted: string, representation: MethodSpec): string {
  const usable = projectionsOf(representation);
  const instead = projectionSteps().find((s) => s.id === wanted)?.otherwise;
  return (
    usable.find((s) => s.id === wanted) ??
    usable.find((s) => s.id === instead) ??
    (usable[0] as MethodSpec)
  ).id;
}

/** The projection of new panels and of the compare layout: the first projection step (t-SNE). */
export function compareProjection(): string {
  return (projectionSteps()[0] as MethodSpec).id;
}

/** A projection's call of a representation's call, with the default projection. */
export function projectionCall(of: Call, step: string = compareProjection()): Call {
  return { method: step, inputs: { of } };
}

/**
 * The board's evaluation of object scores against one class (the outlier evaluation) for one
 * detector's call, or null when no registered step does that.
 */
export function outlierEvaluationCall(detector: Call, outlierClass: string): Call | null {
  for (const step of boardSteps()) {
    const input = step.inputs?.find((i) => i.many && i.accepts.includes('object-scores'));
    const cls = step.parameters.find((p) => p.type === 'string' && p.suggest === 'class-label');
    if (input && cls)
      return {
        method: step.id,
        options: { [cls.name]: outlierClass },
        inputs: { [input.name]: [detector] },
      };
  }
  return null;
}
