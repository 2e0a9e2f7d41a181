import { ColorLegend } from '../ColorLegend.tsx';
import type { LegendSpec } from './cellColors.ts';
import type { HeatmapGeometry } from './cellGeometry.ts';
import { LevelToggle, type HeatmapOverview } from './GroupOverview.tsx';

/** What a heatmap draws around its matrix: the row above it and the hint below it. */

export /** The row above the matrix: the level switch (with an overview), the legends, the share's key. */
function HeatmapHead(props: {
  name: string;
  level: 'groups' | 'values';
  overview: HeatmapOverview | undefined;
  onLevel(level: 'groups' | 'values'): void;
  legends: readonly LegendSpec[];
  shares: boolean;
}) {
  const { level, overview } = props;
  return (
    <div className="heatmap-legends">
      {overview && (
        <LevelToggle
          name={props.name}
          groupName={overview.groupName}
          level={level}
          onLevel={props.onLevel}
        />
      )}
      <Legends legends={props.legends} />
      {/* Always laid out at the value level (hidden without a selection), so selecting moves nothing. */}
      <span
        className="share-legend"
        style={
          level === 'groups'
            ? { display: 'none' }
            : props.shares
              ? undefined
              : { visibility: 'hidden' }
        }
        aria-hidden={!props.shares}
      >
        <span className="share-swatch" /> share of the selected objects holding the value
      </span>
    </div>
  );
}

function Legends({ legends }: { legends: readonly LegendSpec[] }) {
  return legends.map((legend) => (
    <ColorLegend
      key={legend.title}
      title={legend.title}
      color={legend.scale.css}
      domain={legend.scale.domain}
      format={legend.format}
      testId={`legend-${legend.id ?? legend.title}`}
    />
  ));
}

/** What is labelled, and how to see the rest. */
export function Hint(props: {
  level: 'groups' | 'values';
  geometry: HeatmapGeometry;
  count: number;
  itemName: string;
  bands: boolean;
}) {
  const { geometry, count, itemName } = props;
  const all = count.toLocaleString('en-US');
  const thinned =
    geometry.stride > 1
      ? `Every ${ordinal(geometry.stride)} of the ${all} ${itemName} is named. `
      : '';
  if (props.level === 'groups')
    return (
      <p className="muted heatmap-hint" data-export="skip">
        {thinned}Each cell sums up a pair of {itemName}, its block of value pairs, as the legend
        says: click a cell, or drag across several, to see their values labelled below.
      </p>
    );
  if (geometry.labelled) return null;
  return (
    <p className="muted heatmap-hint" data-export="skip">
      {geometry.stride > 1
        ? `Every ${ordinal(geometry.stride)} of the ${all} ${itemName} is labelled`
        : `${all} ${itemName} are too many to label here`}
      : drag across the matrix
      {props.bands ? ', or click an attribute’s band,' : ''} to enlarge that part with its labels.
    </p>
  );
}

function ordinal(k: number): string {
  return k === 2 ? 'second' : k === 3 ? 'third' : `${k}th`;
}
