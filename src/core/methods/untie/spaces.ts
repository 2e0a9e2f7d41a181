import { pairCount, type Cooccurrence } from '../../data/counts/cooccurrence.ts';
import type { CouplingSpacesResult } from '../../platform/results.ts';

/**
 * UNTIE's coupling spaces (UNTIE, Zhu et al. 2022, Sec. 4.2): for every attribute j, each of its values as
 *  - an intra-attribute coupling vector (Eq. (1)): [|g(v)| / n_o], its relative frequency;
 *  - an inter-attribute coupling vector (Eq. (4)): [p(v | v*_1), …, p(v | v*_|V*|)] over the
 *    values v* of every other attribute in table order, p(v | v*) = |g(v) ∩ g(v*)| / |g(v*)|
 *    (0 when v* occurs in no row).
 * A space holds one vector per value of its attribute (m_j rows, `dims` columns, row-major) and
 * names its columns ("Texture=blurry") for the CLI.
 */
export interface CouplingSpace {
  attribute: number;
  kind: 'intra' | 'inter';
  dims: number;
  /** m_j × dims, row-major. */
  vectors: Float64Array;
  /** Global value index each column stands for (inter); empty for intra. */
  columns: Int32Array;
}

export function intraSpace(c: Cooccurrence, j: number, nRows: number): CouplingSpace {
  const m = c.sizes[j] as number;
  const offset = c.offsets[j] as number;
  const vectors = Float64Array.from({ length: m }, (_, v) =>
    nRows > 0 ? (c.valueCounts[offset + v] as number) / nRows : 0,
  );
  return { attribute: j, kind: 'intra', dims: 1, vectors, columns: new Int32Array(0) };
}

export function interSpace(c: Cooccurrence, j: number): CouplingSpace {
  const D = c.sizes.length;
  const m = c.sizes[j] as number;
  const columns: number[] = [];
  for (let k = 0; k < D; k++) {
    if (k === j) continue;
    for (let u = 0; u < (c.sizes[k] as number); u++) columns.push((c.offsets[k] as number) + u);
  }
  const dims = columns.length;
  const vectors = new Float64Array(m * dims);
  columns.forEach((g, col) => {
    const k = c.valueAttribute[g] as number;
    const u = g - (c.offsets[k] as number);
    const nu = c.valueCounts[g] as number;
    if (nu === 0) return;
    for (let v = 0; v < m; v++) vectors[v * dims + col] = pairCount(c, j, v, k, u) / nu;
  });
  return { attribute: j, kind: 'inter', dims, vectors, columns: Int32Array.from(columns) };
}

/** Every coupling space, M = M_Ia ∪ M_Ie (Eq. (6)): intra then inter for each attribute. */
export function couplingSpaces(c: Cooccurrence, nRows: number): CouplingSpace[] {
  const D = c.sizes.length;
  const out: CouplingSpace[] = [];
  for (let j = 0; j < D; j++) {
    out.push(intraSpace(c, j, nRows));
    if (D > 1) out.push(interSpace(c, j));
  }
  return out;
}

/**
 * The coupling spaces as a result (what `run untie --matrices` and `run couplings` print, and
 * the coupling-space view draws): for each attribute, m_Ia and m_Ie of its values.
 */
export function couplingSpacesResult(
  c: Cooccurrence,
  nRows: number,
  spaces: readonly CouplingSpace[] = couplingSpaces(c, nRows),
): CouplingSpacesResult {
  const D = c.sizes.length;
  return {
    kind: 'coupling-spaces',
    title: 'Coupling spaces m_Ia (Eq. 1) and m_Ie (Eq. 4)',
    attributes: Array.from({ length: D }, (_, j) => {
      const intra = spaces.find((s) => s.attribute === j && s.kind === 'intra');
      const inter = spaces.find((s) => s.attribute === j && s.kind === 'inter');
      return {
        attribute: j,
        intra: intra?.vectors ?? new Float64Array(c.sizes[j] as number),
        inter: inter?.vectors ?? new Float64Array(0),
        columns: inter?.columns ?? new Int32Array(0),
      };
    }),
    notes: [
      'm_Ia(v) = |g(v)| / n_o, the share of objects holding v',
      'm_Ie(v) = [p(v | v*)] over the values v* of the other attributes, p(v | v*) = |g(v) ∩ g(v*)| / |g(v*)|',
    ],
  };
}
