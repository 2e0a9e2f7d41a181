import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataError, toErrorInfo } from '../core/errors.ts';
import { runToEnd } from '../core/jobs.ts';
import { ExplorerSession, type CountsReport, type Loaded } from '../core/session.ts';
import { parseRowFilter } from '../core/table/rows.ts';
import type { MissingPolicy, Discretisation } from '../core/table/types.ts';
import type { Delimiter } from '../core/csv/sniff.ts';
import type {
  CdeReport,
  CoshReport,
  EvaluationReport,
  IndicatorsReport,
} from '../core/analysis.ts';
import type { CouplingOrientation } from '../core/methods/couplings.ts';
import type { EmbeddingMethod } from '../core/methods/registry.ts';
import type { ProjectionKind } from '../core/project/project.ts';
import type { ProjectionReport } from '../core/project/report.ts';
import type { RepresentationId } from '../core/project/representations.ts';

const USAGE = `usage: npm run cli -- <command> <file.csv> [options]
commands: describe, counts, cde, cosh, evaluate-clustering, indicators, project
table:    [--class COL] [--drop COL,COL] [--include COL,COL] [--missing drop|own|mode] [--bins N]
          [--discretise equal-frequency|equal-width|raw] [--delimiter auto|comma|semicolon|tab]
          [--skip-ragged] [--missing-tokens ?,NA,…] [--out FILE]
counts:   [--rows-where COL=VALUE]
cde:      [--alpha 10] [--beta 1e-10] [--seed N] [--orientation paper|code] [--matrices]
cosh:     [--alpha 30] [--seed N] [--orientation code|paper] [--outlier-class LABEL]
evaluate-clustering: --class COL [--methods cde,onehot,onehot-pca,idf] [--runs 50] [--seed N] [--alpha 10] [--beta 1e-10]
indicators: --class COL [--outlier-class LABEL]
project:  [--representation cde|onehot|onehot-pca|idf|hamming] [--projection tsne|mds|pca]
          [--perplexity 30] [--iterations 1000] [--theta 0.5] [--init pca|random] [--seed N]
          [--mds auto|classical|landmark] [--landmarks 300] [--no-quality] [--out coords.csv|.json]`;

const COMMANDS = [
  'describe',
  'counts',
  'cde',
  'cosh',
  'evaluate-clustering',
  'indicators',
  'project',
];

