import { scaledSteps } from '../base/jobs.ts';
import { ROW_BOUND } from '../base/parameters.ts';
import { objectNeighbourSteps } from '../neighbours/ofObject.ts';
import { inputOf, requireRepresentation } from '../platform/representation.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import { PROJECTION_INPUT } from './projectionStep.ts';
import { badOption } from '../base/errors.ts';

/** The most neighbours one question lists. */
export const MAX_NEIGHBOURS = 1000;

/**
 * The k nearest objects of one object under any representation's distance (an object embedding's
 * Euclidean distance, or an object distance evaluated on demand): exact, every other object
 * compared once (O(n) distances), or from the NN-descent graph a t-SNE already found on the same
 * representation (neighbours/graphMemo.ts). Ties are listed by row index.
 */
export const neighboursStep = defineMethod({
  id: 'object-neighbours',
  title: 'Nearest neighbours of an object',
  role: 'step',
  order: 20,
  listed: false,
  team: 'its scan of every object’s distance (neighbours/ofObject.ts)',
  paper: 'Dong, Charikar & Li 2011 (NN-descent), reused from the t-SNE of the same representation',
  where: 'the representation’s own distance; docs/neighbours.md',
  description: 'The k objects nearest to one object, with their distances',
  parameters: [
    {
      name: 'row',
      type: 'integer',
      default: 0,
      min: 0,
      ...ROW_BOUND,
      description: 'The object (its row index among the rows kept, 0-based)',
    },
    {
      name: 'k',
      type: 'integer',
      default: 10,
      min: 1,
      max: MAX_NEIGHBOURS,
      maxBecause:
        'each neighbour is a row of the answer with its differing values; the scan keeps the k best of every object',
      description: 'How many neighbours',
    },
    {
      name: 'search',
      type: 'choice',
      default: 'auto',
      choices: ['auto', 'exact'],
      choiceTitles: {
        auto: 'reuse a t-SNE’s NN-descent graph when there is one, else exact',
        exact: 'compare every object',
      },
      description: 'How the neighbours are found',
      advanced: true,
    },
  ],
  inputs: [PROJECTION_INPUT],
  produces: ['table'],
  check(table, options) {
    if (options.row >= table.nRows)
      throw badOption(`row must be below the table's ${table.nRows} rows, got ${options.row}`);
    if (options.k > table.nRows - 1)
      throw badOption(
        `k must be at most n − 1 = ${table.nRows - 1} (the other objects), got ${options.k}`,
      );
  },
  *run(context, options, inputs) {
    const representation = yield* scaledSteps(
      requireRepresentation(context, inputs.of as ResolvedCall),
      0,
      0.5,
    );
    const input = inputOf(representation, context.table, context.objectValues());
    const found = yield* scaledSteps(
      objectNeighbourSteps(input, options.row, options.k, options.search === 'auto'),
      0.5,
      1,
    );
    const lines = context.table.sourceLines;
    return {
      neighbours: {
        kind: 'table',
        title: `${options.k} nearest of line ${lines[options.row] ?? options.row + 2} under ${representation.title}`,
        notes: [
          found.search === 'graph'
            ? 'from the NN-descent graph of a t-SNE of this representation (distances exact)'
            : `exact: every other object compared`,
        ],
        columns: [
          { key: 'row', title: 'row' },
          { key: 'line', title: 'line' },
          { key: 'distance', title: 'distance' },
        ],
        rows: Array.from(found.indices, (j, t) => ({
          row: j,
          line: lines[j] ?? j + 2,
          distance: found.distances[t] as number,
        })),
      },
    };
  },
});
