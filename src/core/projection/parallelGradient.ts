/**
 * The Barnes-Hut t-SNE gradient split across a team of threads (issue 15; team.ts), in two steps
 * over fixed chunks of points:
 *
 *   1. task 0 builds the quadtree of the shared layout and copies it to shared memory, while
 *      tasks 1 … C sum the attraction of the points of index chunk c − 1;
 *   2. task c sums the repulsion of the points at Z-order positions of chunk c (REPEL_CHUNK
 *      points) over that tree and stores the chunk's share of Z.
 *
 * The build is the one part that does not split; with the attraction beside it, a second thread
 * is not idle meanwhile (measured at 10,000 points: 3.5 ms of a 16.7 ms step when every thread
 * built its own tree; the tree's build has since become 5× cheaper, quadTree.ts). A tree with
 * more nodes than the shared arrays hold is built by each thread instead, and the arrays grow for
 * the next step (points crowded in one corner make long chains of one-child cells). The chunks
 * depend on n only, and Z is added up chunk by chunk in order, so the gradient is identical bit
 * for bit whatever the number of threads — one included.
 */
import { isShared, serialTeam, shareWith, type Binding, type Team } from '../parallel/team.ts';
import { numbered, paramsOn, teamKernel } from '../parallel/teamKernel.ts';
import type { SparseAffinity } from './affinity.ts';
import { attraction } from './attraction.ts';
import {
  BarnesHutTree,
  firstCapacity,
  LINK_STRIDE,
  NODE_STRIDE,
  POINT_STRIDE,
  type TreeArrays,
} from './barnesHut.ts';

const KERNEL = teamKernel('tsne.barnes-hut-gradient', gradientKernel);
/** Points a chunk: small enough to balance two to four threads, large enough to be cheap. */
const CHUNK = 128;
/**
 * Points a repulsion chunk: each chunk walks the tree from its root (barnesHut.ts), so its top
 * levels are resolved once a chunk (at 100,000 points, chunks of 128 cost 1.4× the whole range's
 * time in one call, chunks of 1,024 no more than it).
 */
const REPEL_CHUNK = 1024;
/**
 * params cells: the attraction's factor, the phase, and the nodes of the shared tree, or −nodes
 * when it did not fit (each thread builds its own).
 */
const CELL = numbered('alpha', 'phase', 'sharedNodes');
const PHASE = numbered('buildAndAttract', 'repel');

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
  /** The step's tree, built by task 0 of step 1. */
  tree: TreeArrays;
}

function gradientKernel(inputs: GradientInputs) {
  const { n, y, multiplicity, params } = inputs;
  const m = multiplicity.length > 0 ? multiplicity : null;
  const tree = new BarnesHutTree(n, inputs.theta, m);
  let built = -1;
  return {
    task(index: number, generation: number) {
      if (params[CELL.phase] === PHASE.buildAndAttract) {
        if (index === 0) {
          tree.build(y);
          const fits = tree.nodes <= inputs.tree.links.length / LINK_STRIDE;
          if (fits) tree.copyTo(inputs.tree);
          params[CELL.sharedNodes] = fits ? tree.nodes : -tree.nodes;
          built = generation;
        } else {
          const from = (index - 1) * CHUNK;
          const alpha = params[CELL.alpha] as number;
          const to = Math.min(n, from + CHUNK);
          attraction(inputs, m, y, alpha, from, to, inputs.attractive);
        }
        return;
      }
      const from = index * REPEL_CHUNK;
      const to = Math.min(n, from + REPEL_CHUNK);
      if ((params[CELL.sharedNodes] as number) > 0)
        inputs.zPartial[index] = tree.repel(from, to, inputs.repulsive, inputs.tree);
      else {
        // Too many nodes to share: this thread's own copy of the tree (built once a step).
        if (built !== generation - 1 && built !== generation) tree.build(y);
        built = generation;
        inputs.zPartial[index] = tree.repel(from, to, inputs.repulsive);
      }
    },
  };
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
  /** Nodes the shared tree may have (tests: 0 makes every thread build its own). */
  sharedNodes = firstCapacity(p.n),
): TeamGradient {
  const n = p.n;
  const chunks = Math.ceil(n / CHUNK);
  const repelChunks = Math.ceil(n / REPEL_CHUNK);
  // The quadtree's own first capacity; a deeper tree (points very close together) grows it.
  const capacity = sharedNodes;
  const inputs: GradientInputs = {
    n,
    theta,
    chunks,
    y: team.allocate(Float64Array, 2 * n),
    rowStart: shareWith(team, p.rowStart),
    columns: shareWith(team, p.columns),
    values: shareWith(team, p.values),
    multiplicity: multiplicity ? shareWith(team, multiplicity) : new Float64Array(0),
    params: paramsOn(team, Float64Array, CELL),
    attractive: team.allocate(Float64Array, 2 * n),
    repulsive: team.allocate(Float64Array, 2 * n),
    zPartial: team.allocate(Float64Array, repelChunks),
    tree: {
      nodes: team.allocate(Float64Array, NODE_STRIDE * capacity),
      links: team.allocate(Int32Array, LINK_STRIDE * capacity),
      points: team.allocate(Float64Array, POINT_STRIDE * n),
      order: team.allocate(Int32Array, n),
    },
  };
  const local = gradientKernel(inputs);
  let binding: Binding = KERNEL.bind(team, inputs, local);
  /** Shared tree arrays for `nodes` nodes, bound anew (the helpers rebuild their instances). */
  const grow = (nodes: number): void => {
    binding.release();
    const { tree } = inputs;
    inputs.tree = {
      nodes: team.allocate(Float64Array, NODE_STRIDE * nodes),
      links: team.allocate(Int32Array, LINK_STRIDE * nodes),
      points: tree.points,
      order: tree.order,
    };
    binding = KERNEL.bind(team, inputs, local);
  };
  return {
    y: inputs.y,
    repulsive: inputs.repulsive,
    compute(alpha, gradient) {
      const { params } = inputs;
      params[CELL.alpha] = alpha;
      params[CELL.phase] = PHASE.buildAndAttract;
      binding.run(1 + chunks);
      params[CELL.phase] = PHASE.repel;
      binding.run(repelChunks);
      const nodes = params[CELL.sharedNodes] as number;
      if (nodes < 0 && isShared(inputs.tree.links.buffer)) grow(Math.ceil(-1.5 * nodes));
      let z = 0;
      for (let c = 0; c < repelChunks; c++) z += inputs.zPartial[c] as number;
      const inverseZ = 1 / z;
      const { attractive, repulsive } = inputs;
      for (let t = 0; t < 2 * n; t++)
        gradient[t] = (attractive[t] as number) - (repulsive[t] as number) * inverseZ;
      return z;
    },
    release: () => binding.release(),
  };
}
