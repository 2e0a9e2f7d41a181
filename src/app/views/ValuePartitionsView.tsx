import { useCallback, useMemo, useState } from 'react';
import { findResult, type ValuePartitions } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { Tooltip } from '../components/Tooltip.tsx';
import { useWidth } from '../components/useWidth.ts';
import { measureLabel } from '../components/heatmap/measureLabel.ts';
import { classPalette } from '../model/colors.ts';
import { useStore } from '../store/index.ts';
import { useValueLinks } from './useValueLinks.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { clusterMembers, labelColumn, valueName } from '../model/values.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportNumbers } from '../components/export/exportHooks.ts';
import { clustersTable } from '../model/numberTables.ts';

const ROW = 15;
/** A granularity's column: its widest, and its narrowest before the grid scrolls sideways. */
const COL = 30;
const MIN_COL = 14;
const HEAD = 46;
const SHARE = 28;

/**
 * The width of a granularity's column so that every column fits beside the value labels in
 * `available` pixels (30 px when they do, down to 14 px; the grid scrolls below that).
 */
export function columnWidth(available: number, labels: number, columns: number): number {
  if (available <= 0 || columns === 0) return COL;
  return Math.max(MIN_COL, Math.min(COL, Math.floor((available - labels - 8) / columns)));
}

/**
 * A method's value clusterings (CDE and COSH: k on Mc, then on Mo; CURE, Jian et al. 2019, Sec. 5.1.1): one
 * column per granularity, one row per value, coloured by cluster; clusters the method does not
 * use (CDE removes one-value clusters) are grey and marked ×. Clicking a cell selects its
 * cluster's values everywhere.
 */
export function ValuePartitionsView({ panel }: { panel: Panel }) {
  return (
    <MethodPanel panel={panel} what="its value clusters">
      {(output, meta) => {
        const partitions = findResult(output.results, 'value-partitions')?.result;
        const embedding = findResult(output.results, 'value-embedding')?.result;
        if (!partitions) return null;
        return (
          <PartitionGrid
            panelId={panel.id}
            meta={meta}
            partitions={partitions}
            summary={embedding ? `value embedding ${embedding.dims} dims` : null}
          />
        );
      }}
    </MethodPanel>
  );
}

/**
 * Long: one SVG grid of values by granularity whose rows, cells, labels and hover share its layout.
 */
