import { casModelSteps } from './casModel.ts';
import { casWalkthrough } from './walkthrough.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';
import { defineMethod } from '../../platform/spec.ts';
import { parseRowList } from '../../data/table/classRows.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { badOption } from '../../base/errors.ts';

interface Choice {
  attribute: string | null;
  x: string | null;
  y: string | null;
}

/** The attribute and the two values chosen (defaults: the first attribute, its first two values). */
function resolve(table: CategoricalTable, options: Choice) {
  const j =
    options.attribute === null
      ? 0
      : table.attributes.findIndex((a) => a.name === options.attribute);
  const attr = table.attributes[j];
  if (!attr)
    throw badOption(
      `“${options.attribute}” is not a feature attribute (${table.attributes
        .slice(0, 6)
        .map((a) => a.name)
        .join(', ')}${table.attributes.length > 6 ? ', …' : ''})`,
    );
  const value = (label: string | null, fallback: number): number => {
    if (label === null) return Math.min(fallback, attr.labels.length - 1);
    const code = attr.labels.indexOf(label);
    if (code < 0)
      throw badOption(
        `“${label}” is not a value of ${attr.name} (${attr.labels.slice(0, 8).join(', ')})`,
      );
    return code;
  };
  return { j, x: value(options.x, 0), y: value(options.y, 1) };
}

/** Two rows from “i,j” (0-based), or null when none is given. */
function objectPairOf(table: CategoricalTable, text: string | null): [number, number] | null {
  const parts = (text ?? '').split(',').filter((t) => t.trim() !== '');
  if (parts.length === 0) return null;
  const rows = parseRowList(text, table.nRows, 'objects');
  if (parts.length !== 2) throw badOption(`objects: give two rows, “i,j”, got ${parts.length}`);
  return rows.length === 2
    ? [rows[0] as number, rows[1] as number]
    : [rows[0] as number, rows[0] as number];
}

/**
 * A teaching walk-through of Wang et al. 2015 (coupled attribute similarity): every intermediate quantity of Eqs. (5)-(16) for two
 * values of an attribute (and two objects), the paper's numbers beside ours where it printed them.
 */
export const casWalkthroughStep = defineMethod({
  id: 'cas-walkthrough',
  reading: 'walkthrough',
  title: 'Coupled similarity walk-through',
  role: 'step',
  order: 25,
  paper: 'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)',
  where: 'Eqs. (5)-(16), Tables II and V-VIII',
  description:
    'Every quantity of IaASV, IeASV, CASV, CASO and CADO for chosen values, step by step',
  parameters: [
    {
      name: 'attribute',
      type: 'string',
      default: null,
      suggest: 'attribute',
      emptyLabel: 'the first',
      description: 'The attribute whose values are compared',
    },
    {
      name: 'x',
      type: 'string',
      default: null,
      suggest: 'value',
      valuesOf: 'attribute',
      emptyLabel: 'its first value',
      description: 'The first value',
    },
    {
      name: 'y',
      type: 'string',
      default: null,
      suggest: 'value',
      valuesOf: 'attribute',
      emptyLabel: 'its second value',
      description: 'The second value',
    },
    {
      name: 'objects',
      type: 'string',
      default: null,
      description: 'Two rows (0-based, “1,2”) whose CASO and CADO are broken down',
    },
  ],
  produces: ['table'],
  check(table, options) {
    checkCouplingSize(table, 'the walk-through');
    resolve(table, options);
    objectPairOf(table, options.objects);
  },
  *run(context, options) {
    const { table } = context;
    const { j, x, y } = resolve(table, options);
    const model = yield* casModelSteps(table, context.counts, { irs: 'I' });
    const objects = objectPairOf(table, options.objects);
    return casWalkthrough(table, context.counts, model, { attribute: j, x, y, objects });
  },
});
