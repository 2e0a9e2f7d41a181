import { formatScore } from '../model/numberFormat.ts';
/** A horizontal colour ramp with its ends and a title, for continuous scales. */
export function ColorLegend({
  title,
  color,
  domain,
  format = formatScore,
  testId,
}: {
  title: string;
  color(x: number): string;
  domain: [number, number];
  format?: (x: number) => string;
  testId?: string;
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
        style={{ background: `linear-gradient(to right, ${stops.join(', ')})` }}
      />
      <span className="ramp-end">{format(domain[1])}</span>
    </div>
  );
}
