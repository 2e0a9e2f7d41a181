import { useMemo, useState } from 'react';
import type { CdeOptions } from '../../core/methods/cde.ts';
import { MethodParams } from '../components/MethodParams.tsx';
import { Tooltip } from '../components/Tooltip.tsx';
import { classPalette } from '../colors.ts';
import { useStore } from '../store/index.ts';
import { emphasisedValues } from '../store/linkSlice.ts';
import { clusterMembers, granularityName, labelColumn, valueName } from './cureModel.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useMethodResult } from './useMethodResult.ts';

const ROW = 15;
const COL = 30;
const HEAD = 46;

/**
 * CDE's value clusters (seed 000 Sec. 5.1.1): one column per granularity (k on Mc, then on Mo),
 * one row per value, coloured by cluster; one-value clusters, which CDE removes, are marked ×.
 * Clicking a cell selects its cluster's values everywhere.
 */
export function ValueClustersView() {
  const meta = useStore((s) => s.loaded?.meta);
  const { value: cde, error } = useMethodResult('cde');
  const selectedCluster = useStore((s) => s.selectedCluster);
  const selectCluster = useStore((s) => s.selectCluster);
  const runCde = useStore((s) => s.runCde);
  // The options asked for last (the result may still carry the previous ones while CDE runs).
  const cdeOptions = useStore((s) => s.cdeOptions);
  const hover = useStore((s) => s.hover);
  const selectedValues = useStore((s) => s.selectedValues);
  const setHover = useStore((s) => s.setHover);
  const [tip, setTip] = useState<{ x: number; y: number; lines: string[] } | null>(null);
  // Members of every cluster at every granularity, once per result (not once per cell).
  const members = useMemo(() => cde?.granularities.map((g) => clusterMembers(g)) ?? [], [cde]);
  if (!meta) return <p className="muted">Load a data set to see its value clusters.</p>;
  if (!cde) return <MethodStatus kind="cde" error={error} />;
  const G = cde.granularities;
  const emphasised = emphasisedValues({ hover, selectedValues });
  const maxK = Math.max(2, ...G.map((g) => g.k));
  const palette = classPalette(maxK);
  const rows = meta.attributes.flatMap((a) => a.labels.map((_, k) => a.offset + k));
  const names = labelColumn(rows.map((v) => valueName(meta, v)));
  const LABEL = names.width;
  const width = LABEL + G.length * COL + 8;
  const height = HEAD + rows.length * ROW + 4;
  const removed = G.reduce((s, g) => s + g.removed.length, 0);
  return (
    <div className="view">
      <div className="view-controls wrap">
        <MethodParams
          method="CDE"
          values={{ ...cde.options, ...cdeOptions }}
          defaultOrientation="paper"
          onChange={(change: Partial<CdeOptions>) =>
            void runCde({ ...cde.options, ...cdeOptions, ...change })
          }
        />
      </div>
      <div className="view-controls">
        <span className="muted" data-testid="cluster-summary">
          {G.length} granularities · {cde.indicatorColumns} kept clusters · {removed} one-value
          clusters removed · value embedding {cde.dims} dims (α = {cde.options.alpha}, β ={' '}
          {cde.options.beta}, seed {cde.options.seed})
        </span>
        {selectedCluster && (
          <span data-testid="selected-cluster">
            Selected: {granularityName(G[selectedCluster.granularity] ?? { matrix: 'Mc', k: 0 })}{' '}
            cluster {selectedCluster.cluster + 1}
          </span>
        )}
      </div>
      <div className="scroll-x scroll-y">
        <svg
          className="clusters-grid"
          width={width}
          height={height}
          data-testid="value-clusters"
          role="grid"
          aria-label="Value clusters by granularity"
          onPointerLeave={() => {
            setTip(null);
            setHover(null);
          }}
        >
          {G.map((g, q) => (
            <text
              key={q}
              x={LABEL + q * COL + COL / 2}
              y={HEAD - 6}
              fontSize={10}
              textAnchor="start"
              transform={`rotate(-50 ${LABEL + q * COL + COL / 2} ${HEAD - 6})`}
            >
              {granularityName(g)}
            </text>
          ))}
          {rows.map((v, r) => (
            <g key={v} transform={`translate(0, ${HEAD + r * ROW})`}>
              <text
                x={LABEL - 6}
                y={ROW - 4}
                fontSize={11}
                textAnchor="end"
                fontWeight={emphasised.has(v) ? 700 : 400}
              >
                {names.text[r]}
              </text>
              {G.map((g, q) => {
                const c = g.labels[v] ?? 0;
                const values = members[q]?.[c] ?? [];
                const single = values.length === 1;
                const picked = selectedCluster?.granularity === q && selectedCluster.cluster === c;
                return (
                  <g key={q}>
                    <rect
                      className="cell"
                      data-granularity={q}
                      data-cluster={c}
                      data-value={v}
                      x={LABEL + q * COL + 1}
                      y={1}
                      width={COL - 2}
                      height={ROW - 2}
                      fill={single ? '#e5e7eb' : (palette[c % palette.length] ?? '#999')}
                      stroke={picked ? '#111827' : 'none'}
                      strokeWidth={picked ? 2 : 0}
                      onClick={() => selectCluster(q, c, values)}
                      onPointerMove={(e) => {
                        setHover({ kind: 'values', values });
                        setTip({
                          x: e.clientX,
                          y: e.clientY,
                          lines: [
                            `${granularityName(g)}, cluster ${c + 1}${single ? ' (one value: removed by CDE)' : ''}`,
                            ...values.slice(0, 12).map((u) => valueName(meta, u)),
                            ...(values.length > 12 ? [`… ${values.length - 12} more`] : []),
                          ],
                        });
                      }}
                    />
                    {single && (
                      <text
                        x={LABEL + q * COL + COL / 2}
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
      {tip && <Tooltip x={tip.x} y={tip.y} lines={tip.lines} />}
    </div>
  );
}
