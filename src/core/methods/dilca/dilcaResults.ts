import type {
  AttributeImpacts,
  ResultTable,
  ValueMatrix,
  ValueTableDistance,
} from '../../platform/results.ts';
import { blockMatrix, tableDistance } from '../../platform/valueTables.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import type { DilcaModel } from './dilcaModel.ts';

/**
 * The model's value distances as one L × L value matrix for the shared heatmap: each attribute's
 * table on the diagonal block; between values of different attributes DILCA defines no distance,
 * so those cells are NaN (drawn blank).
 */
export function dilcaValueMatrix(
  table: CategoricalTable,
  model: DilcaModel,
  title: string,
): ValueMatrix | null {
  return blockMatrix(table, model.tables, model.tableStart, {
    title,
    meaning: 'dissimilarity',
    formula: 'd(yᵢ, yⱼ) = √(Σ_{X∈C(Y)} Σ_k (P(yᵢ|x_k) − P(yⱼ|x_k))² / Σ|X|)',
    notes: [
      'Eq. (1), Ienco et al. 2016 (DILCA/SAnDCat); values of different attributes have no DILCA distance (blank)',
    ],
  });
}

/** The object distance of Eq. (2), evaluated on demand from the per-attribute tables. */
export function dilcaObjectDistance(
  table: CategoricalTable,
  model: DilcaModel,
  title: string,
): ValueTableDistance {
  return tableDistance(table, model.tables, model.tableStart, 'euclidean', title, [
    'dist(d₁, d₂) = √Σ_X m_X(d₁[X], d₂[X])² (Eq. (2), Ienco et al. 2016 (DILCA/SAnDCat))',
  ]);
}

export function dilcaImpacts(model: DilcaModel, title: string): AttributeImpacts {
  return {
    kind: 'attribute-impacts',
    title,
    values: model.impact,
    notes: ['mean of the upper triangle of each attribute’s distance matrix (Sec. IV-C-1)'],
  };
}

/** Ienco et al. 2016 (DILCA/SAnDCat) Table I as a live table: each attribute's context (and its SU with the target). */
export function contextTable(
  table: CategoricalTable,
  models: { key: string; title: string; model: DilcaModel }[],
): ResultTable {
  const D = table.attributes.length;
  const name = (a: number): string => (table.attributes[a] as { name: string }).name;
  return {
    kind: 'table',
    title: 'DILCA contexts (Table I)',
    columns: [
      { key: 'attribute', title: 'attribute' },
      ...models.map((m) => ({ key: m.key, title: `context — ${m.title}` })),
    ],
    rows: table.attributes.map((_, a) => ({
      attribute: name(a),
      ...Object.fromEntries(
        models.map(({ key, model }) => [
          key,
          (model.contexts[a] ?? [])
            .map((x) => `${name(x)} (SU ${(model.su[x * D + a] as number).toFixed(3)})`)
            .join(', ') || '(empty: distance 0)',
        ]),
      ),
    })),
    notes: [
      'context: attributes ranked by symmetric uncertainty with the target, redundant ones removed (FCBF, Sec. III)',
    ],
  };
}
