import { countSteps } from '../../data/counts/counts.ts';
import { DataError, badOption } from '../../base/errors.ts';
import { dilcaModel } from './dilcaModel.ts';
import {
  contextTable,
  dilcaImpacts,
  dilcaObjectDistance,
  dilcaValueMatrix,
} from './dilcaResults.ts';
import { scaledSteps } from '../../base/jobs.ts';
import type { ParameterSpec } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import {
  classRows,
  parseRowList,
  withRows,
  type ClassRowsChoice,
} from '../../data/table/classRows.ts';
import type { CategoricalTable } from '../../data/table/types.ts';

export const DILCA_PAPER =
  'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS)';

export const DILCA_PARAMETERS = [
  {
    name: 'fitClass',
    type: 'string',
    default: null,
    suggest: 'class-label',
    emptyLabel: 'every row',
    description: 'Learn the model on the rows of this class (empty: every row)',
  },
  {
    name: 'fitSide',
    type: 'choice',
    default: 'equal',
    choices: ['equal', 'other'],
    choiceTitles: { equal: 'rows of that class', other: 'rows of every other class' },
    description: 'With a class: learn on its rows, or on the rows of every other class',
  },
  {
    name: 'moveRows',
    type: 'string',
    default: null,
    advanced: true,
    description:
      'Rows counted with the class (0-based, comma-separated): added to its rows, taken from the others — an analyst’s “this one is normal”',
  },
] as const satisfies readonly ParameterSpec[];

export function dilcaRows(
  table: CategoricalTable,
  options: { fitClass: string | null; fitSide: ClassRowsChoice['side']; moveRows?: string | null },
): Int32Array | null {
  if (options.fitClass === null) return null;
  const rows = classRows(
    table,
    { label: options.fitClass, side: options.fitSide },
    'DILCA on a class',
  );
  const moved = parseRowList(options.moveRows ?? null, table.nRows, 'moveRows');
  const out = withRows(rows, moved, options.fitSide === 'equal');
  if (out.length === 0) throw badOption('no row is left to learn DILCA from');
  return out;
}

/** "normal model (class none, 15 rows)". */
export function fitDescription(
  table: CategoricalTable,
  options: { fitClass: string | null; fitSide: ClassRowsChoice['side']; moveRows?: string | null },
  rows: number,
): string {
  if (options.fitClass === null) return `every row (${rows})`;
  const cls = table.classColumn?.name ?? 'class';
  const moved = parseRowList(options.moveRows ?? null, table.nRows).length;
  const marked =
    moved > 0 ? `, ${moved} marked ${options.fitSide === 'equal' ? 'added' : 'removed'}` : '';
  return `${cls} ${options.fitSide === 'equal' ? '=' : '≠'} ${options.fitClass}${marked}, ${rows} rows`;
}

/**
 * DILCA (DILCA/SAnDCat, Ienco et al. 2016, Sec. III): a context per attribute (FCBF on symmetric uncertainty) and value
 * distances from the conditional distributions given the context (Eq. (1)); objects compare by
 * Eq. (2). Learned on every row, or on the rows of one class (the normal model) or of every
 * other class (the abnormal model of Fig. 3) — the value domain stays the whole table's.
 */
export const dilcaMethod = defineMethod({
  id: 'dilca',
  title: 'DILCA',
  role: 'method',
  order: 7,
  paper: DILCA_PAPER,
  where: 'Sec. III, Eqs. (1)-(2); Table I, Figs. 2-3',
  description: 'Context-based value distances learned from the data (or one class of it)',
  parameters: DILCA_PARAMETERS,
  produces: ['value-matrix', 'object-distance', 'attribute-impacts', 'table'],
  reads: 'counts',
  check(table, options) {
    if (table.rowless && options.fitClass !== null)
      throw new DataError(
        'needs-rows',
        'DILCA on one class needs the class of each row: a table known by its counts alone can only learn DILCA on every row.',
      );
    dilcaRows(table, options);
  },
  *run(context, options) {
    const { table } = context;
    const rows = dilcaRows(table, options);
    const counts =
      rows === null ? context.counts : yield* scaledSteps(countSteps(table, { rows }), 0, 0.9);
    const model = dilcaModel(table, counts);
    for (const a of model.emptyContexts)
      context.warn(
        `${table.attributes[a]?.name}: no other attribute to form its context, so its values are at distance 0`,
      );
    const fit = fitDescription(table, options, counts.nRows);
    const distances = dilcaValueMatrix(table, model, `DILCA value distances — ${fit}`);
    return {
      ...(distances && { distances }),
      distance: dilcaObjectDistance(table, model, `DILCA distance — ${fit}`),
      modelImpact: dilcaImpacts(model, `Attribute model impact — ${fit}`),
      contexts: contextTable(table, [{ key: 'context', title: fit, model }]),
    };
  },
});
