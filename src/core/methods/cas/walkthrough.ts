import { pairName } from '../../base/checkedValue.ts';
import type { Counts } from '../../data/counts/counts.ts';
import type { Cell, ResultTable } from '../../platform/results.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { coOccurring, conditionalTable } from './conditional.ts';
import { intraSimilarity } from './intra.ts';
import { IRS_FUNCTIONS, IRS_VARIANTS, IRSP_MAX_VALUES, irsInput } from './irs.ts';
import type { CasModel } from './casModel.ts';
import { objectPair } from './objects.ts';
import { workedValue } from './worked.ts';

export interface WalkthroughChoice {
  /** Attribute index and two of its values (local codes). */
  attribute: number;
  x: number;
  y: number;
  /** Two rows whose CASO / CADO are broken down, or null. */
  objects: [number, number] | null;
}

/** Four decimals, as the paper prints. */
const f = (x: number): string => x.toFixed(4);

/**
 * Every intermediate quantity of Wang et al. 2015 (coupled attribute similarity) Eqs. (5)-(16) for two values of one attribute (and two
 * objects), as tables a teacher can step through, with the paper's number beside ours where it
 * printed one (reference notes: coupled-toy's B1/B2, movie's directors).
 */
export function casWalkthrough(
  table: CategoricalTable,
  counts: Counts,
  model: CasModel,
  choice: WalkthroughChoice,
): Record<string, ResultTable> {
  const attr = table.attributes[choice.attribute] as Attribute;
  const [lx, ly] = [attr.labels[choice.x] as string, attr.labels[choice.y] as string];
  const names = table.attributes.map((a) => a.name);
  const pair: ValuePair = {
    ...choice,
    attr,
    lx,
    ly,
    paper(q) {
      const v = workedValue(names, attr.name, lx, ly, q);
      return v === null ? null : f(v);
    },
  };
  const { table: intra, ia } = intraStep(counts, pair);
  const { table: inter, ie } = interStep(table, counts, model, pair);
  const out: Record<string, ResultTable> = { intra, inter, coupled: coupledStep(pair, ia, ie) };
  if (choice.objects) out.objects = objectsStep(table, model, choice.objects);
  return out;
}

interface Attribute {
  name: string;
  labels: string[];
  offset: number;
}

/** The two values compared, their labels, and the paper's worked value of a quantity. */
interface ValuePair extends WalkthroughChoice {
  attr: Attribute;
  lx: string;
  ly: string;
  paper(q: 'IaASV' | 'IeASV' | 'CASV'): Cell;
}

const QUANTITY_COLUMNS = [
  { key: 'quantity', title: 'quantity' },
  { key: 'formula', title: 'formula' },
  { key: 'value', title: 'ours' },
  { key: 'paper', title: 'paper' },
];

/** Step 1: IaASV (Eq. 5) from the two values' frequencies. */
function intraStep(counts: Counts, v: ValuePair): { table: ResultTable; ia: number } {
  const { attr, lx, ly } = v;
  const gx = counts.cooccurrence.valueCounts[attr.offset + v.x] as number;
  const gy = counts.cooccurrence.valueCounts[attr.offset + v.y] as number;
  const ia = intraSimilarity(gx, gy);
  const table: ResultTable = {
    kind: 'table',
    title: `Step 1 — IaASV (Eq. 5): how often ${lx} and ${ly} occur`,
    columns: QUANTITY_COLUMNS,
    rows: [
      {
        quantity: `|G(${lx})|`,
        formula: `objects with ${attr.name} = ${lx}`,
        value: String(gx),
        paper: null,
      },
      {
        quantity: `|G(${ly})|`,
        formula: `objects with ${attr.name} = ${ly}`,
        value: String(gy),
        paper: null,
      },
      {
        quantity: `IaASV(${lx}, ${ly})`,
        formula: `${gx}·${gy} / (${gx} + ${gy} + ${gx}·${gy})`,
        value: f(ia),
        paper: v.paper('IaASV'),
      },
    ],
  };
  return { table, ia };
}

