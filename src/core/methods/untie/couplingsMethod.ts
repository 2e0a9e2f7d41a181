import { blockEmbedding, type ValueConcatEmbedding } from '../../platform/objectEmbedding.ts';
import { embeddingResult } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import type { CouplingSpacesResult } from '../../platform/results.ts';
import { couplingSpacesResult } from './spaces.ts';
import { UNTIE_PAPER, UNTIE_SPACE_LIMIT, untieSpaceCells } from './untieShared.ts';
import { badOption } from '../../base/errors.ts';

/**
 * Zhu et al. 2022 (UNTIE)'s “Couplings” (Sec. 6.3.1, the ablation before Table 4): “its variant
 * which concatenates the representations in the coupling spaces without heterogeneity learning”.
 * An object is the concatenation, attribute by attribute, of its value's coupling vectors:
 * [m_Ia(v), m_Ie(v)] (Eqs. 1 and 4), 1 + |V| − |V_j| numbers for attribute j. No kernel, no
 * weight, nothing learned, nothing random: k-means takes the vectors as they are.
 */
export function couplingsEmbedding(
  table: CategoricalTable,
  spaces: CouplingSpacesResult,
): ValueConcatEmbedding {
  const width = Int32Array.from(spaces.attributes, (a) => 1 + a.columns.length);
  return blockEmbedding(table, width, (j, u, out) => {
    const a = spaces.attributes[j] as CouplingSpacesResult['attributes'][number];
    const dims = a.columns.length;
    out[0] = a.intra[u] as number;
    out.set(a.inter.subarray(u * dims, (u + 1) * dims), 1);
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
      throw badOption(
        `the coupling spaces would hold ${cells.toLocaleString('en-US')} numbers; drop high-cardinality columns`,
      );
  },
  // eslint-disable-next-line require-yield
  *run(context) {
    const spaces = couplingSpacesResult(context.counts.cooccurrence, context.table.nRows);
    return {
      embedding: embeddingResult(
        couplingsEmbedding(context.table, spaces),
        'Couplings: [m_Ia, m_Ie] concatenated (Zhu et al. 2022, Table 4)',
        ['no kernels, no heterogeneity learning: the coupling-space vectors as they are'],
      ),
      spaces,
    };
  },
});
