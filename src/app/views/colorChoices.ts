import { describeCall } from '../../core/platform/calls.ts';
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
 * store, and "k-means of" every representation a method computed.
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
  for (const entry of Object.values(results)) {
    if (entry.status !== 'done' || !entry.output || methodSpec(entry.call.method).role !== 'method')
      continue;
    if (
      Object.values(entry.output.results).some((r) =>
        (REPRESENTATION_KINDS as readonly string[]).includes(r.kind),
      )
    )
      out.push({ kind: 'kmeans', of: entry.call, label: `k-means of ${describeCall(entry.call)}` });
  }
  return out;
}
