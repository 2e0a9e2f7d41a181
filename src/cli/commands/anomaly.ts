import { computeCounts } from '../../core/data/counts/counts.ts';
import { optionsUsage } from '../request.ts';
import { dilcaMethod } from '../../core/methods/dilca/dilca.ts';
import { sandcatMethod } from '../../core/methods/sandcat/sandcat.ts';
import { cbrwMethod } from '../../core/methods/detectors/cbrwMethod.ts';
import { dilcaModel } from '../../core/methods/dilca/dilcaModel.ts';
import { DataError } from '../../core/base/errors.ts';
import { runToEnd } from '../../core/base/jobs.ts';
import { dilcaRows } from '../../core/methods/dilca/dilca.ts';
import { detectorIds, detectorOf, detectorsNamed } from '../../core/platform/registry.ts';
import {
  detectorExperimentSteps,
  type ExperimentResult,
} from '../../core/evaluation/outlierExperiment.ts';
import { SANDCAT_PARAMETERS } from '../../core/methods/sandcat/sandcat.ts';
import { resolveOptions } from '../../core/base/parameters.ts';
import { paperOutlierRow } from '../../core/methods/sandcat/paperTable.ts';
import {
  DETECTOR_EXPERIMENT_PARAMETERS,
  handedOn,
} from '../../core/evaluation/evaluateDetectors.ts';
import type { CategoricalTable } from '../../core/data/table/types.ts';
import { fileArgument, refuseUnknown, text } from '../args.ts';
import { optionFlags } from '../callFlags.ts';
import { printJson } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import type { CliRequest } from '../request.ts';

/**
 * The anomaly workflow of Ienco et al. 2016 (DILCA/SAnDCat) on the command line: DILCA's model (Fig. 2, Table I), the
 * SAnDCat protocol (Table IV) and the detector comparison. The protocol commands read missing
 * values as the column mode unless --missing says otherwise (DILCA/SAnDCat, Ienco et al. 2016, Sec. V, reference notes).
 */

/** `--rows-where COL=VALUE` or `COL!=VALUE`, COL being the class column. */
function rowsWhere(table: CategoricalTable, spec: string | undefined) {
  if (spec === undefined) return { fitClass: null, fitSide: 'equal' as const };
  const match = /^(.*?)(!=|=)(.*)$/.exec(spec);
  if (!match) throw new RangeError(`--rows-where expects COL=VALUE or COL!=VALUE, got “${spec}”`);
  const [, column, op, value] = match as unknown as [string, string, string, string];
  const cls = table.classColumn;
  if (!cls || cls.name !== column)
    throw new RangeError(
      `--rows-where selects rows by the class column${cls ? ` (${cls.name})` : ''}; give it with --class ${column}`,
    );
  return { fitClass: value, fitSide: op === '=' ? ('equal' as const) : ('other' as const) };
}

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));

export const dilcaCommand: Command = {
  name: dilcaMethod.id,
  summary:
    'DILCA contexts, value distances and model impacts (DILCA/SAnDCat, Ienco et al. 2016, Fig. 2, Table I)',
  usage: () =>
    `${dilcaMethod.id}: ${dilcaMethod.id} FILE --class COL [--rows-where COL=VALUE | COL!=VALUE]: fitted on those rows`,
  async run(request, io) {
    const used = new Set(['rows-where']);
    refuseUnknown(request.own, used, this.usage());
    const { session } = await loadTable(fileArgument(request), request);
    const table = session.table;
    if (table.rowless && request.own.flags.has('rows-where'))
      throw new DataError(
        'needs-rows',
        '--rows-where selects rows: a table known by its counts alone has none',
      );
    const options = rowsWhere(table, text(request.own, 'rows-where'));
    const rows = dilcaRows(table, options);
    // Fitted on every row: the shared counts (also those of a counts file or the duckdb engine).
    const counts =
      rows === null ? runToEnd(session.fitCountSteps()) : computeCounts(table, { rows });
    const model = dilcaModel(table, counts);
    const D = table.attributes.length;
    const name = (a: number): string => table.attributes[a]?.name ?? '';
    printJson(
      {
        fittedOn: { rows: counts.nRows, where: text(request.own, 'rows-where') ?? 'every row' },
        attributes: table.attributes.map((attr, a) => {
          const m = attr.labels.length;
          const start = model.tableStart[a] as number;
          return {
            name: attr.name,
            values: attr.labels,
            context: (model.contexts[a] ?? []).map(name),
            su: Object.fromEntries(
              (model.contexts[a] ?? []).map((x) => [name(x), round(model.su[x * D + a] as number)]),
            ),
            distances: Array.from({ length: m }, (_, u) =>
              Array.from(model.tables.subarray(start + u * m, start + u * m + m), (d) => round(d)),
            ),
            modelImpact: round(model.impact[a] as number),
          };
        }),
        ...(model.emptyContexts.length > 0 && {
          warnings: model.emptyContexts.map((a) => `${name(a)}: empty context, distance 0`),
        }),
      },
      request,
      io,
    );
  },
};

/** The protocol's table: missing values read as the column mode unless --missing says otherwise. */
async function loadForProtocol(request: CliRequest) {
  const byMode = !request.given.has('missing') && request.engine.counts === null;
  return loadTable(
    fileArgument(request),
    byMode ? { ...request, prepare: { ...request.prepare, missing: 'mode' } } : request,
  );
}

