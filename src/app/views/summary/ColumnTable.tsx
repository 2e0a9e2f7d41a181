import { useStore } from '../../store/index.ts';
import type { ColumnKind, ColumnSummary } from '../../../core/data/table/types.ts';
import type { TableMeta } from '../../../core/platform/session.ts';
import { parseNumber } from '../../../core/data/table/infer.ts';
import { ValueBarsAfterFrame } from './ValueBars.tsx';
import { barsOf } from '../../model/summary.ts';

const KIND_LABEL: Record<ColumnKind, string> = {
  categorical: 'categorical',
  numeric: 'numeric → bins',
  identifier: 'identifier',
  constant: 'constant',
};

/**
 * Every column: its kind (changeable), role (feature or excluded), distinct and missing counts,
 * value bars. `fixed`: a counts file's columns, shown as counted (kind and role cannot change).
 */
export function ColumnTable({ meta, fixed = false }: { meta: TableMeta; fixed?: boolean }) {
  const summary = useStore((s) => s.loaded?.summary);
  const prepareOptions = useStore((s) => s.prepareOptions);
  const setPrepareOptions = useStore((s) => s.setPrepareOptions);
  if (!summary) return null;
  const drop = prepareOptions.drop ?? [];
  const include = prepareOptions.include ?? [];
  const setRole = (name: string, role: 'feature' | 'excluded') => {
    const without = (list: readonly string[] = []) => list.filter((n) => n !== name);
    void setPrepareOptions((current) =>
      role === 'excluded'
        ? { drop: [...without(current.drop), name], include: without(current.include) }
        : { drop: without(current.drop), include: [...without(current.include), name] },
    );
  };
  /** The requested role shows at once; the summary catches up when the worker answers. */
  const isFeature = (c: ColumnSummary) =>
    drop.includes(c.name) ? false : include.includes(c.name) ? true : c.role === 'feature';

  return (
    <table className="columns">
      <thead>
        <tr>
          <th>Column</th>
          <th>Kind</th>
          <th>Role</th>
          <th className="num">Distinct</th>
          <th className="num">Missing</th>
          <th>Values</th>
        </tr>
      </thead>
      <tbody>
        {summary.columns.map((c) => (
          <tr key={c.name} className={`role-${c.role}`} data-testid="summary-column">
            <td className="name" title={c.name}>
              {c.name}
            </td>
            <td data-export-text={kindText(c)}>
              {fixed ? (
                <span>{KIND_LABEL[c.kind]}</span>
              ) : (
                <select
                  aria-label={`Kind of ${c.name}`}
                  value={c.kind}
                  onChange={(e) =>
                    void setPrepareOptions((current) => ({
                      kinds: { ...(current.kinds ?? {}), [c.name]: e.target.value as ColumnKind },
                    }))
                  }
                >
                  {(Object.keys(KIND_LABEL) as ColumnKind[]).map((k) => (
                    <option
                      key={k}
                      value={k}
                      disabled={
                        k === 'numeric' && c.inferredKind !== 'numeric' && !isNumericLike(c)
                      }
                    >
                      {KIND_LABEL[k]}
                      {k === c.inferredKind ? ' (inferred)' : ''}
                    </option>
                  ))}
                </select>
              )}
            </td>
            <td data-export-text={roleText(c)}>
              {fixed ? (
                <span>{c.role}</span>
              ) : c.role === 'class' ? (
                <span className="badge class">class</span>
              ) : (
                <label className="role-toggle" title={c.reason ?? 'used as a feature'}>
                  <input
                    type="checkbox"
                    checked={isFeature(c)}
                    onChange={(e) => setRole(c.name, e.target.checked ? 'feature' : 'excluded')}
                    aria-label={`Use ${c.name} as a feature`}
                  />
                  {c.role === 'feature' ? (
                    'feature'
                  ) : (
                    <span className="muted">excluded{c.reason ? `: ${c.reason}` : ''}</span>
                  )}
                </label>
              )}
            </td>
            <td className="num">{c.distinct.toLocaleString('en-US')}</td>
            <td className="num">{c.missing > 0 ? c.missing.toLocaleString('en-US') : '—'}</td>
            <td data-export-text={valuesText(c)}>
              <ValueBarsAfterFrame column={c} meta={meta} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Kind cell in words: the kind chosen, and whether it was inferred. */
export function kindText(c: ColumnSummary): string {
  return `${KIND_LABEL[c.kind]}${c.kind === c.inferredKind ? ' (inferred)' : ''}`;
}

export function roleText(c: ColumnSummary): string {
  return `${c.role}${c.role === 'excluded' && c.reason ? `: ${c.reason}` : ''}`;
}

/** Every value with its count, in the bars' order (they show the first 8): “F: 4,918; M: 4,075”. */
export function valuesText(c: ColumnSummary): string {
  const listed = barsOf(c, Number.POSITIVE_INFINITY)
    .shown.map((v) => `${v.label}: ${v.count.toLocaleString('en-US')}`)
    .join('; ');
  return c.valuesTruncated ? `${listed}; … (the most frequent only)` : listed;
}

export function isNumericLike(c: ColumnSummary): boolean {
  return c.values.every((v) => parseNumber(v.label) !== null);
}
