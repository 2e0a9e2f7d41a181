import { callDependencies, describeCall } from '../../core/platform/calls.ts';
import { methodSpec } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { Call } from '../../core/platform/spec.ts';
import type { ResultEntry } from './resultsSlice.ts';

/** One entry of the colour-by menu. */
export type ColorChoice =
  | { kind: 'result'; key: string; name: string; label: string }
  /** A clustering not computed yet ("k-means of CDE", ROCK …): choosing it runs the call. */
  | { kind: 'run'; call: Call; label: string };

/** Above these sizes the dense-matrix clusterings are not offered (they would refuse). */
const SPECTRAL_LIMIT = 3000;
const ROCK_LIMIT = 5000;

/**
 * What objects can be coloured by: every object partition and object score result in the
 * store, and "k-means of" every representation computed (shown by a panel, or behind one).
 */
export function colorChoices(
  results: Record<string, ResultEntry>,
  nRows: number | null = null,
): ColorChoice[] {
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
      const of = { method: call.method, options: call.options, inputs: call.inputs };
      out.push({
        kind: 'run',
        call: { method: 'kmeans', inputs: { of } },
        label: `k-means of ${describeCall(call)}`,
      });
      if (nRows !== null && nRows <= SPECTRAL_LIMIT)
        out.push({
          kind: 'run',
          call: { method: 'spectral', inputs: { of } },
          label: `spectral clustering of ${describeCall(call)}`,
        });
    }
  }
  // Wang et al. 2015's link-based clusterings need no representation: offered once a table is in.
  if (nRows !== null && nRows <= ROCK_LIMIT && Object.keys(results).length > 0)
    for (const [similarity, name] of [
      ['jaccard', 'ROCK (Jaccard, θ = 0.5)'],
      ['caso', 'CROCK (CASO/n, θ = 0.9)'],
    ] as const)
      out.push({
        kind: 'run',
        call: { method: 'rock', options: { similarity, theta: similarity === 'caso' ? 0.9 : 0.5 } },
        label: name,
      });
  return out;
}
