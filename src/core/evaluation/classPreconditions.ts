import { notApplicable, badOption } from '../base/errors.ts';
import { outlierMask } from './indicators.ts';
import type { CategoricalTable } from '../data/table/types.ts';

/**
 * The preconditions of the steps that measure a representation or a detector against the class
 * (declared in their `check`, so a table without them is refused before anything runs, and Run
 * all marks the step “not applicable” with this reason).
 */

/** A class column with at least two classes present: what every evaluation compares. */
export function checkClasses(table: CategoricalTable, what: string): void {
  const cls = table.classColumn;
  if (!cls) throw notApplicable(`${what} needs a class column`);
  const present = new Set(cls.codes);
  if (present.size < 2)
    throw notApplicable(
      `${what} compares the classes, and ${cls.name} holds ${present.size === 0 ? 'none' : `only “${cls.labels[[...present][0] as number]}”`} in this table: it needs two or more`,
    );
}

/** The outliers are one class: it must hold some objects, and not all of them. */
export function checkOutlierClass(table: CategoricalTable, label: string): void {
  const mask = outlierMask(table, label);
  let outliers = 0;
  for (const x of mask) outliers += x;
  const name = table.classColumn?.name ?? 'the class';
  if (outliers === 0)
    throw badOption(`no object is of ${name} “${label}”: there are no outliers to rank`);
  if (outliers === mask.length)
    throw badOption(
      `every object is of ${name} “${label}”: there are no normal objects to rank the outliers against`,
    );
}
