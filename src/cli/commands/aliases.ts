import { runToEnd } from '../../core/base/jobs.ts';
import { methodsProducing } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import { fileArgument, list, refuseUnknown, text, type Args } from '../args.ts';
import { callFromFlags } from '../callFlags.ts';
import { printJson, runAndPrint, type Io } from '../output.ts';
import { loadTable, TABLE_FLAGS } from '../table.ts';
import { evaluateSchemes, isSchemeName } from './clusteringNames.ts';
import type { Command } from './command.ts';
import { runMethod } from './run.ts';

/**
 * The commands from before the registry, kept as thin aliases of `run`: each rewrites its
 * flags into a call and prints exactly what `run` prints for it.
 */

/** `cde FILE …` is `run cde FILE …`. */
export const cdeCommand: Command = {
  name: 'cde',
  summary: 'alias of `run cde`',
  usage: () =>
    'cde:      cde FILE [--alpha 10] [--beta 1e-10] [--seed N] [--orientation paper|code] [--matrices]',
  run: (args, io) => runMethod('cde', fileArgument(args), args, io),
};

/** `cosh FILE …` is `run cosh FILE …`, plus the AUC of an outlier class. */
export const coshCommand: Command = {
  name: 'cosh',
  summary: 'alias of `run cosh`, with --outlier-class the AUC (run evaluate-outliers)',
  usage: () =>
    'cosh:     cosh FILE [--alpha 30] [--seed N] [--orientation code|paper] [--outlier-class LABEL]',
  async run(args: Args, io: Io) {
    const file = fileArgument(args);
    const outlierClass = text(args, 'outlier-class');
    const used = new Set([...TABLE_FLAGS, 'matrices', 'outlier-class']);
    const call = callFromFlags('cosh', args, used);
    refuseUnknown(args, used, this.usage());
    const loaded = await loadTable(file, args);
    const { session } = loaded;
    await runAndPrint(loaded, call, args, io, () => {
      if (outlierClass === undefined) return {};
      const evaluation = runToEnd(
        session.runSteps({
          method: 'evaluate-outliers',
          options: { outlierClass },
          inputs: { methods: [call] },
        }),
      );
      const table = evaluation.results.table;
      const auc = table?.kind === 'table' ? table.rows[0]?.auc : null;
      return { auc, outlierClass };
    });
  },
};

/** `evaluate-clustering FILE --methods a,b …` is `run evaluate-clustering FILE --methods a,b …`. */
export const evaluateClusteringCommand: Command = {
  name: 'evaluate-clustering',
  summary:
    'alias of `run evaluate-clustering` (CDE’s α, β, orientation and seed apply to the methods)',
  usage: () =>
    `evaluate-clustering: evaluate-clustering FILE --class COL [--methods cde,onehot,onehot-pca,idf] [--runs 50] [--seed N] [--alpha 10] [--beta 1e-10] [--orientation paper|code]
          Wang et al. 2015's schemes: --methods kmodes-smd,kmodes-ofd,kmodes-add,kmodes-cado,spectral-smd,…,spectral-cado,rock,crock [--theta 0.5] [--runs 50] [--k 0]`,
  async run(args: Args, io: Io) {
    const names = list(text(args, 'methods'));
    if (names.some(isSchemeName)) {
      const used = new Set([...TABLE_FLAGS, 'methods', 'runs', 'seed', 'theta', 'k']);
      refuseUnknown(args, used, this.usage());
      const number = (flag: string, fallback: number): number => {
        const t = text(args, flag);
        const v = t === undefined ? fallback : Number(t);
        if (!Number.isFinite(v)) throw new RangeError(`--${flag} must be a number, got “${t}”`);
        return v;
      };
      const { session } = await loadTable(fileArgument(args), args);
      const table = evaluateSchemes(session, names, {
        runs: number('runs', 50),
        seed: number('seed', 0),
        theta: number('theta', 0.5),
        k: number('k', 0),
      });
      printJson({ method: 'evaluate-clustering', results: { table } }, args, io);
      return;
    }
    const legacy = renamed(args, {
      methods: { to: ['methods'], default: 'cde,onehot,onehot-pca,idf' },
      alpha: { to: ['methods.alpha'] },
      beta: { to: ['methods.beta'] },
      orientation: { to: ['methods.orientation'] },
      seed: { to: ['seed', 'methods.seed'] },
    });
    return runMethod('evaluate-clustering', fileArgument(args), legacy.args, io, legacy.optional);
  },
};

/** `project FILE --representation R --projection P …` is `run P FILE --of R …`. */
export const projectCommand: Command = {
  name: 'project',
  summary: 'alias of `run tsne|mds|pca --of REPRESENTATION`',
  usage:
    () => `project:  project FILE [--representation ${representations().join('|')}] [--projection tsne|mds|pca]
          [--perplexity 30] [--iterations 1000] [--theta 0.5] [--init pca|random] [--seed N]
          [--mds auto|classical|landmark] [--landmarks 300] [--no-quality] [--out coords.csv|.json]`,
  run(args: Args, io: Io) {
    const representation = text(args, 'representation') ?? 'cde';
    if (!representations().includes(representation))
      throw new RangeError(
        `unknown representation “${representation}” (${representations().join(', ')})`,
      );
    const projection = text(args, 'projection') ?? 'tsne';
    if (!['tsne', 'mds', 'pca'].includes(projection))
      throw new RangeError(`unknown projection “${projection}” (tsne, mds, pca)`);
    const legacy = renamed(args, {
      representation: { to: ['of'], default: 'cde' },
      projection: { to: [] },
      seed: { to: ['seed', 'of.seed'] },
      alpha: { to: ['of.alpha'] },
      beta: { to: ['of.beta'] },
      orientation: { to: ['of.orientation'] },
      mds: { to: ['method'] },
      'no-quality': { to: [] },
    });
    if (args.flags.has('no-quality')) legacy.args.flags.set('quality', 'false');
    return runMethod(projection, fileArgument(args), legacy.args, io, legacy.optional);
  },
};

function representations(): string[] {
  return methodsProducing(REPRESENTATION_KINDS).map((s) => s.id);
}

/**
 * The same arguments with legacy flags renamed into run's flags: each `from` flag (or its
 * default) is copied to every target name; the targets are optional for the methods asked.
 */
function renamed(
  args: Args,
  mapping: Record<string, { to: string[]; default?: string }>,
): { args: Args; optional: string[] } {
  const flags = new Map(args.flags);
  const optional: string[] = [];
  for (const [from, { to, default: fallback }] of Object.entries(mapping)) {
    const value = args.flags.get(from) ?? fallback;
    flags.delete(from);
    if (value === undefined) continue;
    for (const name of to) {
      if (!flags.has(name)) flags.set(name, value);
      optional.push(name);
    }
  }
  return { args: { positionals: args.positionals, flags }, optional };
}
