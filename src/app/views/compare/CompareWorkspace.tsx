import { useMemo, useState, type ReactNode } from 'react';
import { methodSpec } from '../../../core/platform/registry.ts';
import type { MethodSpec } from '../../../core/platform/spec.ts';
import type { ResultKind } from '../../../core/platform/results.ts';
import { allSpecs } from '../../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../../core/platform/representation.ts';
import { useStore } from '../../store/index.ts';
import { compareProjection, projectionFor } from '../../model/steps.ts';
import { projectionSteps } from '../../../core/platform/registry.ts';
import { NeedsRows } from '../../components/NeedsRows.tsx';
import { COMPARE_NEEDS_ROWS, rowsReason } from '../../model/rowless.ts';
import { CompareClusters, CompareMatrix, CompareProjection, CompareScores } from './cells.tsx';

/** One row of the compare layout: a kind of view, and which methods can fill it. */
export interface CompareRow {
  id: 'matrix' | 'clusters' | 'projection' | 'scores';
  title: string;
  kinds: readonly ResultKind[];
}

export const ROWS: readonly CompareRow[] = [
  { id: 'matrix', title: 'Value matrix of one attribute', kinds: ['value-matrix'] },
  { id: 'clusters', title: 'Value clusters', kinds: ['value-partitions'] },
  { id: 'projection', title: 'Projection', kinds: REPRESENTATION_KINDS },
  { id: 'scores', title: 'Outlier scores', kinds: ['object-scores'] },
];

/** Rows of objects: a table known by its counts alone has none to show. */
const OBJECT_ROWS: ReadonlySet<CompareRow['id']> = new Set(['projection', 'scores']);

/** Whether method `spec` has a view in `row`: it produces one of the row's kinds. */
export const fills = (spec: Pick<MethodSpec, 'produces'>, row: CompareRow) =>
  spec.produces.some((k) => row.kinds.includes(k));

/**
 * The rows of the layout: those at least one column fills, less the rows of objects for a
 * table known by its counts alone (`rowless`).
 */
export function compareRows(
  columns: readonly Pick<MethodSpec, 'produces'>[],
  rowless: boolean,
): CompareRow[] {
  return ROWS.filter(
    (row) => columns.some((m) => fills(m, row)) && !(rowless && OBJECT_ROWS.has(row.id)),
  );
}

