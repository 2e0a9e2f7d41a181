import { blockEmbedding, type ValueConcatEmbedding } from '../../platform/objectEmbedding.ts';
import { embeddingResult } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import type { Cooccurrence } from '../../data/counts/cooccurrence.ts';
import { couplingSpaces, couplingSpacesResult, type CouplingSpace } from './spaces.ts';
import { UNTIE_PAPER, UNTIE_SPACE_LIMIT, untieSpaceCells } from './untieShared.ts';

/**
 * Zhu et al. 2022 (UNTIE)'s “Couplings” (Sec. 6.3.1, the ablation before Table 4): “its variant
 * which concatenates the representations in the coupling spaces without heterogeneity learning”.
 * An object is the concatenation, attribute by attribute, of its value's coupling vectors:
 * [m_Ia(v), m_Ie(v)] (Eqs. 1 and 4), 1 + |V| − |V_j| numbers for attribute j. No kernel, no
 * weight, nothing learned, nothing random: k-means takes the vectors as they are.
 */
export function couplingsEmbedding(
  table: CategoricalTable,
  c: Cooccurrence,
  spaces: readonly CouplingSpace[] = couplingSpaces(c, table.nRows),
): ValueConcatEmbedding {
  const D = table.attributes.length;
  const intra = spaces.filter((s) => s.kind === 'intra');
  const inter = spaces.filter((s) => s.kind === 'inter');
  const width = Int32Array.from({ length: D }, (_, j) => 1 + (inter[j]?.dims ?? 0));
  return blockEmbedding(table, width, (j, u, out) => {
    out[0] = intra[j]?.vectors[u] as number;
    const space = inter[j];
    if (space) out.set(space.vectors.subarray(u * space.dims, (u + 1) * space.dims), 1);
  });
}

export const couplingsMethod = defineMethod({
  id: 'couplings',
  title: 'Couplings',
  role: 'method',
  order: 7.4,
  paper: UNTIE_PAPER,
  where: 'Sec. 6.3.1 and Table 4 (“Couplings”): Eqs. (1)-(5), concatenated',
  description:
    'UNTIE’s coupling spaces concatenated, without kernels or learning: each value as its frequency (Eq. 1) and p(value | v*) over every value v* of the other attributes (Eq. 4)',
  parameters: [],
  produces: ['object-embedding', 'coupling-spaces'],
  reads: 'counts',
  check(table) {
    const cells = untieSpaceCells(table);
    if (cells > UNTIE_SPACE_LIMIT)
      throw new RangeError(
        `the coupling spaces would hold ${cells.toLocaleString('en-US')} numbers; drop high-cardinality columns`,
      );
  },
  // eslint-disable-next-line require-yield
  *run(context) {
    const c = context.counts.cooccurrence;
    const spaces = couplingSpaces(c, context.table.nRows);
    return {
      embedding: embeddingResult(
        couplingsEmbedding(context.table, c, spaces),
        'Couplings: [m_Ia, m_Ie] concatenated (Zhu et al. 2022, Table 4)',
        ['no kernels, no heterogeneity learning: the coupling-space vectors as they are'],
      ),
      spaces: couplingSpacesResult(c, context.table.nRows, spaces),
    };
  },
});
