import type { Steps } from '../../base/jobs.ts';
import { attributeGroups, fillGroupTables, groupCells } from '../sandcat/groups.ts';
import { BestK } from '../sandcat/selection.ts';
import { distinctTuples } from '../sandcat/tuples.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import type { CasModel } from './casModel.ts';

export interface Neighbours {
  /** queries × k object indices, most similar first (ties: lower index). */
  indices: Int32Array;
  /** Their CASO similarities. */
  similarities: Float64Array;
  k: number;
}

/**
 * The k objects most similar to each query by CASO (Eq. (15)), exactly, with no n × n matrix:
 * the distinct objects are scanned once per distinct query with one look-up per group of
 * attributes (sandcat/groups.ts; a group's table holds Σ CASV of its value combinations for the
 * query). A query is not its own neighbour; its identical copies are.
 */
export function* casoNeighboursSteps(
  table: CategoricalTable,
  model: CasModel,
  queries: Int32Array,
  k: number,
): Steps<Neighbours> {
  const n = table.nRows;
  const D = table.attributes.length;
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const objects = distinctTuples(table, all);
  const groups = attributeGroups(table);
  const G = groups.members.length;
  const cells = groupCells(table, groups, objects.values, objects.size);
  // Rows of each distinct object, to list neighbours as objects.
  const rowsOf: number[][] = Array.from({ length: objects.size }, () => []);
  objects.tupleOfRow.forEach((u, r) => rowsOf[u]?.push(r));
  const perValue = new Float64Array(table.nValues);
  const groupTables = new Float64Array(groups.cells);
  const kk = Math.min(k, n - 1);
  const indices = new Int32Array(queries.length * kk);
  const similarities = new Float64Array(queries.length * kk);
  const best = new BestK(kk);
  for (let q = 0; q < queries.length; q++) {
    const r = queries[q] as number;
    const own = objects.tupleOfRow[r] as number;
    // CASV_j(query's value, v) for every value v of every attribute.
    for (let j = 0; j < D; j++) {
      const attr = table.attributes[j] as { offset: number; labels: string[]; codes: Int32Array };
      const m = attr.labels.length;
      const row = (model.tableStart[j] as number) + (attr.codes[r] as number) * m;
      for (let v = 0; v < m; v++) perValue[attr.offset + v] = model.casv[row + v] as number;
    }
    fillGroupTables(groups, perValue, groupTables);
    best.clear();
    for (let u = 0; u < objects.size; u++) {
      const copies = (objects.multiplicity[u] as number) - (u === own ? 1 : 0);
      if (copies === 0) continue;
      let s = 0;
      for (let g = 0; g < G; g++) s += groupTables[cells[u * G + g] as number] as number;
      best.push(-s, u);
    }
    // The best distinct objects hold the best rows; take rows until k are taken.
    let taken = 0;
    for (const u of best.sorted()) {
      let s = 0;
      for (let g = 0; g < G; g++) s += groupTables[cells[u * G + g] as number] as number;
      for (const row of rowsOf[u] as number[]) {
        if (taken === kk) break;
        if (row === r) continue;
        indices[q * kk + taken] = row;
        similarities[q * kk + taken] = s;
        taken++;
      }
      if (taken === kk) break;
    }
    if (q % 64 === 63) yield { fraction: q / queries.length, message: 'CASO neighbours…' };
  }
  return { indices, similarities, k: kk };
}
