import { runToEnd } from '../../core/base/jobs.ts';
import { indicatorSteps } from '../../core/evaluation/indicators.ts';
import { fileArgument, refuseUnknown, text, type Args } from '../args.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable, TABLE_FLAGS } from '../table.ts';
import type { Command } from './command.ts';

/**
 * `indicators FILE`: FCI and VCI (CURE, Jian et al. 2019, Eqs. 16-17), I_intra and I_inter (UNTIE, Zhu et al. 2022, Eqs. 23-25),
 * VSI and OCI for an outlier class.
 */
export const indicatorsCommand: Command = {
  name: 'indicators',
  summary:
    'data indicators FCI, VCI, I_intra, I_inter, and VSI, OCI for an outlier class (Jian et al. 2019, Zhu et al. 2022)',
  usage: () => 'indicators: indicators FILE --class COL [--outlier-class LABEL]',
  async run(args: Args, io: Io) {
    const file = fileArgument(args, this.usage());
    refuseUnknown(args, new Set([...TABLE_FLAGS, 'outlier-class']), this.usage());
    const { session } = await loadTable(file, args);
    const report = runToEnd(indicatorSteps(session, text(args, 'outlier-class') ?? null));
    printJson(Object.fromEntries(Object.entries(report).filter(([, v]) => v !== null)), args, io);
  },
};
