import { errorsJson } from './failures.ts';
import { csvField } from '../core/data/table/writeCsv.ts';
import { describeCall } from '../core/platform/calls.ts';
import { methodSpec } from '../core/platform/registry.ts';
import type { MethodOutput, ResolvedCall } from '../core/platform/spec.ts';
import type {
  CouplingSpacesResult,
  ObjectEmbeddingResult,
  ObjectExplanations,
  Result,
} from '../core/platform/results.ts';
import { valueKey, type TableMeta } from '../core/platform/session.ts';

/**
 * Results as JSON for people and scripts, by kind: value-level results name their values once
 * (`values`), object-level ones list one entry per row; the L × L value matrices only with
 * `--matrices`, and an object distance as its per-attribute pieces, never as n × n. Results whose
 * size grows with the square of the values — value tables, the value vectors of a concatenation
 * embedding (UNTIE's are 28·m_a wide), value embeddings — are printed up to PRINT_LIMIT numbers,
 * and beyond it only with `--matrices`, the JSON naming their size. Numbers are handed over as
 * views of the results' typed arrays (rows of a matrix as subarrays), not copied: the JSON is
 * written by output.ts's writeJson, streamed, never as one string.
 */
export interface JsonOptions {
  matrices: boolean;
}

/** Numbers above which a value-level table or vector set waits for --matrices (~20 MB of JSON). */
export const PRINT_LIMIT = 1_000_000;

/**
 * A large result left out of the default JSON, with its size: the numbers, and the JSON they
 * would take (full-precision numbers, their printed length measured on a sample of them).
 */
