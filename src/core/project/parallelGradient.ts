/**
 * The Barnes-Hut t-SNE gradient split across a team of threads (issue 15; team.ts). A step is
 * 2·C tasks over fixed chunks of points: task c < C sums the repulsion of the points at Z-order
 * positions of chunk c (every thread builds the same quadtree from the shared layout, once a
 * step) and stores that chunk's share of Z; task C + c sums the attraction of the points of
 * index chunk c. The chunks depend on n only, and Z is added up chunk by chunk in order, so the
 * gradient is identical bit for bit whatever the number of threads — one included.
 */
import { registerKernel } from '../parallel/kernels.ts';
import { serialTeam, type Binding, type KernelInputs, type Team } from '../parallel/team.ts';
import type { SparseAffinity } from './affinity.ts';
import { BarnesHutTree } from './barnesHut.ts';

const KERNEL = 'tsne.barnes-hut-gradient';
/** Points a chunk: small enough to balance two to four threads, large enough to be cheap. */
const CHUNK = 128;
/** params cells */
const ALPHA = 0;

interface GradientInputs {
  n: number;
  theta: number;
  chunks: number;
  y: Float64Array;
  rowStart: Int32Array;
  columns: Int32Array;
  values: Float64Array;
  /** Empty when no object was merged. */
  multiplicity: Float64Array;
  params: Float64Array;
  attractive: Float64Array;
  repulsive: Float64Array;
  zPartial: Float64Array;
}

function gradientKernel(raw: KernelInputs) {
  const inputs = raw as unknown as GradientInputs;
  const { n, chunks, y, multiplicity } = inputs;
  const m = multiplicity.length > 0 ? multiplicity : null;
  const tree = new BarnesHutTree(n, inputs.theta, m);
  let built = -1;
  return {
    task(index: number, generation: number) {
      if (index < chunks) {
        if (built !== generation) {
          tree.build(y);
          built = generation;
        }
        const from = index * CHUNK;
        inputs.zPartial[index] = tree.repel(y, from, Math.min(n, from + CHUNK), inputs.repulsive);
      } else {
        const from = (index - chunks) * CHUNK;
        attraction(inputs, m, from, Math.min(n, from + CHUNK));
      }
    },
  };
}

registerKernel(KERNEL, gradientKernel);

/**
 * F_attr,i = α Σ_j p_ij w_ij (y_i − y_j) for i in from … to − 1 (Eq. 4's first term, van der
 * Maaten 2014). With multiplicities, P_ij sums over m_i m_j object pairs and the force on one of
 * i's objects is Σ_j P_ij w_ij (y_i − y_j) / m_i.
 */
function attraction(inputs: GradientInputs, m: Float64Array | null, from: number, to: number) {
  const { y, rowStart, columns, values, attractive } = inputs;
  const alpha = inputs.params[ALPHA] as number;
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
    const scale = m ? alpha / (m[i] as number) : alpha;
    attractive[2 * i] = scale * fx;
    attractive[2 * i + 1] = scale * fy;
  }
}

export interface TeamGradient {
  /** The layout (n × 2) the team reads: update it in place between steps. */
  readonly y: Float64Array;
  /** Writes the gradient (n × 2) with the attraction times α and returns Z. */
  compute(alpha: number, gradient: Float64Array): number;
  /** F_rep of the last step (n × 2). */
  readonly repulsive: Float64Array;
  release(): void;
}

/**
 * The Barnes-Hut gradient of P's t-SNE on a team: the gradient without its factor 4,
 * α F_attr − F_rep / Z (tsne.ts, klGradient), computed in chunks.
 */
export function teamGradient(
  p: SparseAffinity,
  theta: number,
  multiplicity: Float64Array | null,
  team: Team = serialTeam,
): TeamGradient {
  const n = p.n;
  const chunks = Math.ceil(n / CHUNK);
  const share = <T extends Float64Array | Int32Array>(a: T): T => {
    const out = team.allocate(a.constructor as Float64ArrayConstructor, a.length) as T;
    out.set(a);
    return out;
  };
  const inputs: GradientInputs = {
    n,
    theta,
    chunks,
    y: team.allocate(Float64Array, 2 * n),
    rowStart: share(p.rowStart),
    columns: share(p.columns),
    values: share(p.values),
    multiplicity: multiplicity ? share(multiplicity) : new Float64Array(0),
    params: team.allocate(Float64Array, 1),
    attractive: team.allocate(Float64Array, 2 * n),
    repulsive: team.allocate(Float64Array, 2 * n),
    zPartial: team.allocate(Float64Array, chunks),
  };
  const local = gradientKernel(inputs as unknown as KernelInputs);
  const binding: Binding = team.bind(KERNEL, inputs as unknown as KernelInputs, local);
  return {
    y: inputs.y,
    repulsive: inputs.repulsive,
    compute(alpha, gradient) {
      inputs.params[ALPHA] = alpha;
      binding.run(2 * chunks);
      let z = 0;
      for (let c = 0; c < chunks; c++) z += inputs.zPartial[c] as number;
      const inverseZ = 1 / z;
      const { attractive, repulsive } = inputs;
      for (let t = 0; t < 2 * n; t++)
        gradient[t] = (attractive[t] as number) - (repulsive[t] as number) * inverseZ;
      return z;
    },
    release: () => binding.release(),
  };
}
