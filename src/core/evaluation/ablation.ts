import { countSteps } from '../data/counts/counts.ts';
import { dilcaModel } from '../methods/dilca/dilcaModel.ts';
import { auc, meanSd } from './partitions.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { subTable } from '../data/table/subTable.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { Heuristic } from '../methods/sandcat/heuristics.ts';
import { protocolSplits, type ProtocolOptions } from '../methods/sandcat/protocol.ts';
import { sandcatScoreSteps } from '../methods/sandcat/score.ts';

export interface AblationPoint {
  /** Attributes kept. */
  n: number;
  auc: { mean: number; sd: number };
}

/**
 * The top-n attribute ablation of Ienco et al. 2016 (DILCA/SAnDCat) Fig. 13: on each split of the protocol, DILCA is
 * learned on the training rows, the attributes are ranked by their model impact (highest
 * first), and for n = 1 … D SAnDCat is learned again on the n highest-impact attributes alone
 * (contexts chosen among them) and scores the tested rows; AUC mean ± sd over the splits per n.
 */
export function* impactAblationSteps(
  table: CategoricalTable,
  protocol: ProtocolOptions,
  sandcat: { heuristic: Heuristic; k: number },
): Steps<AblationPoint[]> {
  const { splits } = protocolSplits(table, protocol);
  const D = table.attributes.length;
  const aucs: number[][] = Array.from({ length: D }, () => []);
  for (const [s, split] of splits.entries()) {
    const full = dilcaModel(table, yield* countSteps(table, { rows: split.train }));
    const ranked = Array.from({ length: D }, (_, a) => a).sort(
      (a, b) => (full.impact[b] as number) - (full.impact[a] as number) || a - b,
    );
    const positive = Array.from(split.abnormal, Boolean);
    for (let n = 1; n <= D; n++) {
      const sub = subTable(table, ranked.slice(0, n));
      const model = dilcaModel(sub, yield* countSteps(sub, { rows: split.train }));
      const scored = yield* scaledSteps(
        sandcatScoreSteps(sub, model, split.train, split.test, {
          heuristic: sandcat.heuristic,
          k: Math.min(sandcat.k, split.train.length),
          seed: protocol.seed * 7919 + split.sample,
        }),
        (s * D + n - 1) / (splits.length * D),
        (s * D + n) / (splits.length * D),
      );
      aucs[n - 1]?.push(auc(scored.scores, positive));
    }
  }
  return aucs.map((values, i) => ({ n: i + 1, auc: meanSd(values) }));
}
