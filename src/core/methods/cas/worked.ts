/**
 * Wang et al. 2015's worked values (reference notes), so the walk-through can print the paper's number
 * beside ours when the same attribute and values are chosen on the same data set.
 */
export interface WorkedValue {
  /** Attribute names that identify the data set (all must be present). */
  dataset: readonly string[];
  attribute: string;
  x: string;
  y: string;
  quantity: 'IaASV' | 'IeASV' | 'CASV';
  paper: number;
}

const TOY = ['a1', 'a2', 'a3'];
const MOVIE = ['Director', 'Actor', 'Genre'];

export const WORKED_VALUES: readonly WorkedValue[] = [
  { dataset: TOY, attribute: 'a2', x: 'B1', y: 'B2', quantity: 'IaASV', paper: 0.5 },
  { dataset: TOY, attribute: 'a2', x: 'B1', y: 'B2', quantity: 'IeASV', paper: 0.25 },
  { dataset: TOY, attribute: 'a2', x: 'B1', y: 'B2', quantity: 'CASV', paper: 0.125 },
  {
    dataset: MOVIE,
    attribute: 'Director',
    x: 'Scorsese',
    y: 'Coppola',
    quantity: 'IaASV',
    paper: 1 / 3,
  },
  {
    dataset: MOVIE,
    attribute: 'Director',
    x: 'Scorsese',
    y: 'Coppola',
    quantity: 'CASV',
    paper: 1 / 3,
  },
  {
    dataset: MOVIE,
    attribute: 'Director',
    x: 'Coppola',
    y: 'Coppola',
    quantity: 'CASV',
    paper: 1 / 3,
  },
  { dataset: MOVIE, attribute: 'Director', x: 'Koster', y: 'Coppola', quantity: 'CASV', paper: 0 },
  {
    dataset: MOVIE,
    attribute: 'Director',
    x: 'Koster',
    y: 'Hitchcock',
    quantity: 'CASV',
    paper: 0.25,
  },
];

/** The paper's value of a quantity for this pair, when it printed one (either order). */
export function workedValue(
  attributes: readonly string[],
  attribute: string,
  x: string,
  y: string,
  quantity: WorkedValue['quantity'],
): number | null {
  const found = WORKED_VALUES.find(
    (w) =>
      w.quantity === quantity &&
      w.attribute === attribute &&
      ((w.x === x && w.y === y) || (w.x === y && w.y === x)) &&
      w.dataset.every((name) => attributes.includes(name)),
  );
  return found ? found.paper : null;
}
