import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../../../src/core/data/table/types.ts';
import { preparationLine } from '../../../../src/app/views/summary/PreparationControls.tsx';

const summary = (missingPolicy: string, delimiter: string): TableSummary =>
  ({
    rows: 10,
    totalRows: 10,
    droppedRows: 0,
    missingPolicy,
    classDetected: null,
    delimiter,
    columns: [],
    warnings: [],
  }) as unknown as TableSummary;

describe('preparationLine: the collapsed line of the preparation’s settings', () => {
  it('with nothing chosen: no class, missing auto (its choice named), the default binning', () => {
    expect(preparationLine(summary('drop', ','), null, {})).toBe(
      'class: none · missing: drop rows (auto) · numeric: equal-frequency bins, 10 bins · comma-separated',
    );
  });

  it('with the user’s choices: the class, a chosen policy (no “auto”), the binning, the delimiter', () => {
    expect(
      preparationLine(summary('mode', ';'), 'type', {
        missing: 'mode',
        discretisation: 'equal-width',
        bins: 4,
      }),
    ).toBe(
      'class: type · missing: column mode · numeric: equal-width bins, 4 bins · semicolon-separated',
    );
    expect(preparationLine(summary('own', '\t'), 'c', { discretisation: 'raw' })).toBe(
      'class: c · missing: own value (auto) · numeric: raw values, 10 bins · tab-separated',
    );
  });
});
