import { interpolateBlues, interpolateYlOrRd, scaleSequential, scaleSequentialSymlog } from 'd3';
import { useCallback, useMemo, useState } from 'react';
import type { CdeReport } from '../../core/analysis.ts';
import type { TableMeta } from '../../core/session.ts';
import { ColorLegend } from '../components/ColorLegend.tsx';
import { Heatmap } from '../components/Heatmap.tsx';
import { useStore } from '../store/index.ts';
import { emphasisedValues } from '../store/linkSlice.ts';
import { clusterLayout, couplingTooltip, granularityName } from './cureModel.ts';
import { valueLayout } from './heatmapModel.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useMethodResult } from './useMethodResult.ts';

/** CURE's value influence matrices Mo (Def. 5) and Mc (Def. 6) side by side. */
export function CouplingsView() {
  const meta = useStore((s) => s.loaded?.meta);
  const { value: cde, error } = useMethodResult('cde');
  const [order, setOrder] = useState<number>(-1);
  if (!meta) return <p className="muted">Load a data set to see its value couplings.</p>;
  if (!cde) return <MethodStatus kind="cde" error={error} />;
  if (!cde.mo || !cde.mc)
    return <p className="muted">{cde.nValues} values are too many to draw as matrices.</p>;
  const granularity = cde.granularities[order] ?? null;
  return (
    <div className="view">
      <div className="view-controls">
        <label>
          Order values
          <select
            aria-label="Coupling order"
            value={order}
            onChange={(e) => setOrder(Number(e.target.value))}
          >
            <option value={-1}>by attribute</option>
            {cde.granularities.map((g, q) => (
              <option key={q} value={q}>
                by value cluster, {granularityName(g)}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">
          rows = the influenced value vᵢ · Mo{' '}
          {cde.options.orientation === 'paper' ? 'as printed (Def. 5)' : "as in the authors' code"}
        </span>
      </div>
      <div className="pair">
        <CouplingHeatmap
          meta={meta}
          cde={cde}
          matrix="Mo"
          granularityIndex={granularity ? order : -1}
        />
        <CouplingHeatmap
          meta={meta}
          cde={cde}
          matrix="Mc"
          granularityIndex={granularity ? order : -1}
        />
      </div>
    </div>
  );
}

function CouplingHeatmap({
  meta,
  cde,
  matrix,
  granularityIndex,
}: {
  meta: TableMeta;
  cde: CdeReport;
  matrix: 'Mo' | 'Mc';
  granularityIndex: number;
}) {
  const hover = useStore((s) => s.hover);
  const selectedValues = useStore((s) => s.selectedValues);
  const setHover = useStore((s) => s.setHover);
  const toggleValue = useStore((s) => s.toggleValue);
  const m = (matrix === 'Mo' ? cde.mo : cde.mc) as Float64Array;
  const L = cde.nValues;
  const layout = useMemo(() => {
    const g = cde.granularities[granularityIndex];
    if (g) return clusterLayout(meta, g);
    const valueCounts = Int32Array.from(cde.p, (p) => Math.round(p * meta.nRows));
    return valueLayout(meta, { valueCounts, entropy: new Float64Array(0) }, 'file', 'file');
  }, [meta, cde, granularityIndex]);
  const scale = useMemo(() => {
    let max = 0;
    for (const x of m) if (x > max) max = x;
    return matrix === 'Mc'
      ? scaleSequential(interpolateBlues).domain([0, 1])
      : scaleSequentialSymlog(interpolateYlOrRd).domain([0, Math.max(max, 1e-9)]);
  }, [m, matrix]);
  const color = useCallback((i: number, j: number) => scale(m[i * L + j] ?? 0), [scale, m, L]);
  const tooltip = useCallback(
    (i: number, j: number) => couplingTooltip(meta, cde, matrix, i, j),
    [meta, cde, matrix],
  );
  const onHover = useCallback(
    (cell: [number, number] | null) =>
      setHover(cell ? { kind: 'values', values: cell[0] === cell[1] ? [cell[0]] : cell } : null),
    [setHover],
  );
  const domain = scale.domain() as [number, number];
  return (
    <div className="pair-item">
      <h3>
        {matrix === 'Mo'
          ? 'Mo — occurrence influence ψ·p(vⱼ)/p(vᵢ)'
          : 'Mc — co-occurrence influence p(vᵢ,vⱼ)/p(vᵢ)'}
      </h3>
      <ColorLegend
        title={matrix === 'Mo' ? 'Mo (symlog)' : 'Mc'}
        color={(x) => scale(x)}
        domain={domain}
        testId={`legend-${matrix}`}
      />
      <Heatmap
        name={`${matrix.toLowerCase()}-heatmap`}
        layout={layout}
        color={color}
        tooltip={tooltip}
        emphasised={emphasisedValues({ hover, selectedValues })}
        onHover={onHover}
        onClick={(i) => toggleValue(i)}
      />
    </div>
  );
}