const DELIMITERS: Record<string, Delimiter | 'auto'> = {
  auto: 'auto',
  comma: ',',
  ',': ',',
  semicolon: ';',
  ';': ';',
  tab: '\t',
};

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      class: { type: 'string' },
      drop: { type: 'string' },
      include: { type: 'string' },
      missing: { type: 'string', default: 'drop' },
      bins: { type: 'string', default: '10' },
      discretise: { type: 'string', default: 'equal-frequency' },
      'rows-where': { type: 'string' },
      seed: { type: 'string', default: '0' },
      delimiter: { type: 'string', default: 'auto' },
      'skip-ragged': { type: 'boolean', default: false },
      'missing-tokens': { type: 'string' },
      out: { type: 'string' },
      alpha: { type: 'string' },
      beta: { type: 'string', default: '1e-10' },
      orientation: { type: 'string' },
      matrices: { type: 'boolean', default: false },
      'outlier-class': { type: 'string' },
      methods: { type: 'string', default: 'cde,onehot,onehot-pca,idf' },
      runs: { type: 'string', default: '50' },
      representation: { type: 'string', default: 'cde' },
      projection: { type: 'string', default: 'tsne' },
      perplexity: { type: 'string' },
      iterations: { type: 'string' },
      theta: { type: 'string' },
      init: { type: 'string' },
      mds: { type: 'string' },
      landmarks: { type: 'string' },
      'no-quality': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [command, file] = positionals;
  if (!command || !file) throw new RangeError(`expected a command and a CSV file\n${USAGE}`);
  if (!COMMANDS.includes(command))
    throw new RangeError(`unknown command “${command}” (${COMMANDS.join(', ')})`);
  const bins = Number(values.bins);
  if (!Number.isInteger(bins))
    throw new RangeError(`--bins must be an integer, got “${values.bins}”`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed))
    throw new RangeError(`--seed must be an integer, got “${values.seed}”`);
  const delimiter = DELIMITERS[values.delimiter];
  if (!delimiter)
    throw new RangeError(
      `--delimiter must be auto, comma, semicolon or tab, got “${values.delimiter}”`,
    );
  const list = (s: string | undefined): string[] =>
    s
      ? s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [];

  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new DataError('empty', `cannot read “${file}”: no such file`);
  }
  const session = new ExplorerSession();
  const loaded = await session.load(
    createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }),
    {
      delimiter,
      skipRaggedRows: values['skip-ragged'],
      // An empty cell is always missing; the flag lists the other tokens.
      ...(values['missing-tokens'] !== undefined
        ? { missingTokens: ['', ...list(values['missing-tokens'])] }
        : {}),
    },
    {
      classColumn: values.class ?? null,
      drop: list(values.drop),
      include: list(values.include),
      missing: values.missing as MissingPolicy,
      bins,
      discretisation: values.discretise as Discretisation,
    },
    { sizeHint: size },
  );
  const rowsWhere = values['rows-where'] ? parseRowFilter(values['rows-where']) : null;
  const number = (
    name: 'alpha' | 'beta' | 'runs' | 'perplexity' | 'iterations' | 'theta' | 'landmarks',
  ): number | undefined => {
    const text = values[name];
    if (text === undefined) return undefined;
    const x = Number(text);
    if (text.trim() === '' || !Number.isFinite(x))
      throw new RangeError(`--${name} must be a number, got “${text}”`);
    return x;
  };
  const orientation = values.orientation as CouplingOrientation | undefined;
  const outlierClass = values['outlier-class'] ?? null;
  const alpha = number('alpha');
  let result: object;
  switch (command) {
    case 'describe':
      result = describeJson(loaded);
      break;
    case 'counts':
      result = countsJson(loaded, runToEnd(session.countSteps({ rowsWhere })));
      break;
    case 'cde':
      result = cdeJson(
        loaded,
        runToEnd(session.cdeSteps({ seed, beta: number('beta'), alpha, orientation })),
        values.matrices,
      );
      break;
    case 'cosh':
      result = coshJson(runToEnd(session.coshSteps({ seed, alpha, orientation }, outlierClass)));
      break;
    case 'evaluate-clustering':
      result = evaluationJson(
        runToEnd(
          session.evaluationSteps({
            methods: list(values.methods) as EmbeddingMethod[],
            runs: number('runs'),
            seed,
            beta: number('beta'),
            cde: { alpha, orientation },
          }),
        ),
      );
      break;
    case 'project': {
      const report = runToEnd(
        session.projectionSteps({
          representation: values.representation as RepresentationId,
          projection: values.projection as ProjectionKind,
          perplexity: number('perplexity'),
          iterations: number('iterations'),
          theta: number('theta'),
          init: values.init as 'pca' | 'random' | undefined,
          mds: {
            method: values.mds as 'auto' | 'classical' | 'landmark' | undefined,
            landmarks: number('landmarks'),
          },
          seed,
          cde: { alpha, orientation },
          beta: number('beta'),
          quality: !values['no-quality'],
        }),
      );
      if (values.out?.toLowerCase().endsWith('.csv')) {
        writeFileSync(values.out, coordinatesCsv(report.coordinates));
        result = projectionJson(report, false);
        break;
      }
      result = projectionJson(report, true);
      break;
    }
    default:
      result = indicatorsJson(runToEnd(session.indicatorSteps(outlierClass)));
  }
  const text = `${compactPairs(JSON.stringify(result, null, 2))}\n`;
  if (values.out && !(command === 'project' && values.out.toLowerCase().endsWith('.csv')))
    writeFileSync(values.out, text);
  else process.stdout.write(text);
}

/** The projection's summary; with `coordinates`, every object's [x, y] (row order). */
function projectionJson(report: ProjectionReport, withCoordinates: boolean): object {
  return {
    ...(withCoordinates
      ? { coordinates: matrixRows(report.coordinates, report.coordinates.length / 2, 2) }
      : {}),
    representation: report.representation,
    projection: report.projection,
    ...(report.kl !== null ? { kl: report.kl } : {}),
    ...(report.stress !== null ? { stress: report.stress } : {}),
    ...(report.quality
      ? {
          trustworthiness: report.quality.trustworthiness,
          continuity: report.quality.continuity,
          k: report.quality.k,
          qualitySampled: report.quality.sampled,
        }
      : {}),
    detail: report.detail,
    seconds: report.seconds,
  };
}

/** Prints [x, y] pairs on one line each instead of three. */
function compactPairs(json: string): string {
  return json.replace(/\[\n\s+(-?[\d.e+-]+),\n\s+(-?[\d.e+-]+)\n\s+\]/g, '[$1, $2]');
}

