import { useCallback, useMemo } from 'react';
import { ColorLegend } from '../components/ColorLegend.tsx';
import { Scatter } from '../components/Scatter.tsx';
import { useStore } from '../store/index.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useMethodResult } from './useMethodResult.ts';
import { useObjectColor } from './useObjectColor.ts';
import { useObjectValues } from './useObjectValues.ts';

/** Objects on the first two principal components of their CDE embedding. */
export function ObjectEmbeddingView() {
  const meta = useStore((s) => s.loaded?.meta);
  const { value: cde, error } = useMethodResult('cde');
  const selectedObjects = useStore((s) => s.selectedObjects);
  const rowsWithValues = useStore((s) => s.rowsWithSelectedValues);
  const hover = useStore((s) => s.hover);
  const setHover = useStore((s) => s.setHover);
  const setSelectedObjects = useStore((s) => s.setSelectedObjects);
  const coloring = useObjectColor();
  const hovered = useMemo(() => (hover?.kind === 'objects' ? hover.objects : []), [hover]);
  const emphasised = useMemo(() => {
    if (hovered.length > 0) return new Set(hovered);
    if (selectedObjects.length > 0) return new Set(selectedObjects);
    return new Set(rowsWithValues ?? []);
  }, [hovered, selectedObjects, rowsWithValues]);
  const tipRows = useMemo(() => hovered.slice(0, 1), [hovered]);
  const values = useObjectValues(tipRows);
  const tooltip = useCallback(
    (i: number) => {
      if (!meta) return [];
      const codes = values.get(i);
      const cls = meta.classColumn;
      return [
        `row ${i + 1}${cls ? ` · ${cls.name} = ${cls.labels[cls.codes[i] ?? 0]}` : ''}`,
        ...(codes
          ? meta.attributes.slice(0, 16).map((a, k) => `${a.name} = ${a.labels[codes[k] ?? 0]}`)
          : ['…']),
        ...(meta.attributes.length > 16 ? [`… ${meta.attributes.length - 16} more`] : []),
      ];
    },
    [meta, values],
  );
  if (!meta) return <p className="muted">Load a data set to see its objects.</p>;
  if (!cde) return <MethodStatus kind="cde" error={error} />;
  const share = cde.projectionShare.map((x) => `${(100 * x).toFixed(1)}%`);
  return (
    <div className="view">
      <div className="view-controls">
        <span className="muted">
          {meta.nRows} objects · CDE embedding {cde.dims * meta.attributes.length} dims → PC1 (
          {share[0]}) × PC2 ({share[1]}) · drag to select, click a point
        </span>
      </div>
      <div className="legend">
        {coloring.legend.map((item) => (
          <span key={item.label} className="legend-item">
            <span className="swatch" style={{ background: item.color }} />
            {item.label}
          </span>
        ))}
        {coloring.ramp && (
          <ColorLegend
            title={coloring.ramp.title}
            color={coloring.ramp.color}
            domain={coloring.ramp.domain}
          />
        )}
      </div>
      <Scatter
        name="cde-scatter"
        points={cde.projection}
        color={coloring.color}
        emphasised={emphasised}
        tooltip={tooltip}
        onHover={(i) => setHover(i === null ? null : { kind: 'objects', objects: [i] })}
        onSelect={setSelectedObjects}
      />
      <p className="muted" data-testid="scatter-selection">
        {selectedObjects.length > 0
          ? `${selectedObjects.length} objects selected`
          : rowsWithValues
            ? `${rowsWithValues.length} objects hold a selected value`
            : 'No objects selected'}
      </p>
    </div>
  );
}
