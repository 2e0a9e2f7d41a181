import type { OptionsOf } from '../base/parameters.ts';
import type { UMAP_PARAMETERS } from './umap.ts';
/**
 * UMAP's stochastic gradient epochs (McInnes, Healy & Melville 2018, Sec. 3.2 and Algorithm 5;
 * the sampling schedule of umap-learn's `optimize_layout_euclidean`) on a team of threads, with
 * the same layout for any number of threads.
 *
 * umap-learn walks the edges in order (grouped by head point) and moves both ends at once
 * (move_other): each update sees every earlier one, so its order — and, in its parallel mode, the
 * threads' interleaving — decides the layout. Ours fixes the order by ownership instead:
 *
 *   - the points are cut into fixed chunks of CHUNK points (a task each, whatever the team);
 *   - a task walks its points' edges in umap-learn's order, moving only the head point, in place
 *     (so a point's own updates follow each other as in umap-learn), and reads every other
 *     point from the snapshot of the layout taken as the epoch began;
 *   - the attraction of an edge counts twice on its head: umap-learn moves i towards j both as
 *     head of (i, j) and as tail of (j, i), which has the same weight and so the same schedule.
 *     The negative samples are drawn per head as in umap-learn (negative_sample_rate a sample).
 *
 * A point's moves depend only on the snapshot, its own edges and its own random stream (seeded
 * by seed, epoch and point), never on which thread ran the task or when: the layout is identical
 * bit for bit on 1, 2 or 3 threads (test/core/projection/umap.test.ts). The price is that a
 * point reads its neighbours' positions as of the epoch's start (a Jacobi step across points, a
 * Gauss-Seidel one within a point), where umap-learn reads them as updated so far.
 */
import { serialTeam, shareWith, type Team } from '../parallel/team.ts';
import { numbered, paramsOn, teamKernel } from '../parallel/teamKernel.ts';
import type { FuzzyGraph } from './fuzzySet.ts';
import { gradientTable, tabulated } from './umapGradientTable.ts';

const KERNEL = teamKernel('umap.epoch', epochKernel);
/** Points a task: many tasks an epoch to balance two to four threads, each still cheap. */
export const UMAP_CHUNK = 256;
/** params cells: the epoch and its learning rate. */
const CELL = numbered('epoch', 'alpha');
/** umap-learn clips every gradient coordinate to ±4. */
const CLIP = 4;

interface EpochInputs {
  n: number;
  a: number;
  b: number;
  gamma: number;
  negativeRate: number;
  seed: number;
  rowStart: Int32Array;
  columns: Int32Array;
  /** Epochs between two samples of an edge: max weight / weight. */
  epochsPerSample: Float64Array;
  nextSample: Float64Array;
  nextNegative: Float64Array;
  /** The layout (n × 2), each point written by its own task. */
  y: Float64Array;
  /** The layout as the epoch began, read by every task (float32, as umap-learn's layout: half
   * the memory the negative samples read at random). */
  snapshot: Float32Array;
  params: Float64Array;
}

const clip = (g: number): number => (g > CLIP ? CLIP : g < -CLIP ? -CLIP : g);

const TWO_TO_MINUS_32 = 1 / 4294967296;

