import type { Detector, DetectorRole } from './detection.ts';
import type { ResultKind } from './results.ts';
import { isMethodSpec, type InputSpec, type MethodSpec } from './spec.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * The registry: every method and step the product offers. Method modules are discovered, not
 * listed — the worker and app glob the folders of SPEC_FOLDERS (src/worker/discover.ts), the
 * CLI reads the same folders (src/cli/discover.ts), and each exported spec is registered here —
 * so adding a method is adding one file.
 */

/**
 * The folders of src/core whose modules (and their subfolders') may export specs: the methods
 * by family, and the steps of clustering, projection and evaluation.
 */
export const SPEC_FOLDERS = ['methods', 'clustering', 'projection', 'evaluation'] as const;

const specs = new Map<string, MethodSpec>();

export function registerMethod(spec: MethodSpec): void {
  const existing = specs.get(spec.id);
  if (existing && existing !== spec)
    throw internal(`two different methods are registered as “${spec.id}”`);
  for (const input of spec.inputs ?? [])
    if (input.accepts.length === 0)
      throw internal(`${spec.id}: input “${input.name}” accepts no result kind`);
  specs.set(spec.id, spec);
}

/** Registers every spec exported by the given modules (e.g. an import.meta.glob result). */
export function registerModules(modules: Record<string, unknown>): void {
  for (const path of Object.keys(modules).sort())
    for (const value of Object.values(modules[path] as Record<string, unknown>))
      if (isMethodSpec(value)) registerMethod(value);
}

/** For tests that register a method of their own. */
export function unregisterMethod(id: string): void {
  specs.delete(id);
}

/** Every registered spec (methods first, then steps), in menu order. */
export function allSpecs(role?: MethodSpec['role']): MethodSpec[] {
  return [...specs.values()]
    .filter((s) => role === undefined || s.role === role)
    .sort(
      (a, b) =>
        (a.role === b.role ? 0 : a.role === 'method' ? -1 : 1) ||
        (a.order ?? 100) - (b.order ?? 100) ||
        a.id.localeCompare(b.id),
    );
}

export function hasMethod(id: string): boolean {
  return specs.has(id);
}

export function methodSpec(id: string): MethodSpec {
  const spec = specs.get(id);
  if (!spec)
    throw badOption(
      `unknown method “${id}” (${allSpecs()
        .map((s) => s.id)
        .join(', ')})`,
    );
  return spec;
}

/** A comparing step's list input (`many`: the methods it compares), or undefined. */
export function listInput(spec: MethodSpec): InputSpec | undefined {
  return spec.inputs?.find((i) => i.many);
}

/** Methods (not steps) producing at least one of the kinds. */
export function methodsProducing(
  kinds: readonly ResultKind[],
  role: MethodSpec['role'] = 'method',
): MethodSpec[] {
  return allSpecs(role).filter((s) => s.produces.some((k) => kinds.includes(k)));
}

/**
 * Every registered detector (specs declaring `detector`): the semi-supervised first (SAnDCat,
 * the paper's own), then in menu order.
 */
export function detectors(): Detector[] {
  return allSpecs('method')
    .filter((s) => s.detector)
    .map(detectorOf)
    .sort(
      (a, b) => Number(a.supervision === 'unsupervised') - Number(b.supervision === 'unsupervised'),
    );
}

/** The detectors' ids, in that order. */
export function detectorIds(): string[] {
  return detectors().map((d) => d.id);
}

/** Detectors named in a comma-separated list, in its order; unknown names are refused. */
export function detectorsNamed(list: string): Detector[] {
  const all = detectors();
  const known = all.map((d) => d.id).join(', ');
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw badOption(`name at least one detector (${known})`);
  return names.map((name) => {
    const found = all.find((d) => d.id === name);
    if (!found) throw badOption(`unknown detector “${name}” (${known})`);
    return found;
  });
}

/** A spec's detector, named by the spec (it must declare `detector`). */
export function detectorOf(spec: MethodSpec): Detector {
  if (!spec.detector) throw badOption(`${spec.id} is not a detector`);
  return { ...(spec.detector as DetectorRole), id: spec.id, title: spec.title };
}

/** Steps that lay objects out in 2-D (t-SNE, MDS, PCA): they produce an object embedding. */
export function projectionSteps(): MethodSpec[] {
  return allSpecs('step').filter((s) => s.produces.includes('object-embedding'));
}

/** Steps that cluster objects (k-means, spectral, ROCK): they produce an object partition. */
export function clusteringSteps(): MethodSpec[] {
  return allSpecs('step').filter((s) => s.produces.includes('object-partition'));
}

/**
 * Steps whose results compare or explain (evaluations, walk-throughs): tables and curves, and
 * neither a projection nor a clustering.
 */
export function comparisonSteps(): MethodSpec[] {
  return allSpecs('step').filter(
    (s) =>
      s.listed !== false &&
      s.produces.some((k) => k === 'table' || k === 'curves') &&
      !s.produces.includes('object-embedding') &&
      !s.produces.includes('object-partition'),
  );
}

/** Evaluation steps that feed the results board (they declare `board`). */
export function boardSteps(): MethodSpec[] {
  return allSpecs('step').filter((s) => s.board);
}
