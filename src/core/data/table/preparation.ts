import type { OptionsOf, ParameterSpec } from '../../base/parameters.ts';
import type { ParseOptions } from '../csv/parse.ts';
import type { Delimiter } from '../csv/sniff.ts';
import type { PrepareOptions } from './prepare.ts';
import type { Discretisation, MissingPolicy } from './types.ts';

/**
 * How a file becomes the modelled table, as parameter tables — the single source of these
 * options' defaults and bounds for the CLI's flags (`--missing auto`), the app's data summary
 * and the checks of `prepareTable`. Reading (the CSV's delimiter, ragged rows, missing tokens)
 * comes first, then preparation (class, columns, missing cells, numeric bins).
 */
export const READ_PARAMETERS = [
  {
    name: 'delimiter',
    type: 'choice',
    default: 'auto',
    choices: ['auto', 'comma', 'semicolon', 'tab'],
    description: 'Field delimiter (auto: sniffed from the first 64 KB)',
  },
  {
    name: 'skipRagged',
    type: 'boolean',
    default: false,
    description:
      'Skip rows whose field count differs from the header’s instead of refusing the file',
  },
  {
    name: 'missingTokens',
    type: 'string',
    default: null,
    emptyLabel: 'the usual ones (?, NA, …)',
    description:
      'Cells equal to one of these (comma-separated; an empty cell always is) are missing',
  },
] as const satisfies readonly ParameterSpec[];

export const PREPARE_PARAMETERS = [
  {
    name: 'class',
    type: 'string',
    default: null,
    suggest: 'attribute',
    emptyLabel: 'none',
    description: 'The class column: it colours views and drives evaluation, never a feature',
  },
  {
    name: 'drop',
    type: 'string',
    default: null,
    description: 'Columns left out, comma-separated',
  },
  {
    name: 'include',
    type: 'string',
    default: null,
    description:
      'Columns kept although left out by default (identifier, constant, too many values), comma-separated',
  },
  {
    name: 'missing',
    type: 'choice',
    default: 'drop',
    choices: ['drop', 'own', 'mode', 'auto'],
    choiceTitles: {
      drop: 'drop rows',
      own: 'own value',
      mode: 'column mode',
      auto: 'auto',
    },
    description:
      'Rows with a missing cell in a used column: dropped (the papers), missing as its own value, the column’s mode, or auto (dropped unless that loses more than 5 % of the rows, else its own value)',
  },
  {
    name: 'bins',
    type: 'integer',
    default: 10,
    min: 2,
    max: 1000,
    maxBecause:
      'each bin is a value whose pairs every count tracks; for more, read the raw values (discretise raw)',
    description: 'Bins of a numeric column (DILCA/SAnDCat, Ienco et al. 2016: 10)',
  },
  {
    name: 'discretise',
    type: 'choice',
    default: 'equal-frequency',
    choices: ['equal-frequency', 'equal-width', 'raw'],
    choiceTitles: {
      'equal-frequency': 'equal-frequency bins',
      'equal-width': 'equal-width bins',
      raw: 'raw values',
    },
    description: 'How a numeric column becomes categorical',
  },
] as const satisfies readonly ParameterSpec[];

export type ReadParameters = OptionsOf<typeof READ_PARAMETERS>;
export type PrepareParameters = OptionsOf<typeof PREPARE_PARAMETERS>;

const DELIMITERS: Readonly<Record<ReadParameters['delimiter'], Delimiter | 'auto'>> = {
  auto: 'auto',
  comma: ',',
  semicolon: ';',
  tab: '\t',
};

/** The CSV reader's options from resolved read parameters. */
export function parseOptionsOf(o: ReadParameters): ParseOptions {
  return {
    delimiter: DELIMITERS[o.delimiter],
    skipRaggedRows: o.skipRagged,
    // An empty cell is always missing; the option lists the other tokens.
    ...(o.missingTokens !== null ? { missingTokens: ['', ...commaList(o.missingTokens)] } : {}),
  };
}

/** prepareTable's options from resolved preparation parameters. */
export function prepareOptionsOf(o: PrepareParameters): PrepareOptions {
  return {
    classColumn: o.class,
    drop: commaList(o.drop),
    include: commaList(o.include),
    missing: o.missing as MissingPolicy | 'auto',
    bins: o.bins,
    discretisation: o.discretise as Discretisation,
  };
}

/** A parameter of the preparation table, by name (for checks that name it). */
export function prepareParameter(name: PreparationName): ParameterSpec {
  return PREPARE_PARAMETERS.find((p) => p.name === name) as ParameterSpec;
}

type PreparationName = (typeof PREPARE_PARAMETERS)[number]['name'];

function commaList(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
