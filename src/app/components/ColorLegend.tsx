import type { CSSProperties } from 'react';
import { formatScore } from '../model/numberFormat.ts';
/**
 * A horizontal colour ramp with its ends and a title, for continuous scales. With `lift` (a
 * scatter's ramp in the dark theme, theme.ts useDarkLift) the dark theme shows the lifted ramp
 * the scatter draws, and an export the ramp itself.
 */
export function ColorLegend({
  title,
  color,
  domain,
  format = formatScore,
  testId,
  lift = null,
}: {
  title: string;
  color(x: number): string;
  domain: [number, number];
  format?: (x: number) => string;
  testId?: string;
  lift?: ((color: string) => string) | null;
}) {
  const stops = Array.from({ length: 11 }, (_, i) => {
    const t = i / 10;
    return color(domain[0] + t * (domain[1] - domain[0]));
  });
  return (
    <div className="ramp-legend" data-testid={testId}>
      <span className="muted">{title}</span>
      <span className="ramp-end">{format(domain[0])}</span>
      <span
        className="ramp"
        style={
          {
            '--ramp': gradient(stops),
            ...(lift && { '--ramp-dark': gradient(stops.map(lift)) }),
          } as CSSProperties
        }
      />
      <span className="ramp-end">{format(domain[1])}</span>
    </div>
  );
}

const gradient = (stops: readonly string[]): string =>
  `linear-gradient(to right, ${stops.join(', ')})`;
