import { checkClasses } from './classPreconditions.ts';
import { internalIndicesSteps, INTERNAL_INDICES_MAX_OBJECTS } from './internalIndices.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { distanceOf } from '../platform/projectionInput.ts';
import { describeCall } from '../platform/calls.ts';
import { projectionSource, requireRepresentation } from '../platform/representation.ts';
import { REPRESENTATION_KINDS } from '../platform/representation.ts';
import { defineMethod, type MethodContext, type ResolvedCall } from '../platform/spec.ts';
import type { Cell, MethodFailure } from '../platform/results.ts';
import { failureRow, isolated, unlessAllFailed } from './isolated.ts';
import { badOption } from '../base/errors.ts';

/**
 * Wang et al. 2015 (coupled attribute similarity) Sec. VIII-A: how well each object dissimilarity separates the given classes, by four
 * internal descriptors of the class partition — RD (mean dissimilarity between classes over the
 * mean within, larger is better), DBI (Davies–Bouldin with medoids, smaller), DI (Dunn,
 * larger) and SD (the sum of dissimilarities within classes, smaller; in each measure's own
 * units — the paper normalises before plotting Fig. 2).
 */
export const internalIndicesStep = defineMethod({
  id: 'internal-indices',
  title: 'Cluster structure (RD, DBI, DI, SD)',
  role: 'step',
  order: 24,
  paper: 'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)',
  where: 'Sec. VIII-A, Fig. 2',
  description: 'How well each dissimilarity separates the classes: RD, DBI, DI and SD',
  parameters: [],
  inputs: [
    {
      name: 'methods',
      many: true,
      accepts: REPRESENTATION_KINDS,
      description: 'the dissimilarities compared: any object distance or embedding',
    },
  ],
  produces: ['table'],
  check(table) {
    checkClasses(table, 'the cluster-structure indices');
    if (table.nRows > INTERNAL_INDICES_MAX_OBJECTS)
      throw badOption(
        `the indices compare every pair of objects and are limited to ${INTERNAL_INDICES_MAX_OBJECTS.toLocaleString('en-US')} objects; this table has ${table.nRows.toLocaleString('en-US')}`,
      );
  },
  *run(context, _options, inputs) {
    const { table } = context;
    const labels = (table.classColumn as { codes: Int32Array }).codes;
    const methods = inputs.methods as ResolvedCall[];
    const rows: Record<string, Cell>[] = [];
    const failures: MethodFailure[] = [];
    for (const [m, ref] of methods.entries()) {
      const at = (f: number): number => (m + f) / methods.length;
      const outcome = yield* isolated(context.table, ref, indicesOf(context, ref, labels, at));
      if (outcome.ok) rows.push(outcome.value);
      else {
        failures.push(outcome.failure);
        rows.push(failureRow(outcome.failure));
      }
    }
    unlessAllFailed(methods.length, failures);
    return {
      table: {
        kind: 'table',
        title: 'Cluster structure of the classes under each dissimilarity',
        columns: [
          { key: 'title', title: 'dissimilarity' },
          { key: 'rd', title: 'RD ↑' },
          { key: 'dbi', title: 'DBI ↓' },
          { key: 'di', title: 'DI ↑' },
          { key: 'sd', title: 'SD ↓' },
        ],
        rows,
        ...(failures.length > 0 && { failures }),
        notes: [
          `the classes of ${table.classColumn?.name} as the partition; RD = mean between / mean within, DBI with medoids, DI = nearest classes / widest class, SD in each dissimilarity's own units (undefined values shown as —)`,
        ],
      },
    };
  },
});

/** One dissimilarity's four indices of the class partition, as its row. */
function* indicesOf(
  context: MethodContext,
  ref: ResolvedCall,
  labels: Int32Array,
  at: (fraction: number) => number,
): Steps<Record<string, Cell>> {
  const { table } = context;
  const representation = yield* scaledSteps(requireRepresentation(context, ref), at(0), at(0));
  const source = projectionSource(representation, table, context.counts, context.objectValues());
  const title = describeCall(ref);
  const indices = yield* scaledSteps(
    internalIndicesSteps(distanceOf(source.input), table.nRows, labels, {
      method: title,
      lines: table.sourceLines,
    }),
    at(0),
    at(1),
  );
  const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
  return {
    method: ref.method,
    title,
    rd: finite(indices.rd),
    dbi: finite(indices.dbi),
    di: finite(indices.di),
    sd: finite(indices.sd),
  };
}
