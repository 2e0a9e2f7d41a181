import { shapeCorners, shapeOf } from './shapes.ts';

function ShapeIcon({ shape }: { shape: number }) {
  const corners = shapeCorners(shape, 0, 0, 5);
  return (
    <svg className="shape-icon" width={14} height={14} viewBox="-7 -7 14 14" aria-hidden="true">
      {corners ? (
        <polygon points={corners.map((v) => v.toFixed(2)).join(' ')} fill="#555" />
      ) : (
        <circle r={5} fill="#555" />
      )}
    </svg>
  );
}

/** Which shape stands for which category (the class when the colour shows a score). */
export function ShapeLegend({ labels, title }: { labels: readonly string[]; title: string }) {
  return (
    <div className="legend" data-testid="shape-legend">
      <span className="muted">{title}:</span>
      {labels.map((label, c) => (
        <span key={label} className="legend-item">
          <ShapeIcon shape={shapeOf(c)} />
          {label}
        </span>
      ))}
    </div>
  );
}
