import { callDependencies, describeCall } from '../../core/platform/calls.ts';
import { clusteringSteps, methodSpec } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { Call, InputSpec } from '../../core/platform/spec.ts';
import type { ResultEntry } from './resultsSlice.ts';
import { inSentence } from '../model/numberFormat.ts';

/** One entry of the colour-by menu. */
export type ColorChoice =
  | { kind: 'result'; key: string; name: string; label: string }
  /** A clustering not computed yet ("k-means of CDE", ROCK …): choosing it runs the call. */
  | { kind: 'run'; call: Call; label: string };

/**
 * What objects can be coloured by: every object partition and object score result in the
 * store, and "k-means of" every representation computed (shown by a panel, or behind one).
 */
export function colorChoices(
  results: Record<string, ResultEntry>,
  nRows: number | null = null,
): ColorChoice[] {
  const out: ColorChoice[] = [];
  // The clustering steps this table can take (no more objects than a step's n × n allows).
  const clustering = clusteringSteps().filter(
    (s) => s.maxObjects === undefined || (nRows !== null && nRows <= s.maxObjects),
  );
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
      for (const step of clustering.filter((s) => s.inputs?.length))
        out.push({
          kind: 'run',
          call: { method: step.id, inputs: { [(step.inputs?.[0] as InputSpec).name]: of } },
          label: `${inSentence(step.title)} of ${describeCall(call)}`,
        });
    }
  }
  // Clusterings that need no representation (Wang et al. 2015's link-based ROCK and CROCK):
  // their presets, offered once a table is in.
  if (Object.keys(results).length > 0)
    for (const step of clustering.filter((s) => !s.inputs?.length))
      for (const preset of step.presets ?? [{ label: step.title, options: {} }])
        out.push({
          kind: 'run',
          call: { method: step.id, options: preset.options },
          label: preset.label,
        });
  return out;
}