/** row,x,y with rows numbered from 1 as in the data table. */
function coordinatesCsv(coordinates: Float64Array): string {
  const lines = ['row,x,y'];
  for (let i = 0; i < coordinates.length / 2; i++)
    lines.push(`${i + 1},${coordinates[2 * i] as number},${coordinates[2 * i + 1] as number}`);
  return `${lines.join('\n')}\n`;
}

function describeJson(loaded: Loaded): object {
  const s = loaded.summary;
  return {
    rows: s.rows,
    totalRows: s.totalRows,
    droppedRows: s.droppedRows,
    missingPolicy: s.missingPolicy,
    columns: s.columns.map((c) => ({
      name: c.name,
      kind: c.kind,
      role: c.role,
      ...(c.reason ? { reason: c.reason } : {}),
      distinct: c.distinct,
      values: c.values,
      ...(c.valuesTruncated ? { valuesTruncated: true } : {}),
      missing: c.missing,
    })),
    warnings: s.warnings,
  };
}

function countsJson(loaded: Loaded, counts: CountsReport): object {
  const { meta } = loaded;
  const L = meta.nValues;
  const D = meta.attributes.length;
  const values = meta.attributes.flatMap((a) =>
    a.labels.map((label, k) => ({
      attribute: a.name,
      label,
      count: counts.valueCounts[a.offset + k] as number,
    })),
  );
  const rowsOf = <T extends Int32Array | Float64Array>(m: T, n: number): number[][] =>
    Array.from({ length: n }, (_, i) => Array.from(m.subarray(i * n, (i + 1) * n)));
  if (!counts.cooccurrence)
    throw new RangeError(`too many values (${L}) for a dense co-occurrence matrix`);
  return {
    rows: counts.nRows,
    values,
    cooccurrence: rowsOf(counts.cooccurrence, L),
    entropy: { attributes: meta.attributes.map((a) => a.name), bits: Array.from(counts.entropy) },
    su: {
      attributes: meta.attributes.map((a) => a.name),
      matrix: rowsOf(counts.symmetricUncertainty, D),
    },
  };
}

function matrixRows(m: Float64Array, rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, (_, i) => Array.from(m.subarray(i * cols, (i + 1) * cols)));
}

function cdeJson(loaded: Loaded, report: CdeReport, matrices: boolean): object {
  const L = report.nValues;
  return {
    values: loaded.meta.attributes.flatMap((a) =>
      a.labels.map((label) => ({ attribute: a.name, label })),
    ),
    ...(matrices && report.mo && report.mc
      ? { Mo: matrixRows(report.mo, L, L), Mc: matrixRows(report.mc, L, L) }
      : {}),
    granularities: report.granularities.map((g) => ({
      matrix: g.matrix,
      k: g.k,
      clusters: g.clusters,
      removed: g.removed,
    })),
    indicatorColumns: report.indicatorColumns,
    valueEmbedding: matrixRows(report.valueEmbedding, L, report.dims),
    dims: report.dims,
    options: report.options,
    seconds: report.seconds,
  };
}

function coshJson(report: CoshReport): object {
  return {
    valueScores: Array.from(report.valueScores),
    objectScores: Array.from(report.objectScores),
    ...(report.auc !== null ? { auc: report.auc, outlierClass: report.outlierClass } : {}),
    granularities: report.granularities.map((g) => ({ matrix: g.matrix, k: g.k })),
    options: report.options,
    seconds: report.seconds,
  };
}

function evaluationJson(report: EvaluationReport): object {
  return {
    k: report.k,
    runs: report.runs,
    seed: report.seed,
    results: report.results.map((r) => ({
      method: r.method,
      dims: r.dims,
      fscore: r.fscore,
      nmi: r.nmi,
      accuracy: r.accuracy,
      seconds: r.seconds,
      ...(report.paper ? { paperFscore: report.paper.fscore[r.method] } : {}),
    })),
    indicators: report.indicators,
    ...(report.paper ? { paper: report.paper } : {}),
    ...(!report.paper && report.paperNearMatch
      ? {
          note: `seed 000 Table 1's ${report.paperNearMatch.data} has ${report.paperNearMatch.values} values; this table has a different number, so its F-scores are not printed beside these (match the paper's preprocessing, e.g. --drop legs for Zoo)`,
        }
      : {}),
  };
}

function indicatorsJson(report: IndicatorsReport): object {
  return Object.fromEntries(Object.entries(report).filter(([, v]) => v !== null));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const info = toErrorInfo(error);
  process.stderr.write(`error: ${info.message.split('\n')[0]}\n`);
  process.exit(2);
});
