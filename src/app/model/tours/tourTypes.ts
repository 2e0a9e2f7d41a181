import type { OptionValue } from '../../../core/base/parameters.ts';

/**
 * A guided tour of one paper: a small table and the steps of its computation, each with the
 * panels it needs, the cells the live views highlight and the paper's printed numbers to put
 * beside the app's own.
 */
export interface Tour {
  id: string;
  /** "Coupled attribute similarity". */
  title: string;
  /** The paper by author and year, and its seed in /work/shared/papers. */
  paper: string;
  seed: string;
  steps: readonly TourStep[];
}

export interface TourStep {
  title: string;
  /** One to three sentences: what is computed, with the equation's number. */
  text: string;
  /** The bundled sample this step runs on, and columns left out beside the sample's own. */
  sample: string;
  drop?: readonly string[];
  /** The panels, by add-panel entry (`view` or `view:method`), with method options. */
  panels: readonly TourPanel[];
  highlight?: TourHighlight;
  numbers: readonly PaperNumber[];
}

export interface TourPanel {
  entry: string;
  options?: Readonly<Record<string, OptionValue>>;
  /** For a comparison step: the methods it compares (by id), instead of every one. */
  methods?: readonly string[];
}

/**
 * What the live views outline: heatmap cells named by their items (`Attribute=value` in value
 * views, attribute names in the attribute-coupling view), table rows whose first cell starts
 * with a text, the words of a word cloud (attribute names) and values in the data table.
 */
export interface TourHighlight {
  cells?: readonly (readonly [string, string])[];
  rows?: readonly string[];
  words?: readonly string[];
  /** The data table's cells holding these values (`Attribute=value`). */
  values?: readonly string[];
}

/** A number the paper printed, and where the app's own is read from a live result. */
export interface PaperNumber {
  label: string;
  /** The printed value, and how it is printed ("1/3", "0.4714"). */
  paper: number;
  printed: string;
  /** Decimals ours is shown with; agreement is within half a unit of the last printed digit. */
  digits: number;
  /** Table, figure or equation of the paper. */
  cite: string;
  read: Reading;
}

/**
 * Where ours comes from: a result of one of the step's panels (by its index in `panels`), the
 * loaded table's counts or shape, or the data indicators the worker computes.
 */
export type Reading =
  /** A table result's cell: the row whose first cell starts with `row`, in column `column`. */
  | { from: 'table'; panel: number; result: string; row: string; column: string }
  /** A value-matrix result's cell, rows and columns named `Attribute=value`. */
  | { from: 'matrix'; panel: number; result: string; row: string; col: string }
  /** How many values a value-matrix result has rows for. */
  | { from: 'matrix-size'; panel: number; result: string }
  /** An attribute-impacts result's value for one attribute. */
  | { from: 'impact'; panel: number; result: string; attribute: string }
  /** FCI or VCI (CURE Eqs. 16-17). */
  | { from: 'indicator'; name: 'fci' | 'vci' }
  /** How many rows hold both values (the co-occurrence count). */
  | { from: 'count'; a: string; b: string }
  /** p(value): the value's count over the rows. */
  | { from: 'frequency'; value: string }
  /** p(value | given): rows holding both over rows holding `given`. */
  | { from: 'conditional'; value: string; given: string }
  /** The linear kernel ⟨m_Ie(v), m_Ie(v)⟩ of a value's inter-attribute coupling space. */
  | { from: 'inter-kernel'; value: string }
  | { from: 'shape'; what: 'rows' | 'values' | 'attributes' };

/** Half a unit in the last printed digit (a tiny slack for floating point). */
export function agrees(ours: number, paper: number, digits: number): boolean {
  return Math.abs(ours - paper) <= 0.5 * 10 ** -digits + 1e-12;
}
