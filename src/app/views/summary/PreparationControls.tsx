import { useStore } from '../../store/index.ts';
import { prepareParameter } from '../../../core/data/table/preparation.ts';
import type { ChoiceParameter, NumberParameter } from '../../../core/base/parameters.ts';
import type {
  Discretisation,
  MissingPolicy,
  TableSummary,
} from '../../../core/data/table/types.ts';
import type { PrepareOptions } from '../../../core/data/table/prepare.ts';
import type { TableMeta } from '../../../core/platform/session.ts';
import { delimiterName } from '../../../core/data/csv/sniff.ts';
import { DEFAULT_MISSING_TOKENS } from '../../../core/data/csv/rawTable.ts';

/** The preparation's parameter table (core/data/table/preparation.ts): choices, titles, bounds. */
const MISSING = prepareParameter('missing') as ChoiceParameter;
const DISCRETISE = prepareParameter('discretise') as ChoiceParameter;
const BINS = prepareParameter('bins') as NumberParameter;

/**
 * The collapsed line of the preparation's settings: the class, the missing-value policy (and
 * whether the explorer chose it), how numeric columns are binned, the delimiter.
 */
export function preparationLine(
  summary: TableSummary,
  classColumn: string | null,
  options: PrepareOptions,
): string {
  const missing = MISSING.choiceTitles?.[summary.missingPolicy] ?? summary.missingPolicy;
  const binning = options.discretisation ?? DISCRETISE.default;
  return [
    `class: ${classColumn ?? 'none'}`,
    `missing: ${missing}${(options.missing ?? 'auto') === 'auto' ? ' (auto)' : ''}`,
    `numeric: ${DISCRETISE.choiceTitles?.[binning] ?? binning}, ${options.bins ?? BINS.default} bins`,
    `${delimiterName(summary.delimiter)}-separated`,
  ].join(' · ');
}

/** How the file is read and prepared: class, missing policy, numeric columns, tokens, delimiter. */
export function PreparationControls({ classColumn }: { classColumn: string | null }) {
  const summary = useStore((s) => s.loaded?.summary);
  const source = useStore((s) => s.source);
  const prepareOptions = useStore((s) => s.prepareOptions);
  const parseOptions = useStore((s) => s.parseOptions);
  const setPrepareOptions = useStore((s) => s.setPrepareOptions);
  const setParseOptions = useStore((s) => s.setParseOptions);
  if (!summary) return null;
  return (
    <div className="view-controls wrap">
      <label>
        Class
        <select
          aria-label="Class column"
          value={classColumn ?? ''}
          onChange={(e) => void setPrepareOptions({ classColumn: e.target.value || null })}
        >
          <option value="">none</option>
          {summary.columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Missing
        <select
          aria-label="Missing policy"
          title={MISSING.description}
          value={prepareOptions.missing ?? 'auto'}
          onChange={(e) =>
            void setPrepareOptions({ missing: e.target.value as MissingPolicy | 'auto' })
          }
        >
          {MISSING.choices.map((c) => (
            <option key={c} value={c}>
              {c === 'auto'
                ? `auto: ${MISSING.choiceTitles?.[summary.missingPolicy] ?? summary.missingPolicy}`
                : (MISSING.choiceTitles?.[c] ?? c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Numeric
        <select
          aria-label="Discretisation"
          title={DISCRETISE.description}
          value={prepareOptions.discretisation ?? DISCRETISE.default}
          onChange={(e) =>
            void setPrepareOptions({ discretisation: e.target.value as Discretisation })
          }
        >
          {DISCRETISE.choices.map((c) => (
            <option key={c} value={c}>
              {DISCRETISE.choiceTitles?.[c] ?? c}
            </option>
          ))}
        </select>
      </label>
      <label>
        Bins
        <input
          aria-label="Bins"
          type="number"
          title={BINS.description}
          min={BINS.min}
          max={BINS.max}
          value={prepareOptions.bins ?? BINS.default}
          onChange={(e) => {
            const bins = Number(e.target.value);
            if (Number.isInteger(bins) && bins >= (BINS.min ?? 2) && bins <= (BINS.max ?? bins))
              void setPrepareOptions({ bins });
          }}
        />
      </label>
      <label title="Cells equal to one of these (comma-separated; an empty cell is always one) are missing">
        Missing tokens
        <input
          key={source?.name}
          aria-label="Missing tokens"
          className="tokens"
          defaultValue={(parseOptions.missingTokens ?? DEFAULT_MISSING_TOKENS)
            .filter((t) => t !== '')
            .join(', ')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
          onBlur={(e) => {
            const tokens = [
              '',
              ...e.target.value
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
            ];
            const current = parseOptions.missingTokens ?? DEFAULT_MISSING_TOKENS;
            if (tokens.join('\u0000') !== current.join('\u0000'))
              void setParseOptions({ missingTokens: tokens });
          }}
        />
      </label>
      <label>
        Delimiter
        <select
          aria-label="Delimiter"
          value={parseOptions.delimiter ?? 'auto'}
          onChange={(e) => void setParseOptions({ delimiter: e.target.value as ',' })}
        >
          <option value="auto">auto ({delimiterName(summary.delimiter)})</option>
          <option value=",">comma</option>
          <option value=";">semicolon</option>
          <option value={'\t'}>tab</option>
        </select>
      </label>
    </div>
  );
}

/** Counts (and the views built on them) on all rows or on the rows of one class. */
export function RowsControl({ meta }: { meta: TableMeta }) {
  const rowsWhere = useStore((s) => s.rowsWhere);
  const setRowsWhere = useStore((s) => s.setRowsWhere);
  const cls = meta.classColumn;
  if (!cls) return null;
  return (
    <div className="view-controls">
      <label>
        Count rows
        <select
          aria-label="Count rows"
          value={rowsWhere?.value ?? ''}
          onChange={(e) =>
            void setRowsWhere(e.target.value ? { column: cls.name, value: e.target.value } : null)
          }
        >
          <option value="">all</option>
          {cls.labels.map((label) => (
            <option key={label} value={label}>
              where {cls.name} = {label}
            </option>
          ))}
        </select>
      </label>
      {rowsWhere && (
        <span className="muted">
          co-occurrence and SU use these rows; every value stays in the domain
        </span>
      )}
    </div>
  );
}
