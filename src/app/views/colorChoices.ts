import { callDependencies, describeCall } from '../../core/platform/calls.ts';
import { methodSpec } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { Call } from '../../core/platform/spec.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';

/** One entry of the colour-by menu. */
export type ColorChoice =
  | { kind: 'result'; key: string; name: string; label: string }
  /** A representation with no partition yet: choosing it runs "k-means of" it. */
  | { kind: 'kmeans'; of: Call; label: string };

/**
 * What objects can be coloured by: every object partition and object score result in the
 * store, and "k-means of" every representation computed (shown by a panel, or behind one).
 */
export function colorChoices(results: Record<string, ResultEntry>): ColorChoice[] {
  const out: ColorChoice[] = [];
  for (const entry of Object.values(results)) {
    if (entry.status !== 'done' || !entry.output) continue;
    for (const [name, r] of Object.entries(entry.output.results))
      if (r.kind === 'object-partition' || r.kind === 'object-scores')
        out.push({
          kind: 'result',
          key: entry.key,
          name,
          label: `${r.title} — ${describeCall(entry.call)}`,
        });
  }
  // A representation is computed when a panel shows it, or when a done call was computed from
  // it (the CDE behind a t-SNE of CDE): k-means of each, once.
  const representations = new Set<string>();
  for (const entry of Object.values(results)) {
    if (entry.status !== 'done' || !entry.output) continue;
    for (const call of [entry.call, ...callDependencies(entry.call)]) {
      const spec = methodSpec(call.method);
      if (spec.role !== 'method' || representations.has(call.key)) continue;
      if (!spec.produces.some((k) => (REPRESENTATION_KINDS as readonly string[]).includes(k)))
        continue;
      representations.add(call.key);
      out.push({ kind: 'kmeans', of: call, label: `k-means of ${describeCall(call)}` });
    }
  }
  return out;
}
