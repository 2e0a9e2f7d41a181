import type { CSSProperties } from 'react';
import { ColorLegend } from '../ColorLegend.tsx';
import { useDarkLift } from '../theme.ts';

/** What a colouring shows in its legend; useObjectColor's ObjectColoring fits as it is. */
export interface LegendSpec {
  /** Categorical swatches. */
  legend: readonly { label: string; color: string }[];
  /** A continuous ramp (scores). */
  ramp?: { title: string; color(x: number): string; domain: [number, number] } | null;
  /** What the swatches colour by: the column's name ("income"), a clustering's title. */
  title?: string | null;
}

/** Swatches for categories and/or a ramp for scores, shown next to a scatter. */
export function ScatterLegend({ spec, testId }: { spec: LegendSpec; testId?: string }) {
  // The colours as the scatter draws them in the dark theme (useCanvasDraw.ts lifts the same).
  const lift = useDarkLift();
  if (spec.legend.length === 0 && !spec.ramp) return null;
  return (
    <div className="legend" data-testid={testId}>
      {spec.title && spec.legend.length > 0 && (
        <span className="legend-title muted" data-testid="legend-title">
          {spec.title}:
        </span>
      )}
      {spec.legend.map((item) => (
        <span key={item.label} className="legend-item">
          <span
            className="swatch plot-swatch"
            style={
              {
                '--swatch': item.color,
                ...(lift && { '--swatch-dark': lift(item.color) }),
              } as CSSProperties
            }
          />
          {item.label}
        </span>
      ))}
      {spec.ramp && (
        <ColorLegend
          title={spec.ramp.title}
          color={spec.ramp.color}
          domain={spec.ramp.domain}
          lift={lift}
        />
      )}
    </div>
  );
}
