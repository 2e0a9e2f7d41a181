import type { CategoricalTable } from '../../data/table/types.ts';
import type { CasModel } from './casModel.ts';
import { badOption } from '../../base/errors.ts';

export interface ObjectPairBreakdown {
  /** CASO (Eq. (15)): Σ_j CASV_j(x_j, y_j). */
  caso: number;
  /** CADO (Eq. (16)): Σ_j h1(IaASV)·h2(IeASV). */
  cado: number;
  perAttribute: {
    name: string;
    x: string;
    y: string;
    intra: number;
    inter: number;
    casv: number;
    cado: number;
  }[];
}

/** CASO and CADO of objects (rows) a and b, attribute by attribute: table look-ups only. */
export function objectPair(
  table: CategoricalTable,
  model: CasModel,
  a: number,
  b: number,
): ObjectPairBreakdown {
  for (const r of [a, b])
    if (!Number.isInteger(r) || r < 0 || r >= table.nRows)
      throw badOption(`object ${r} is not a row index (0 to ${table.nRows - 1})`);
  let caso = 0;
  let cado = 0;
  const perAttribute = table.attributes.map((attr, j) => {
    const m = attr.labels.length;
    const x = attr.codes[a] as number;
    const y = attr.codes[b] as number;
    const q = (model.tableStart[j] as number) + x * m + y;
    const entry = {
      name: attr.name,
      x: attr.labels[x] as string,
      y: attr.labels[y] as string,
      intra: model.intra[q] as number,
      inter: model.inter[q] as number,
      casv: model.casv[q] as number,
      cado: model.cado[q] as number,
    };
    caso += entry.casv;
    cado += entry.cado;
    return entry;
  });
  return { caso, cado, perAttribute };
}
