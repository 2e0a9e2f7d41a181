import { ProjectionScatter } from '../components/scatter/ProjectionScatter.tsx';
import { useStore } from '../store/index.ts';
import { MethodStatus } from './MethodStatus.tsx';
import { useLinkedObjects } from './useLinkedObjects.ts';
import { useMethodResult } from './useMethodResult.ts';
import { useObjectColor } from './useObjectColor.ts';

/** Objects on the first two principal components of their CDE embedding. */
export function ObjectEmbeddingView() {
  const meta = useStore((s) => s.loaded?.meta);
  const { value: cde, error } = useMethodResult('cde');
  const coloring = useObjectColor();
  const linked = useLinkedObjects();
  if (!meta) return <p className="muted">Load a data set to see its objects.</p>;
  if (!cde) return <MethodStatus kind="cde" error={error} />;
  const share = cde.projectionShare.map((x) => `${(100 * x).toFixed(1)}%`);
  return (
    <div className="view">
      <div className="view-controls">
        <span className="muted">
          {meta.nRows} objects · CDE embedding {cde.dims * meta.attributes.length} dims → PC1 (
          {share[0]}) × PC2 ({share[1]}) · drag to select, wheel to zoom, click a point
        </span>
      </div>
      <ProjectionScatter
        name="cde-scatter"
        exportName="cde-objects"
        legend={coloring}
        labelOf={linked.labelOf}
        points={cde.projection}
        color={coloring.color}
        emphasised={linked.emphasised}
        tooltip={linked.tooltip}
        onHover={linked.onHover}
        onSelect={linked.onSelect}
      />
      <p className="muted" data-testid="scatter-selection">
        {linked.selectionText}
      </p>
    </div>
  );
}
