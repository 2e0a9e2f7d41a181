import {
  findResult,
  type ObjectDistance,
  type ObjectSimilarity,
} from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { useObjectValues } from './useObjectValues.ts';
import { rowName, ROW_NUMBERING } from '../model/rowNames.ts';

const f = (x: number): string => x.toFixed(4);
/** A number cell: 4 digits shown, every digit in the CSV and JSON (data-export-text). */
const exact = (x: number) => ({ 'data-export-text': String(x) });

/**
 * Two selected objects compared attribute by attribute under a method's object distance (CADO,
 * DILCA, OFD, ADD, Hamming …): each attribute's term and the total, and the method's object
 * similarity term by term when it has one (Wang et al. 2015's CASO).
 */
export function PairView({ panel }: { panel: Panel }) {
  const selected = useStore((s) => s.selectedObjects);
  const pair = selected.slice(0, 2);
  const values = useObjectValues(pair);
  return (
    <MethodPanel panel={panel} what="two objects compared">
      {(output, meta) => {
        const distance = findResult(output.results, 'object-distance')?.result;
        const similarity = findResult(output.results, 'object-similarity')?.result ?? null;
        if (!distance) return null;
        const [a, b] = pair;
        const ca = a === undefined ? undefined : values.get(a);
        const cb = b === undefined ? undefined : values.get(b);
        if (a === undefined || b === undefined)
          return (
            <p className="muted" data-testid="pair-empty">
              Select two objects (in a projection, the ranking or the data table) to compare them
              attribute by attribute.
            </p>
          );
        if (!ca || !cb) return <p className="muted">…</p>;
        return (
          <PairTable
            meta={meta}
            rows={[a, b]}
            codes={[ca, cb]}
            distance={distance}
            similarity={similarity}
          />
        );
      }}
    </MethodPanel>
  );
}

function PairTable({
  meta,
  rows,
  codes,
  distance,
  similarity,
}: {
  meta: TableMeta;
  rows: [number, number];
  codes: [Int32Array, Int32Array];
  distance: ObjectDistance;
  /** The method's object similarity (CASO), shown beside the distance. */
  similarity: ObjectSimilarity | null;
}) {
  const { terms, total, caso, euclidean } = pairTerms(meta, codes, distance, similarity);
  return (
    <table className="results" data-testid="pair-table">
      <thead>
        <tr>
          <th className="text">attribute</th>
          <th className="text" title={ROW_NUMBERING}>
            {rowName(meta, rows[0])}
          </th>
          <th className="text" title={ROW_NUMBERING}>
            {rowName(meta, rows[1])}
          </th>
          <th>{distance.title}</th>
          {similarity && <th>{similarity.title}</th>}
        </tr>
      </thead>
      <tbody>
        {terms.map((t) => (
          <tr key={t.name}>
            <td className="text">{t.name}</td>
            <td className="text">{t.x}</td>
            <td className="text">{t.y}</td>
            <td {...exact(t.term)}>{f(t.term)}</td>
            {similarity && <td {...exact(t.s ?? 0)}>{f(t.s ?? 0)}</td>}
          </tr>
        ))}
        <tr className="total">
          <td className="text">{euclidean ? '√Σ term²' : 'Σ over attributes'}</td>
          <td />
          <td />
          <td data-testid="pair-total" {...exact(total)}>
            {f(total)}
          </td>
          {similarity && (
            <td data-testid="pair-similarity" {...exact(caso)}>
              {f(caso)}
            </td>
          )}
        </tr>
      </tbody>
    </table>
  );
}

/**
 * Two objects' distance attribute by attribute: each attribute's values and term (a mismatch's
 * weight, or the method's table entry for the two values), the total (the sum, or the root of
 * the sum of squares for a Euclidean combination), and the similarity's terms and sum (CASO).
 */
export function pairTerms(
  meta: TableMeta,
  codes: [Int32Array, Int32Array],
  distance: ObjectDistance,
  similarity: ObjectSimilarity | null,
) {
  const euclidean = distance.form === 'value-tables' && distance.combine === 'euclidean';
  let sum = 0;
  let caso = 0;
  const terms = meta.attributes.map((attr, j) => {
    const x = codes[0][j] ?? 0;
    const y = codes[1][j] ?? 0;
    let term: number;
    if (distance.form === 'mismatch') term = x === y ? 0 : (distance.weights[j] ?? 0);
    else term = distance.tables[(distance.tableStart[j] ?? 0) + x * attr.labels.length + y] ?? 0;
    sum += euclidean ? term * term : term;
    const s = similarity
      ? (similarity.tables[(similarity.tableStart[j] ?? 0) + x * attr.labels.length + y] ?? 0)
      : null;
    if (s !== null) caso += s;
    return { name: attr.name, x: attr.labels[x], y: attr.labels[y], term, s };
  });
  return { terms, total: euclidean ? Math.sqrt(sum) : sum, caso, euclidean };
}