function omitted(data: ArrayLike<number>): string {
  const count = data.length;
  const step = Math.max(1, Math.floor(count / 1000));
  let chars = 0;
  let sampled = 0;
  for (let i = 0; i < count; i += step, sampled++) chars += String(data[i]).length + 2;
  const bytes = sampled > 0 ? (chars / sampled) * count : 0;
  const size = bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.ceil(bytes / 1e6)} MB`;
  return `${count.toLocaleString('en-US')} numbers, about ${size} of JSON: printed with --matrices (streamed; add --out FILE.json to write them to a file)`;
}

/** Whether a value-level result of `count` numbers is printed. */
function printed(count: number, options: JsonOptions): boolean {
  return options.matrices || count <= PRINT_LIMIT;
}

/** A run's JSON: the call, its results by name, warnings and time. */
export interface OutputJson {
  method: string;
  results: Record<string, object>;
  [key: string]: unknown;
}

export function outputJson(
  meta: TableMeta,
  output: MethodOutput,
  options: JsonOptions,
): OutputJson {
  const spec = methodSpec(output.call.method);
  const results = Object.fromEntries(
    Object.entries(output.results).map(([name, r]) => [name, resultJson(meta, r, options)]),
  );
  const valueLevel = Object.values(output.results).some((r) => r.kind.startsWith('value-'));
  return {
    method: spec.id,
    title: describeCall(output.call),
    options: output.call.options,
    // What each option left 'auto' ran with ("epochs": 500 beside "epochs": "auto").
    ...(output.automatic ? { automatic: output.automatic } : {}),
    ...(Object.keys(output.call.inputs).length ? { inputs: inputsJson(output.call) } : {}),
    ...(valueLevel ? { values: valueList(meta) } : {}),
    results,
    ...(errorsJson(output).length ? { errors: errorsJson(output) } : {}),
    ...(output.warnings.length ? { warnings: output.warnings } : {}),
    seconds: output.seconds,
  };
}

function inputsJson(call: ResolvedCall): object {
  return Object.fromEntries(
    Object.entries(call.inputs).map(([name, v]) => [
      name,
      (Array.isArray(v) ? v : [v]).map((c) => ({
        method: c.method,
        options: c.options,
        ...(Object.keys(c.inputs).length ? { inputs: inputsJson(c) } : {}),
      })),
    ]),
  );
}

export function valueList(meta: TableMeta): { attribute: string; label: string }[] {
  return meta.attributes.flatMap((a) => a.labels.map((label) => ({ attribute: a.name, label })));
}

export function matrixRows(m: ArrayLike<number>, rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => m[i * cols + j] as number),
  );
}

/** The rows of a row-major matrix as views (no copy), for writeJson. */
export function rowViews(m: Float64Array, rows: number, cols: number): Float64Array[] {
  return Array.from({ length: rows }, (_, i) => m.subarray(i * cols, (i + 1) * cols));
}

/** Per attribute, its m × m value table as rows (views), or why it is left out. */
function valueTables(
  meta: TableMeta,
  tables: Float64Array,
  tableStart: Int32Array,
  options: JsonOptions,
): { tables: Record<string, Float64Array[]> } | { omitted: string } {
  if (!printed(tables.length, options)) return { omitted: omitted(tables) };
  return {
    tables: Object.fromEntries(
      meta.attributes.map((a, i) => {
        const m = a.labels.length;
        const start = tableStart[i] ?? 0;
        return [a.name, rowViews(tables.subarray(start, start + m * m), m, m)];
      }),
    ),
  };
}

/** Each object's terms by attribute, with how they relate to its score. */
function explanationsJson(meta: TableMeta, r: ObjectExplanations): object {
  const { n, relation, relationText, definition } = r;
  const attributes = meta.attributes.map((a) => a.name);
  return { n, relation, relationText, definition, attributes, rows: rowViews(r.values, n, r.dims) };
}

/**
 * The coupling spaces by attribute and value, each m_Ie column named by its value
 * ("Texture=blurry"): m_Ia(v) and m_Ie(v) as Zhu et al. 2022 print them for the watermelon.
 */
function couplingSpacesJson(
  meta: TableMeta,
  r: CouplingSpacesResult,
  options: JsonOptions,
): object {
  const cells = r.attributes.reduce((s, a) => s + a.intra.length + a.inter.length, 0);
  if (!printed(cells, options)) return { omitted: omitted(new Float64Array(cells)) };
  return {
    attributes: Object.fromEntries(
      r.attributes.map((s) => {
        const a = meta.attributes[s.attribute];
        const names = Array.from(s.columns, (g) => valueKey(meta, g));
        const dims = names.length;
        return [
          a?.name ?? String(s.attribute),
          Object.fromEntries(
            (a?.labels ?? []).map((value, u) => [
              value,
              {
                intra: [s.intra[u]],
                inter: Object.fromEntries(names.map((name, c) => [name, s.inter[u * dims + c]])),
              },
            ]),
          ),
        ];
      }),
    ),
  };
}

/** An object embedding: its rows (dense), or its values' vectors (a concatenation). */
function embeddingJson(meta: TableMeta, r: ObjectEmbeddingResult, options: JsonOptions): object {
  if (r.form === 'dense')
    return { form: r.form, n: r.n, dims: r.dims, rows: rowViews(r.data, r.n, r.dims) };
  return {
    form: r.form,
    n: r.n,
    dims: r.dims,
    note: 'each object is the concatenation of its values’ vectors',
    ...(printed(r.vectors.length, options)
      ? {
          valueVectors: Array.from(r.vectorStart, (start, v) =>
            r.vectors.subarray(start, start + (r.blockWidth[meta.valueAttribute[v] ?? 0] ?? 0)),
          ),
        }
      : { omitted: omitted(r.vectors) }),
  };
}

function resultJson(meta: TableMeta, r: Result, options: JsonOptions): object {
  const head = { kind: r.kind, title: r.title, ...(r.notes?.length ? { notes: r.notes } : {}) };
  switch (r.kind) {
    case 'value-matrix':
      return {
        ...head,
        size: r.size,
        meaning: r.meaning,
        ...(r.formula ? { formula: r.formula } : {}),
        ...(options.matrices
          ? { matrix: rowViews(r.data, r.size, r.size) }
          : { omitted: 'the matrix is printed with --matrices' }),
      };
    case 'value-partitions':
      return {
        ...head,
        partitions: r.partitions.map((p) => {
          const members: number[][] = Array.from({ length: p.k }, () => []);
          p.labels.forEach((c, v) => members[c]?.push(v));
          return {
            name: p.name,
            k: p.k,
            clusters: members.filter((_, c) => p.kept[c] === 1),
            dropped: members.filter((m, c) => p.kept[c] === 0 && m.length > 0),
          };
        }),
      };
    case 'value-scores':
      return {
        ...head,
        direction: r.direction,
        scores: r.scores,
        ...(r.source && r.sourceNames
          ? { source: Array.from(r.source, (s) => (s < 0 ? null : r.sourceNames?.[s])) }
          : {}),
      };
    case 'value-embedding':
      return {
        ...head,
        dims: r.dims,
        ...(printed(r.vectors.length, options)
          ? { vectors: rowViews(r.vectors, r.vectors.length / (r.dims || 1), r.dims) }
          : { omitted: omitted(r.vectors) }),
      };
    case 'object-embedding':
      return { ...head, ...embeddingJson(meta, r, options) };
    case 'object-distance':
      if (r.form === 'mismatch')
        return { ...head, form: r.form, n: r.n, weights: Array.from(r.weights) };
      return {
        ...head,
        form: r.form,
        n: r.n,
        combine: r.combine,
        ...valueTables(meta, r.tables, r.tableStart, options),
      };
    case 'object-similarity':
      return {
        ...head,
        n: r.n,
        combine: 'sum',
        ...valueTables(meta, r.tables, r.tableStart, options),
      };
    case 'object-partition':
      return { ...head, k: r.k, labels: r.labels };
    case 'object-scores':
      return { ...head, direction: r.direction, scores: r.scores };
    case 'attribute-impacts':
      return {
        ...head,
        values: Object.fromEntries(meta.attributes.map((a, i) => [a.name, r.values[i]])),
      };
    case 'object-impacts':
      return {
        ...head,
        n: r.n,
        attributes: meta.attributes.map((a) => a.name),
        rows: rowViews(r.values, r.n, r.dims),
      };
    case 'object-explanations':
      return { ...head, ...explanationsJson(meta, r) };
    case 'curves':
      return {
        ...head,
        xLabel: r.xLabel,
        yLabel: r.yLabel,
        ...(r.leader !== undefined && { leader: r.leader }),
        ...(r.chance !== undefined && { chance: r.chance }),
        series: r.series.map((s) => ({
          name: s.name,
          x: Array.from(s.x),
          y: Array.from(s.y),
          ...(s.low && s.high && { low: Array.from(s.low), high: Array.from(s.high) }),
        })),
      };
    case 'kernel-weights':
      return {
        ...head,
        kernels: r.kernels,
        spaces: r.spaces.map((s, i) => ({ ...s, weight: r.weights[i] })),
      };
    case 'coupling-spaces':
      return { ...head, ...couplingSpacesJson(meta, r, options) };
    case 'measures':
      return { ...head, values: Object.fromEntries(r.values.map((m) => [m.name, m.value])) };
    case 'table':
      return {
        ...head,
        columns: r.columns,
        rows: r.rows,
        ...(r.verdict && { verdict: r.verdict }),
      };
  }
}

/**
 * The first object-level result as CSV (line,… one per object, named by the line of the file its
 * row starts on, as the app names rows), for `--out FILE.csv`: its header and each object's line,
 * for output.ts to stream; null when the output has none.
 */
export function objectCsv(
  output: MethodOutput,
  lines: ArrayLike<number>,
): { name: string; header: string; n: number; line(i: number): string } | null {
  for (const [name, r] of Object.entries(output.results)) {
    let header: string[];
    let cells: (i: number) => (number | string)[];
    if (r.kind === 'object-embedding' && r.form === 'dense') {
      header = r.dims === 2 ? ['x', 'y'] : Array.from({ length: r.dims }, (_, j) => `d${j + 1}`);
      cells = (i) => Array.from(r.data.subarray(i * r.dims, (i + 1) * r.dims));
    } else if (r.kind === 'object-partition') {
      header = ['cluster'];
      cells = (i) => [(r.labels[i] as number) + 1];
    } else if (r.kind === 'object-scores') {
      header = ['score'];
      cells = (i) => [r.scores[i] as number];
    } else continue;
    return {
      name,
      header: ['line', ...header].join(','),
      n: r.n,
      line: (i) => [lines[i] ?? i + 2, ...cells(i)].map((v) => csvField(String(v))).join(','),
    };
  }
  return null;
}
