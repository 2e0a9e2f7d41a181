import { annotationFont, PLATE_OPACITY, type PlacedText } from './annotations.ts';

/**
 * Cluster labels and count badges inside the scatter's SVG overlay: a pale plate and dark text
 * each, at the boxes clusterLabels.ts placed (the exports draw the same boxes, annotations.ts).
 */
export function ScatterAnnotations({ list }: { list: readonly PlacedText[] }) {
  return (
    <g className="scatter-annotations">
      {list.map((t, k) => (
        <g
          key={`${t.kind}-${k}`}
          className={t.kind === 'label' ? 'cluster-label' : 'count-badge'}
          data-testid={t.kind === 'label' ? 'cluster-label' : 'count-badge'}
          data-at={t.at ? t.at.map((v) => v.toFixed(1)).join(',') : undefined}
        >
          <rect
            x={t.x}
            y={t.y}
            width={t.w}
            height={t.h}
            rx={3}
            fillOpacity={PLATE_OPACITY[t.kind]}
          />
          <text
            x={t.x + t.w / 2}
            y={t.y + t.h / 2}
            textAnchor="middle"
            dominantBaseline="central"
            style={{ font: annotationFont(t.kind) }}
          >
            {t.text}
          </text>
        </g>
      ))}
    </g>
  );
}
