import type { CategoricalTable } from '../../data/table/types.ts';

/** What UNTIE and its Couplings share: the paper, and the size of the inter coupling spaces. */
export const UNTIE_PAPER =
  'Zhu, Cao, Yin, Unsupervised heterogeneous coupling learning, TNNLS 2022 (UNTIE, Zhu et al. 2022)';

/** The most numbers the inter-attribute coupling spaces may hold (Σ_j m_j (|V| − m_j)). */
export const UNTIE_SPACE_LIMIT = 20_000_000;

/** Numbers in the inter-attribute coupling spaces of a table: Σ_j m_j (|V| − m_j) (Eq. 4). */
export function untieSpaceCells(table: CategoricalTable): number {
  return table.attributes.reduce(
    (s, a) => s + a.labels.length * (table.nValues - a.labels.length),
    0,
  );
}

/**
 * UNTIE with no iterations: every coupling space in its 14 kernels, every weight ω = 1 (Alg. 1,
 * steps 1-3 and 12). Not Table 4's “Couplings” (the coupling vectors concatenated, with no
 * kernels: couplingsMethod.ts), nor its “UNTIE” (the weights learned).
 */
export const UNTIE_KERNELS_NAME = 'UNTIE kernels, ω = 1 (Alg. 1 without steps 4–11)';