/** The methods ticked once `id` is ticked (`on`) or not (a new set). */
export function picked(chosen: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  const next = new Set(chosen);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The seed typed in the seed field: a whole number from 0 (0 for anything else). */
export function seedOf(typed: string): number {
  return Math.max(0, Math.floor(Number(typed) || 0));
}

/**
 * The compare layout: the chosen methods in columns, one kind of view a row — a value matrix
 * restricted to one attribute, the value clusters, the same projection (method and seed) of
 * each representation, the outlier scores. Hover and selection are the store's, so a lasso in
 * one cell lights the same objects in every cell and their values in every matrix.
 */
export function CompareWorkspace() {
  const meta = useStore((s) => s.loaded?.meta);
  const methods = useMemo(() => allSpecs('method'), []);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(methods.map((m) => m.id)),
  );
  const [attribute, setAttribute] = useState<number | null>(null);
  const [projection, setProjection] = useState(compareProjection);
  const [seed, setSeed] = useState(0);
  if (!meta) return <p className="muted">Load a data set to compare its methods.</p>;
  const columns = methods.filter((m) => chosen.has(m.id));
  // A counts file has no objects: its projections and outlier scores are left out, said once.
  const rowless = meta.rowless === true;
  const rows = compareRows(columns, rowless);
  const a = Math.min(attribute ?? richestAttribute(meta.attributes), meta.attributes.length - 1);
  return (
    <div className="compare" data-testid="compare-workspace">
      <div className="compare-controls view-controls wrap">
        <label>
          Matrix attribute
          <select
            aria-label="Compare attribute"
            value={a}
            onChange={(e) => setAttribute(Number(e.target.value))}
          >
            {meta.attributes.map((x, i) => (
              <option key={x.name} value={i}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        {!rowless && (
          <label>
            Projection
            <select
              aria-label="Compare projection"
              value={projection}
              onChange={(e) => setProjection(e.target.value)}
            >
              {projectionSteps().map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {!rowless && methodSpec(projection).parameters.some((p) => p.role === 'seed') && (
          <label>
            seed
            <input
              type="number"
              min={0}
              aria-label="Compare seed"
              value={seed}
              onChange={(e) => setSeed(seedOf(e.target.value))}
            />
          </label>
        )}
        <MethodPicker methods={methods} chosen={chosen} onChange={setChosen} />
      </div>
      {rowless && <NeedsRows message={COMPARE_NEEDS_ROWS} />}
      <div className="compare-scroll">
        <div
          className="compare-grid"
          style={{ gridTemplateColumns: `8em repeat(${columns.length}, var(--compare-cell))` }}
          role="table"
          aria-label="Methods compared"
        >
          {/* Rows are `display: contents`: the cells stay items of the grid. */}
          <div className="compare-row" role="row">
            <div className="compare-corner" role="columnheader">
              <span className="visually-hidden">View</span>
            </div>
            {columns.map((m) => (
              <div key={m.id} className="compare-head" role="columnheader" title={m.description}>
                {m.title}
              </div>
            ))}
          </div>
          {rows.map((row) => (
            <CompareRowCells key={row.id} row={row}>
              {columns.map((m, i) => (
                <div
                  key={m.id}
                  className="compare-cell"
                  role="cell"
                  data-testid={`compare-${row.id}-${m.id}`}
                >
                  <CompareCell
                    row={row}
                    spec={m}
                    index={i}
                    attribute={a}
                    projection={projection}
                    seed={seed}
                    rowless={rowless}
                  />
                </div>
              ))}
            </CompareRowCells>
          ))}
        </div>
      </div>
    </div>
  );
}

/** One cell: method `spec`'s view of the row's kind, or a dash where it gives none. */
function CompareCell({
  row,
  spec,
  index,
  attribute,
  projection,
  seed,
  rowless,
}: {
  row: CompareRow;
  spec: MethodSpec;
  /** The method's column. */
  index: number;
  attribute: number;
  projection: string;
  seed: number;
  rowless: boolean;
}): ReactNode {
  if (!fills(spec, row)) return <span className="muted small">—</span>;
  if (rowless && rowsReason({ method: spec.id }) !== null)
    return <span className="muted small">needs the rows</span>;
  switch (row.id) {
    case 'matrix':
      return <CompareMatrix method={spec.id} attribute={attribute} />;
    case 'clusters':
      return <CompareClusters method={spec.id} column={index} />;
    case 'projection': {
      // A distance has no principal components: PCA becomes MDS for it.
      const step = projectionFor(projection, spec);
      return <CompareProjection method={spec.id} step={step} seed={seed} />;
    }
    case 'scores':
      return <CompareScores method={spec.id} />;
  }
}

/** Which methods have a column: every registered method, each ticked or not. */
function MethodPicker({
  methods,
  chosen,
  onChange,
}: {
  methods: readonly MethodSpec[];
  chosen: ReadonlySet<string>;
  onChange(chosen: ReadonlySet<string>): void;
}) {
  const columns = methods.filter((m) => chosen.has(m.id));
  return (
    <details className="compare-methods">
      <summary>
        Methods ({columns.length} of {methods.length})
      </summary>
      {methods.map((m) => (
        <label key={m.id} title={m.description}>
          <input
            type="checkbox"
            checked={chosen.has(m.id)}
            onChange={(e) => onChange(picked(chosen, m.id, e.target.checked))}
          />
          {m.title}
        </label>
      ))}
    </details>
  );
}

function CompareRowCells({ row, children }: { row: CompareRow; children: ReactNode }) {
  return (
    <div className="compare-row" role="row">
      <div className="compare-row-head" role="rowheader">
        {row.title}
      </div>
      {children}
    </div>
  );
}

/**
 * The attribute with the most values that still label in a cell (≤ 12): the most to compare;
 * the first when none has 12 or fewer.
 */
export function richestAttribute(attributes: readonly { labels: readonly string[] }[]): number {
  let best = 0;
  attributes.forEach((x, i) => {
    const n = x.labels.length;
    const b = attributes[best]?.labels.length ?? 0;
    if (n <= 12 && (n > b || b > 12)) best = i;
  });
  return best;
}
