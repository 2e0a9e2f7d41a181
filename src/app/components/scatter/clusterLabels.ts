import { clusterLift, definingValues } from '../../../core/projection/clusterLift.ts';
import { layoutClusters } from '../../../core/projection/layoutClusters.ts';
import { placeLabels, type Box } from '../../../core/projection/labelPlacement.ts';
import type { IdenticalGroups } from '../../../core/neighbours/identical.ts';
import { TEXT_BOX, type PlacedText } from './annotations.ts';
import type { Mapping } from './viewTransform.ts';

/**
 * The cluster labels and count badges of a scatter as drawn (one view: a mapping and a canvas
 * size), placed without overlap. Clusters are found in screen space (layoutClusters.ts), so a
 * zoom or pan finds them again at the new scale: zoomed in, a large cluster may split into the
 * finer ones it holds. No DOM here: text widths come from `measure`.
 */

/** The table's values, row by row, for the labels (the class column may be one more attribute). */
export interface LabelValues {
  /** n × D local codes, row-major. */
  codes: Int32Array;
  sizes: number[];
  names: string[];
  labels: string[][];
}

export interface AnnotationInput {
  points: Float64Array;
  mapping: Mapping;
  width: number;
  height: number;
  /** Values of the rows, for cluster labels; null = no labels. */
  values: LabelValues | null;
  /** Points on one spot, for count badges; null = no badges. */
  groups: IdenticalGroups | null;
  /** Each drawn dot's radius in pixels, for a badge beside it. */
  radiusOf(i: number): number;
}

/** Badges are shown while at most this many distinct spots are in view. */
export const BADGE_MAX_SPOTS = 40;
/**
 * Where a cluster's label may go, as offsets of its centre from the cluster's peak in label
 * widths and heights: just above the peak (so it does not hide the densest points), just below,
 * further out, and over the peak last.
 */
const LABEL_SPOTS = [
  [0, -1],
  [0, 1],
  [0, -2],
  [0, 2],
  [0, 0],
] as const;
/** A value's label is cut to this many characters. */
const VALUE_CHARS = 22;

const cut = (s: string): string => (s.length > VALUE_CHARS ? `${s.slice(0, VALUE_CHARS - 1)}…` : s);

/** "legs = 0 · fins = true" */
export function labelText(values: LabelValues, offsets: Int32Array, chosen: number[]): string {
  return chosen
    .map((v) => {
      let a = 0;
      while ((offsets[a + 1] as number) <= v) a++;
      const label = values.labels[a]?.[v - (offsets[a] as number)] ?? '';
      return `${cut(values.names[a] ?? '')} = ${cut(label)}`;
    })
    .join(' · ');
}

function toScreen(points: Float64Array, m: Mapping): Float64Array {
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 2) {
    out[i] = m.ax * (points[i] as number) + m.bx;
    out[i + 1] = m.ay * (points[i + 1] as number) + m.by;
  }
  return out;
}

/** Point i on the screen. */
function spotAt(input: AnnotationInput, i: number): [number, number] {
  const m = input.mapping;
  return [
    m.ax * (input.points[2 * i] as number) + m.bx,
    m.ay * (input.points[2 * i + 1] as number) + m.by,
  ];
}

/** Labels of the clusters in view, the largest first, each where it fits. */
function clusterTexts(
  screen: Float64Array,
  input: AnnotationInput,
  values: LabelValues,
  taken: Box[],
  measure: (text: string, kind: 'label') => number,
): PlacedText[] {
  const { width, height } = input;
  const n = screen.length >> 1;
  let visible = 0;
  for (let i = 0; i < n; i++) {
    const x = screen[2 * i] as number;
    const y = screen[2 * i + 1] as number;
    if (x >= 0 && x < width && y >= 0 && y < height) visible++;
  }
  const minWeight = Math.max(3, 0.01 * visible);
  const clusters = layoutClusters(screen, { width, height, minWeight });
  const lift = clusterLift(values, clusters.of, clusters.count);
  const chosen = definingValues(lift);
  const texts: string[] = [];
  const requests: { x: number; y: number; w: number; h: number }[] = [];
  for (let k = 0; k < clusters.count; k++) {
    const values_k = chosen[k] ?? [];
    if (values_k.length === 0) continue;
    const text = labelText(values, lift.offsets, values_k);
    texts.push(text);
    const { h, pad } = TEXT_BOX.label;
    requests.push({
      x: clusters.peakX[k] as number,
      y: clusters.peakY[k] as number,
      w: Math.ceil(measure(text, 'label')) + 2 * pad,
      h,
    });
  }
  const boxes = placeLabels(requests, { width, height }, { taken, spots: LABEL_SPOTS });
  const out: PlacedText[] = [];
  boxes.forEach((b, k) => {
    if (b) out.push({ kind: 'label', text: texts[k] as string, ...b });
  });
  return out;
}

