import { createRandom } from '../base/random.ts';
import { meanSd, scorePartition, type MeanSd } from './partitions.ts';
import { internal } from '../base/errors.ts';

/**
 * What a clustering that learns nothing scores: `runs` seeded partitions of the objects into k
 * clusters drawn uniformly at random, scored against the classes as any clustering is (F-score,
 * NMI, accuracy; mean ± sd over the runs). The baseline a clustering's F-score must beat before
 * it says anything (issue 31: a bound such as "F > 0.4" does not).
 */
export function chanceScores(
  classes: Int32Array,
  k: number,
  runs: number,
  seed = 0,
): { fscore: MeanSd; nmi: MeanSd; accuracy: MeanSd } {
  if (k < 1 || runs < 1) throw internal(`k ${k} and runs ${runs} must be at least 1`);
  const rng = createRandom(seed);
  const labels = new Int32Array(classes.length);
  const f: number[] = [];
  const nmi: number[] = [];
  const accuracy: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < labels.length; i++) labels[i] = rng.int(k);
    const s = scorePartition(classes, labels);
    f.push(s.fscore);
    nmi.push(s.nmi);
    accuracy.push(s.accuracy);
  }
  return { fscore: meanSd(f), nmi: meanSd(nmi), accuracy: meanSd(accuracy) };
}