function experimentJson(result: ExperimentResult, attributes: number) {
  const paper = paperOutlierRow({
    normal: result.normalCount,
    abnormal: result.abnormalCount,
    attributes,
  });
  return {
    normalClass: result.normalClass,
    normalCount: result.normalCount,
    abnormalCount: result.abnormalCount,
    protocol: { folds: result.folds, samples: result.samples },
    paper,
  };
}

export const sandcatCommand: Command = {
  name: sandcatMethod.id,
  summary:
    'SAnDCat under the Ienco et al. 2016 (DILCA/SAnDCat) protocol: AUC per fold, mean ± sd (Table IV)',
  usage: () =>
    `${sandcatMethod.id}: ${sandcatMethod.id} FILE --class COL (missing values: the column mode)\n${optionsUsage(DETECTOR_EXPERIMENT_PARAMETERS.filter((p) => p.name !== 'detectors'))}`,
  async run(request, io) {
    const used = new Set<string>();
    const raw = optionFlags(DETECTOR_EXPERIMENT_PARAMETERS, request.own, '', used);
    used.delete('detectors');
    refuseUnknown(request.own, used, this.usage());
    const options = resolveOptions(DETECTOR_EXPERIMENT_PARAMETERS, raw, sandcatMethod.id);
    const sandcat = resolveOptions(
      SANDCAT_PARAMETERS,
      { heuristic: options.heuristic, k: options.k },
      'SAnDCat',
    );
    const { session } = await loadForProtocol(request);
    const table = session.table;
    if (!table.classColumn) throw new RangeError('sandcat needs --class COL');
    const result = runToEnd(
      detectorExperimentSteps(
        table,
        [{ detector: detectorOf(sandcatMethod), options: sandcat }],
        options,
      ),
    );
    const outcome = result.detectors[0] as ExperimentResult['detectors'][number];
    const head = experimentJson(result, table.attributes.length);
    printJson(
      {
        ...head,
        heuristic: sandcat.heuristic,
        k: sandcat.k,
        seed: options.seed,
        auc: { mean: round(outcome.auc.mean), sd: round(outcome.auc.sd) },
        paper: head.paper && { dataset: head.paper.dataset, auc: head.paper.auc.SAnDCat },
        sampleMeans: outcome.sampleMeans.map((x) => round(x)),
        folds: outcome.folds.map((f) => ({ ...f, auc: round(f.auc) })),
        seconds: round(outcome.seconds, 3),
      },
      request,
      io,
    );
  },
};

export const outliersCommand: Command = {
  name: 'outliers',
  summary:
    'every detector on the same Ienco et al. 2016 (DILCA/SAnDCat) splits: AUC mean ± sd and seconds',
  usage: () =>
    `outliers: outliers FILE --class COL [--methods ${detectorIds().join(',')}] (missing values: the column mode)\n${optionsUsage(DETECTOR_EXPERIMENT_PARAMETERS.filter((p) => p.name !== 'detectors'))}`,
  async run(request, io) {
    const used = new Set(['methods']);
    const raw = optionFlags(DETECTOR_EXPERIMENT_PARAMETERS, request.own, '', used);
    refuseUnknown(request.own, used, this.usage());
    const methods =
      text(request.own, 'methods') ??
      (raw.detectors as string | undefined) ??
      detectorIds().join(',');
    const options = resolveOptions(
      DETECTOR_EXPERIMENT_PARAMETERS,
      { ...raw, detectors: methods },
      'outliers',
    );
    const detectors = detectorsNamed(methods);
    const { session } = await loadForProtocol(request);
    const table = session.table;
    if (!table.classColumn) throw new RangeError('outliers needs --class COL');
    const result = runToEnd(
      detectorExperimentSteps(
        table,
        detectors.map((detector) => ({
          detector,
          options: handedOn(detector, options),
        })),
        options,
      ),
    );
    printJson(
      {
        ...experimentJson(result, table.attributes.length),
        seed: options.seed,
        results: result.detectors.map((d) => ({
          method: d.id,
          supervision: d.supervision,
          auc: { mean: round(d.auc.mean), sd: round(d.auc.sd) },
          seconds: round(d.seconds, 3),
        })),
      },
      request,
      io,
    );
  },
};

export const cbrwCommand: Command = {
  name: cbrwMethod.id,
  summary: 'CBRW outlier scores and feature weights (Pang et al., IJCAI 2016)',
  usage: () =>
    `${cbrwMethod.id}: ${cbrwMethod.id} FILE [--class COL]\n${optionsUsage(cbrwMethod.parameters)}`,
  async run(request, io) {
    const used = new Set<string>();
    const options = optionFlags(cbrwMethod.parameters, request.own, '', used);
    refuseUnknown(request.own, used, this.usage());
    const { session, loaded } = await loadTable(fileArgument(request), request);
    if (session.table.rowless)
      throw new DataError(
        'needs-rows',
        'cbrw prints every object’s score, which needs the rows; `run cbrw` gives the value scores and feature weights from counts',
      );
    const output = runToEnd(session.runSteps({ method: cbrwMethod.id, options }));
    const scores = output.results.scores;
    const weights = output.results.featureWeights;
    if (scores?.kind !== 'object-scores' || weights?.kind !== 'attribute-impacts')
      throw new Error('cbrw produced no scores');
    printJson(
      {
        objectScores: Array.from(scores.scores, (x) => round(x, 6)),
        featureWeights: Object.fromEntries(
          loaded.meta.attributes.map((a, i) => [a.name, round(weights.values[i] as number, 6)]),
        ),
        warnings: output.warnings,
      },
      request,
      io,
    );
  },
};