/** The distinct spots in view (groups), or null when there are more than BADGE_MAX_SPOTS. */
function fewSpots(input: AnnotationInput, groups: IdenticalGroups) {
  const spots: number[] = [];
  const { points, mapping: m } = input;
  // Only the spots' representatives are mapped, and only until more than enough are in view.
  for (let g = 0; g < groups.count; g++) {
    const i = groups.representative[g] as number;
    const x = m.ax * (points[2 * i] as number) + m.bx;
    const y = m.ay * (points[2 * i + 1] as number) + m.by;
    if (x >= 0 && x <= input.width && y >= 0 && y <= input.height) spots.push(g);
    if (spots.length > BADGE_MAX_SPOTS) return null;
  }
  return spots;
}

/** The dots of the spots, as boxes the texts keep off. */
function dotBoxes(input: AnnotationInput, groups: IdenticalGroups, spots: number[]): Box[] {
  return spots.map((g) => {
    const i = groups.representative[g] as number;
    const r = input.radiusOf(i);
    const [x, y] = spotAt(input, i);
    return {
      x: x - r,
      y: y - r,
      w: 2 * r,
      h: 2 * r,
    };
  });
}

/** "×1,490" beside each spot of several rows, the fullest first. */
function countBadges(
  input: AnnotationInput,
  groups: IdenticalGroups,
  spots: number[],
  taken: Box[],
  measure: (text: string, kind: 'badge') => number,
): PlacedText[] {
  const { width, height } = input;
  const size = (g: number) => (groups.start[g + 1] as number) - (groups.start[g] as number);
  const many = spots.filter((g) => size(g) > 1).sort((a, b) => size(b) - size(a) || a - b);
  const placed = [...taken];
  const out: PlacedText[] = [];
  for (const g of many) {
    const i = groups.representative[g] as number;
    const text = `×${size(g).toLocaleString('en-US')}`;
    const { h, pad } = TEXT_BOX.badge;
    const w = Math.ceil(measure(text, 'badge')) + 2 * pad;
    // Right of the dot, else left, above, below or at a corner.
    const s = (input.radiusOf(i) + 3) / w + 0.5;
    const t = (input.radiusOf(i) + 2) / h + 0.5;
    const [x, y] = spotAt(input, i);
    const anchor = { x, y, w, h };
    const spotsTried = [
      [s, 0],
      [-s, 0],
      [0, -t],
      [0, t],
      [s, -t],
      [s, t],
      [-s, -t],
      [-s, t],
    ] as const;
    const [box] = placeLabels([anchor], { width, height }, { taken: placed, spots: spotsTried });
    if (!box) continue;
    placed.push(box);
    out.push({ kind: 'badge', text, ...box, at: [anchor.x, anchor.y] });
  }
  return out;
}

/** Cluster labels (when values are given) then count badges (when groups are), placed apart. */
export function scatterAnnotations(
  input: AnnotationInput,
  measure: (text: string, kind: PlacedText['kind']) => number,
): PlacedText[] {
  if (!input.values && !input.groups) return [];
  const { groups } = input;
  // With few spots in view, texts keep off the dots, and the spots of several rows get badges.
  const spots = groups ? fewSpots(input, groups) : null;
  const dots = groups && spots ? dotBoxes(input, groups, spots) : [];
  // Every point is mapped to the screen only for the labels' clusters.
  const labels = input.values
    ? clusterTexts(toScreen(input.points, input.mapping), input, input.values, dots, measure)
    : [];
  const badges =
    groups && spots ? countBadges(input, groups, spots, [...dots, ...labels], measure) : [];
  return [...labels, ...badges];
}