/** Step 2: IeASV (Eq. 13), one row per other attribute with its IRS terms and weight. */
function interStep(
  table: CategoricalTable,
  counts: Counts,
  model: CasModel,
  v: ValuePair,
): { table: ResultTable; ie: number } {
  const c = counts.cooccurrence;
  const D = table.attributes.length;
  const { attr, lx, ly, x, y } = v;
  const j = v.attribute;
  const interRows: Record<string, Cell>[] = [];
  let ie = 0;
  for (let k = 0; k < D; k++) {
    if (k === j || D === 1) continue;
    const other = table.attributes[k] as { name: string; labels: string[] };
    const mk = other.labels.length;
    const cond = conditionalTable(c, j, k);
    const phi = coOccurring(cond, attr.labels.length, mk);
    const input = irsInput(cond, phi, x, y, mk);
    const list = (codes: Int32Array, row: number): string =>
      Array.from(
        codes,
        (u) => `${other.labels[u]} ${(cond[row * mk + u] as number).toFixed(2)}`,
      ).join(', ') || '∅';
    const both = Array.from(input.phiX).filter((u) => input.phiY.includes(u));
    const deltas = Object.fromEntries(
      IRS_VARIANTS.map((variant) => [
        variant,
        variant === 'P' && mk > IRSP_MAX_VALUES ? null : IRS_FUNCTIONS[variant](input, { icp: 0 }),
      ]),
    );
    const alpha = model.weights[j * D + k] as number;
    const delta = deltas.I as number;
    ie += alpha * delta;
    interRows.push({
      attribute: other.name,
      phiX: list(input.phiX, x),
      phiY: list(input.phiY, y),
      common: both.map((u) => other.labels[u]).join(', ') || '∅',
      irsi: f(delta),
      others: IRS_VARIANTS.filter((u) => u !== 'I')
        .map((u) => `IRS${u} ${deltas[u] === null ? '—' : f(deltas[u] as number)}`)
        .join(' · '),
      alpha: f(alpha),
      term: f(alpha * delta),
    });
  }
  if (D === 1) ie = x === y ? 1 : 0;
  interRows.push({
    attribute: `IeASV(${lx}, ${ly}) = Σ α·δ`,
    phiX: null,
    phiY: null,
    common: null,
    irsi: null,
    others: null,
    alpha: null,
    term: f(ie),
    paper: v.paper('IeASV'),
  });
  return {
    ie,
    table: {
      kind: 'table',
      title: `Step 2 — IeASV (Eq. 13): how alike ${lx} and ${ly} co-occur with the other attributes`,
      columns: [
        { key: 'attribute', title: 'other attribute k' },
        { key: 'phiX', title: `ϕ(${lx}): P(v | ${lx})` },
        { key: 'phiY', title: `ϕ(${ly}): P(v | ${ly})` },
        { key: 'common', title: 'ϕ ∩ ϕ' },
        { key: 'irsi', title: 'IRSI δ (Eq. 12)' },
        { key: 'others', title: 'IRSP, IRSU, IRSJ (Eqs. 8, 10, 11)' },
        { key: 'alpha', title: 'α_k' },
        { key: 'term', title: 'α·δ' },
        { key: 'paper', title: 'paper' },
      ],
      rows: interRows,
      notes: [
        'δ(IRSI) = Σ over the values both co-occur with of min(P(v|x), P(v|y)); all four variants agree (Theorem 6.1)',
      ],
    },
  };
}

/** Step 3: CASV (Eq. 14) and the CADO term (Eq. 16) of the two values. */
function coupledStep(v: ValuePair, ia: number, ie: number): ResultTable {
  const h1 = ia > 0 ? 1 / ia - 1 : 2;
  return {
    kind: 'table',
    title: 'Step 3 — CASV (Eq. 14) and the CADO term (Eq. 16)',
    columns: QUANTITY_COLUMNS,
    rows: [
      {
        quantity: `CASV(${v.lx}, ${v.ly})`,
        formula: `IaASV · IeASV = ${f(ia)} · ${f(ie)}`,
        value: f(ia * ie),
        paper: v.paper('CASV'),
      },
      {
        quantity: 'CADO term',
        formula: `h1(IaASV)·h2(IeASV) = (1/${f(ia)} − 1)·(1 − ${f(ie)})`,
        value: f(h1 * (1 - ie)),
        paper: null,
      },
    ],
  };
}

/** Step 4: CASO (Eq. 15) and CADO (Eq. 16) of two objects, attribute by attribute. */
function objectsStep(
  table: CategoricalTable,
  model: CasModel,
  [a, b]: readonly [number, number],
): ResultTable {
  const pair = objectPair(table, model, a, b);
  return {
    kind: 'table',
    title: `Step 4 — CASO (Eq. 15) and CADO (Eq. 16) of ${pairName(a, b, table.sourceLines)}`,
    columns: [
      { key: 'attribute', title: 'attribute' },
      { key: 'values', title: 'values' },
      { key: 'casv', title: 'CASV' },
      { key: 'cado', title: 'CADO term' },
    ],
    rows: [
      ...pair.perAttribute.map((p) => ({
        attribute: p.name,
        values: `${p.x} · ${p.y}`,
        casv: f(p.casv),
        cado: f(p.cado),
      })),
      {
        attribute: 'Σ over attributes',
        values: 'CASO · CADO',
        casv: f(pair.caso),
        cado: f(pair.cado),
      },
    ],
  };
}
