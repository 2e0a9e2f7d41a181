import type { SparseAffinity } from './affinity.ts';

/**
 * F_attr,i = α Σ_j p_ij w_ij (y_i − y_j) for i in from … to − 1, written into out (n × 2) at i's
 * row (Eq. 4's first term, van der Maaten 2014, times α). With multiplicities, P_ij sums over
 * m_i m_j object pairs and the force on one of i's objects is Σ_j P_ij w_ij (y_i − y_j) / m_i.
 * The whole gradient (tsne.ts) and a team's chunks of it (parallelGradient.ts) both use it.
 */
export function attraction(
  p: Pick<SparseAffinity, 'rowStart' | 'columns' | 'values'>,
  multiplicity: Float64Array | null,
  y: Float64Array,
  alpha: number,
  from: number,
  to: number,
  out: Float64Array,
): void {
  const { rowStart, columns, values } = p;
  for (let i = from; i < to; i++) {
    const xi = y[2 * i] as number;
    const yi = y[2 * i + 1] as number;
    let fx = 0;
    let fy = 0;
    const end = rowStart[i + 1] as number;
    for (let s = rowStart[i] as number; s < end; s++) {
      const j = columns[s] as number;
      const dx = xi - (y[2 * j] as number);
      const dy = yi - (y[2 * j + 1] as number);
      const pw = (values[s] as number) / (1 + dx * dx + dy * dy);
      fx += pw * dx;
      fy += pw * dy;
    }
    const scale = multiplicity ? alpha / (multiplicity[i] as number) : alpha;
    out[2 * i] = scale * fx;
    out[2 * i + 1] = scale * fy;
  }
}
