import { scaledSteps, type Steps } from '../base/jobs.ts';
import type { ParameterSpec } from '../base/parameters.ts';
import {
  projectionSource,
  REPRESENTATION_KINDS,
  requireRepresentation,
} from '../platform/representation.ts';
import type { InputSpec, MethodContext, ResolvedCall } from '../platform/spec.ts';
import { projectSteps, type LayoutSteps, type ProjectionOptions } from './project.ts';
import type { Results } from '../platform/results.ts';
import { objectSample, sampleSource, spreadLayout } from './objectSample.ts';

/**
 * What the three projection steps (t-SNE, MDS, PCA) share: their input — any representation
 * (an object embedding, or a distance evaluated on demand) — and their results: the 2-D layout
 * as a dense object embedding, and its quality as measures.
 */
export const PROJECTION_INPUT: InputSpec = {
  name: 'of',
  accepts: REPRESENTATION_KINDS,
  description: 'the representation projected: any object embedding or object distance',
};

export const QUALITY_PARAMETER = {
  name: 'quality',
  type: 'boolean',
  default: true,
  description: 'Measure trustworthiness and continuity (k = 10)',
} as const satisfies ParameterSpec;

export const PROJECTION_PAPER =
  'van der Maaten & Hinton 2008 (t-SNE); Torgerson 1952, de Silva & Tenenbaum 2004 (MDS); used by Ienco et al. 2016 (Sec. IV-D) and Zhu et al. 2022 (Sec. 6.2.3)';

export function* projectRepresentation(
  context: MethodContext,
  of: ResolvedCall,
  layout: LayoutSteps,
  options: ProjectionOptions & {
    /** The share of variance of the two axes, for a principal-components layout. */
    explained?: boolean;
    /** Lay out at most this many objects, a seeded sample (objectSample.ts); 0 or absent: all. */
    sample?: number;
  },
): Steps<Results> {
  const representation = yield* scaledSteps(requireRepresentation(context, of), 0, 0.05);
  const source = projectionSource(
    representation,
    context.table,
    context.counts,
    context.objectValues(),
  );
  const n = representation.n;
  const rows = objectSample(n, options.sample ?? 0, options.seed ?? 0);
  const laidOut = rows ? sampleSource(source, rows) : source;
  const p = yield* scaledSteps(projectSteps(laidOut, layout, options), 0.05, 1);
  for (const [name, value] of Object.entries(p.automatic ?? {})) context.automatic(name, value);
  const q = p.quality;
  const explained = options.explained ? source.explained?.() : undefined;
  const detail = rows
    ? `${p.detail}; a seeded sample of ${count(rows.length)} of ${count(n)} objects laid out, the others not drawn`
    : p.detail;
  return {
    layout: {
      kind: 'object-embedding',
      form: 'dense',
      title: `${representation.title}, ${detail}`,
      n,
      dims: 2,
      data: rows ? spreadLayout(p.coordinates, rows, n) : p.coordinates,
      notes: [detail],
    },
    quality: {
      kind: 'measures',
      title: 'Layout quality',
      values: [
        { name: 'dims', title: 'dimensions projected', value: source.dims },
        { name: 'kl', title: 'KL(P‖Q)', value: p.kl },
        { name: 'stress', title: 'Kruskal stress-1', value: p.stress },
        { name: 'trustworthiness', title: 'trustworthiness', value: q?.trustworthiness ?? null },
        { name: 'continuity', title: 'continuity', value: q?.continuity ?? null },
        { name: 'k', title: 'neighbours k', value: q?.k ?? null },
        { name: 'sampled', title: 'objects sampled for quality', value: q?.sampled ?? null },
        { name: 'laidOut', title: 'objects laid out', value: rows?.length ?? n },
        { name: 'pc1Share', title: 'variance on PC1', value: explained?.[0] ?? null },
        { name: 'pc2Share', title: 'variance on PC2', value: explained?.[1] ?? null },
      ],
    },
  };
}

const count = (x: number): string => x.toLocaleString('en-US');
