import type { CategoricalTable } from '../../data/table/types.ts';
import { uniformWeights } from './casModel.ts';
import { badOption } from '../../base/errors.ts';

/**
 * α_k of Eq. (13) from per-attribute weights ("a1=2, a3=0.5"; unnamed attributes weigh 1):
 * α_{j,k} = w_k / Σ_{k' ≠ j} w_{k'}, so each attribute's α still sum to 1. Empty: 1/(D − 1).
 */
export function parseWeights(table: CategoricalTable, text: string | null): Float64Array {
  const D = table.attributes.length;
  if (text === null || text.trim() === '') return uniformWeights(D);
  const w = new Float64Array(D).fill(1);
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.lastIndexOf('=');
    const name = item.slice(0, eq).trim();
    const value = Number(item.slice(eq + 1));
    const a = table.attributes.findIndex((attr) => attr.name === name);
    if (eq < 0 || a < 0)
      throw badOption(
        `weights: “${item}” is not ATTRIBUTE=WEIGHT for an attribute of the table (${table.attributes
          .slice(0, 5)
          .map((x) => x.name)
          .join(', ')}${D > 5 ? ', …' : ''})`,
      );
    if (!Number.isFinite(value) || value < 0)
      throw badOption(`weights: ${name} must weigh a number ≥ 0, got “${item.slice(eq + 1)}”`);
    w[a] = value;
  }
  const alpha = new Float64Array(D * D);
  for (let j = 0; j < D; j++) {
    let total = 0;
    for (let k = 0; k < D; k++) if (k !== j) total += w[k] as number;
    if (D > 1 && total === 0)
      throw badOption(`weights: every attribute other than ${table.attributes[j]?.name} weighs 0`);
    for (let k = 0; k < D; k++) if (k !== j) alpha[j * D + k] = (w[k] as number) / total;
  }
  return alpha;
}