export function PartitionGrid({
  panelId,
  meta,
  partitions,
  summary,
  label = 'Value clusters',
}: {
  panelId: number;
  meta: TableMeta;
  partitions: ValuePartitions;
  summary: string | null;
  /** The name of its scrolling region (one per method where several are shown). */
  label?: string;
}) {
  const selectedCluster = useStore((s) =>
    s.selectedCluster?.panel === panelId ? s.selectedCluster : null,
  );
  const selectCluster = useStore((s) => s.selectCluster);
  const setHover = useStore((s) => s.setHover);
  const [tip, setTip] = useState<{ x: number; y: number; lines: string[] } | null>(null);
  // Members of every cluster at every granularity, once per result (not once per cell).
  const members = useMemo(() => partitions.partitions.map((g) => clusterMembers(g)), [partitions]);
  const G = partitions.partitions;
  const [region, available] = useWidth<HTMLDivElement>();
  // The clusters out: each value's cluster at every granularity.
  useExportNumbers(
    region,
    useCallback(() => clustersTable(label, meta, partitions), [label, meta, partitions]),
  );
  const { emphasised, shares } = useValueLinks();
  const maxK = Math.max(2, ...G.map((g) => g.k));
  const palette = classPalette(maxK);
  const rows = meta.attributes.flatMap((a) => a.labels.map((_, k) => a.offset + k));
  const names = labelColumn(
    rows.map((v) => valueName(meta, v)),
    (t) => measureLabel(t, 11, 700),
  );
  // The share of the selected objects holding each value, in a strip beside its label.
  const LABEL = names.width + (shares ? SHARE : 0);
  const col = columnWidth(available, LABEL, G.length);
  // Narrow columns turn their names steeper, so neighbours do not overlap.
  const angle = col >= 24 ? -50 : -65;
  const width = LABEL + G.length * col + 8;
  const height = HEAD + rows.length * ROW + 4;
  const kept = G.reduce(
    (s, g, q) =>
      s + g.kept.reduce((t, x, c) => t + (x && (members[q]?.[c]?.length ?? 0) > 0 ? 1 : 0), 0),
    0,
  );
  const dropped = G.reduce(
    (s, g, q) =>
      s + g.kept.reduce((t, x, c) => t + (!x && (members[q]?.[c]?.length ?? 0) > 0 ? 1 : 0), 0),
    0,
  );
  return (
    <>
      <div className="view-controls">
        <span className="muted" data-testid="cluster-summary">
          {G.length} granularities · {kept} kept clusters · {dropped} removed
          {summary ? ` · ${summary}` : ''}
        </span>
        {selectedCluster && (
          <span data-testid="selected-cluster">
            Selected: {G[selectedCluster.granularity]?.name} cluster {selectedCluster.cluster + 1}
          </span>
        )}
      </div>
      <div
        ref={region}
        className="scroll-x scroll-y"
        tabIndex={0}
        role="region"
        aria-label={label}
        {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
      >
        <svg
          className="clusters-grid"
          width={width}
          height={height}
          data-testid="value-clusters"
          role="group"
          aria-label="Value clusters by granularity"
          onPointerLeave={() => {
            setTip(null);
            setHover(null);
          }}
        >
          {G.map((g, q) => (
            <text
              key={q}
              x={LABEL + q * col + col / 2}
              y={HEAD - 6}
              fontSize={10}
              textAnchor="start"
              transform={`rotate(${angle} ${LABEL + q * col + col / 2} ${HEAD - 6})`}
            >
              {g.name}
            </text>
          ))}
          {rows.map((v, r) => (
            <g key={v} transform={`translate(0, ${HEAD + r * ROW})`}>
              <text
                x={names.width - 6}
                y={ROW - 4}
                fontSize={11}
                textAnchor="end"
                fontWeight={emphasised.has(v) ? 700 : 400}
              >
                {names.text[r]}
              </text>
              {shares && shares.of(v) > 0 && (
                <rect
                  className="share"
                  data-testid="value-share"
                  x={LABEL - 2 - shares.of(v) * (SHARE - 4)}
                  y={2}
                  width={shares.of(v) * (SHARE - 4)}
                  height={ROW - 4}
                >
                  <title>{shares.describe(v)}</title>
                </rect>
              )}
              {G.map((g, q) => {
                const c = g.labels[v] ?? 0;
                const values = members[q]?.[c] ?? [];
                const unused = g.kept[c] === 0;
                const picked = selectedCluster?.granularity === q && selectedCluster.cluster === c;
                return (
                  <g key={q}>
                    <rect
                      className={picked ? 'cell picked' : 'cell'}
                      data-granularity={q}
                      data-cluster={c}
                      data-value={v}
                      x={LABEL + q * col + 1}
                      y={1}
                      width={col - 2}
                      height={ROW - 2}
                      fill={unused ? '#e5e7eb' : (palette[c % palette.length] ?? '#999')}
                      stroke={picked ? '#111827' : 'none'}
                      strokeWidth={picked ? 2 : 0}
                      onClick={() =>
                        selectCluster({ panel: panelId, granularity: q, cluster: c }, values)
                      }
                      onPointerMove={(e) => {
                        setHover({ kind: 'values', values });
                        setTip({
                          x: e.clientX,
                          y: e.clientY,
                          lines: [
                            `${g.name}, cluster ${c + 1}${unused ? ' (not used by the method)' : ''}`,
                            ...values.slice(0, 12).map((u) => valueName(meta, u)),
                            ...(values.length > 12 ? [`… ${values.length - 12} more`] : []),
                          ],
                        });
                      }}
                    />
                    {unused && (
                      <text
                        className="unused-mark"
                        x={LABEL + q * col + col / 2}
                        y={ROW - 4}
                        fontSize={10}
                        textAnchor="middle"
                        pointerEvents="none"
                      >
                        ×
                      </text>
                    )}
                  </g>
                );
              })}
            </g>
          ))}
        </svg>
      </div>
      {tip && <Tooltip owner="value-clusters" x={tip.x} y={tip.y} lines={tip.lines} />}
    </>
  );
}