/** A 32-bit hash of (seed, epoch, point): the start of that point's random stream this epoch. */
function streamStart(seed: number, epoch: number, point: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(epoch + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f) ^ Math.imul(point + 1, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

function epochKernel(o: EpochInputs) {
  const { n, a, b, gamma, rowStart, columns, epochsPerSample, nextSample, nextNegative } = o;
  const { y, snapshot, params } = o;
  const curve = { a, b, gamma };
  const table = gradientTable(curve);
  return {
    task(index: number) {
      const epoch = params[CELL.epoch] as number;
      const alpha = params[CELL.alpha] as number;
      const to = Math.min(n, (index + 1) * UMAP_CHUNK);
      for (let i = index * UMAP_CHUNK; i < to; i++) {
        let state = streamStart(o.seed, epoch, i) | 1;
        let yx = y[2 * i] as number;
        let yy = y[2 * i + 1] as number;
        const end = rowStart[i + 1] as number;
        for (let e = rowStart[i] as number; e < end; e++) {
          if ((nextSample[e] as number) > epoch) continue;
          const j = columns[e] as number;
          let dx = yx - (snapshot[2 * j] as number);
          let dy = yy - (snapshot[2 * j + 1] as number);
          let d2 = dx * dx + dy * dy;
          if (d2 > 0) {
            // ∂/∂y of log(1 / (1 + a d^{2b})): −2ab d^{2(b−1)} / (1 + a d^{2b}) (Eq. of Sec. 3.2),
            // from the table (umapGradientTable.ts).
            const coefficient = tabulated(table, curve, 0, d2);
            // Twice: as head of (i, j) and as tail of (j, i) in umap-learn (see above).
            yx += 2 * clip(coefficient * dx) * alpha;
            yy += 2 * clip(coefficient * dy) * alpha;
          }
          const perSample = epochsPerSample[e] as number;
          nextSample[e] = (nextSample[e] as number) + perSample;
          const perNegative = perSample / o.negativeRate;
          const negatives = Math.floor((epoch - (nextNegative[e] as number)) / perNegative);
          for (let p = 0; p < negatives; p++) {
            // xorshift32 on the point's stream
            state ^= state << 13;
            state ^= state >>> 17;
            state ^= state << 5;
            // A uniform point from the top of the 32 bits, by a multiply (a % n on a uint32 above
            // 2^31 is a floating-point remainder in V8, several times slower).
            const k = ((state >>> 0) * TWO_TO_MINUS_32 * n) | 0;
            if (k === i) continue;
            dx = yx - (snapshot[2 * k] as number);
            dy = yy - (snapshot[2 * k + 1] as number);
            d2 = dx * dx + dy * dy;
            if (d2 > 0) {
              // The repulsion 2γb / ((0.001 + d²)(1 + a d^{2b})), clipped as umap-learn.
              const coefficient = tabulated(table, curve, 1, d2);
              yx += clip(coefficient * dx) * alpha;
              yy += clip(coefficient * dy) * alpha;
            } else {
              yx += CLIP * alpha;
              yy += CLIP * alpha;
            }
          }
          nextNegative[e] = (nextNegative[e] as number) + negatives * perNegative;
        }
        y[2 * i] = yx;
        y[2 * i + 1] = yy;
      }
    },
  };
}

/**
 * UMAP_PARAMETERS' options as the epochs run them: the curve's a and b (from minDist and
 * spread), the weight γ of the negative samples (umap-learn's repulsion_strength, 1) and the
 * epochs counted ('auto' decided).
 */
export type UmapEpochOptions = Pick<
  OptionsOf<typeof UMAP_PARAMETERS>,
  'negativeSampleRate' | 'learningRate' | 'seed'
> & { a: number; b: number; gamma: number; epochs: number };

export interface UmapEpochs {
  /** The layout the team moves (n × 2): read it between epochs, never write it. */
  readonly y: Float64Array;
  /** Runs epoch `epoch` (0-based) of `epochs`. */
  run(epoch: number): void;
  release(): void;
}

/** The epochs of `graph` from layout `y0` (n × 2) on `team`. */
export function umapEpochs(
  graph: FuzzyGraph,
  y0: Float64Array,
  options: UmapEpochOptions,
  team: Team = serialTeam,
): UmapEpochs {
  const { n, weights } = graph;
  let max = 0;
  for (let e = 0; e < weights.length; e++) max = Math.max(max, weights[e] as number);
  const epochsPerSample = team.allocate(Float64Array, weights.length);
  for (let e = 0; e < weights.length; e++) epochsPerSample[e] = max / (weights[e] as number);
  const nextNegative = team.allocate(Float64Array, weights.length);
  for (let e = 0; e < weights.length; e++)
    nextNegative[e] = (epochsPerSample[e] as number) / options.negativeSampleRate;
  const nextSample = team.allocate(Float64Array, weights.length);
  nextSample.set(epochsPerSample);
  const inputs: EpochInputs = {
    n,
    a: options.a,
    b: options.b,
    gamma: options.gamma,
    negativeRate: options.negativeSampleRate,
    seed: options.seed | 0,
    rowStart: shareWith(team, graph.rowStart),
    columns: shareWith(team, graph.columns),
    epochsPerSample,
    nextSample,
    nextNegative,
    y: team.allocate(Float64Array, 2 * n),
    snapshot: team.allocate(Float32Array, 2 * n),
    params: paramsOn(team, Float64Array, CELL),
  };
  inputs.y.set(y0);
  const binding = KERNEL.bind(team, inputs);
  const tasks = Math.ceil(n / UMAP_CHUNK);
  return {
    y: inputs.y,
    run(epoch) {
      inputs.snapshot.set(inputs.y);
      inputs.params[CELL.epoch] = epoch;
      // The learning rate falls linearly over the run; umap-learn lowers it after each epoch,
      // so epochs 0 and 1 both run at the full rate.
      inputs.params[CELL.alpha] =
        options.learningRate * (1 - Math.max(0, epoch - 1) / options.epochs);
      binding.run(tasks);
    },
    release: () => binding.release(),
  };
}
