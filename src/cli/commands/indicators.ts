import { runToEnd } from '../../core/base/jobs.ts';
import { indicatorSteps } from '../../core/evaluation/indicators.ts';
import { fileArgument, refuseUnknown, text } from '../args.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import type { CliRequest } from '../request.ts';

/**
 * `indicators FILE`: FCI and VCI (CURE, Jian et al. 2019, Eqs. 16-17), I_intra and I_inter (UNTIE, Zhu et al. 2022, Eqs. 23-25),
 * VSI and OCI for an outlier class.
 */
export const indicatorsCommand: Command = {
  name: 'indicators',
  summary:
    'data indicators FCI, VCI, I_intra, I_inter, and VSI, OCI for an outlier class (Jian et al. 2019, Zhu et al. 2022)',
  usage: () => 'indicators: indicators FILE --class COL [--outlier-class LABEL]',
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request, this.usage());
    refuseUnknown(request.own, new Set(['outlier-class']), this.usage());
    const { session } = await loadTable(file, request);
    const report = runToEnd(indicatorSteps(session, text(request.own, 'outlier-class') ?? null));
    printJson(
      Object.fromEntries(Object.entries(report).filter(([, v]) => v !== null)),
      request,
      io,
    );
  },
};
