/**
 * Pure layout of a heatmap's axes (no DOM): how large a cell is, whether every value's label fits,
 * which attribute bands get their name, and where each label goes. Rows run down the left axis,
 * columns along the top; labels on the top axis are written vertically, so every label on either
 * axis takes one font height along its axis and labels never overlap by construction.
 *
 * Along each axis, outwards from the matrix: the value labels (when they fit; a selection's
 * share of each value is drawn behind its label) or else a strip for that share, then the
 * attribute band bar and the attribute names. The layout does not depend on the selection, so
 * selecting objects never moves a label, a matrix or the panels below.
 */

/** One axis: the items at each position, their labels, and attribute spans in positions. */
export interface AxisInput {
  labels: readonly string[];
  groups: readonly { label: string; start: number; end: number }[];
}

export interface PlacedLabel {
  /** The text drawn (cut with an ellipsis when it would not fit its column). */
  text: string;
  /** The whole label, for the title tooltip. */
  full: string;
  /** Centre along the axis, in pixels from the matrix's edge. */
  at: number;
  /** Position index (value labels) or group index (attribute names). */
  index: number;
}

export interface AxisGeometry {
  /** Pixels from the matrix edge outwards taken by each column of the axis. */
  share: number;
  values: number;
  groups: number;
  /** Total depth of the axis (share + values + groups). */
  depth: number;
  /** Every position's label, or empty when cells are thinner than a line of text. */
  valueLabels: PlacedLabel[];
  /** Attribute names that fit without overlapping their neighbours (greedy, in order). */
  groupLabels: PlacedLabel[];
  /** Every attribute band in pixels along the axis, named or not. */
  bands: { start: number; end: number; label: string }[];
}

export interface HeatmapGeometry {
  /** Cell side in pixels (fractional when a matrix has more values than pixels). */
  cell: number;
  rows: AxisGeometry;
  cols: AxisGeometry;
  /** The matrix's top-left corner inside the frame. */
  left: number;
  top: number;
  /** Frame size: axes, matrix and the half line a vertical label may reach past the last column. */
  width: number;
  height: number;
  /** Whether every value has its label. */
  labelled: boolean;
  /** Every item labelled (1), every k-th (k, a matrix without attribute bands), or none (0). */
  stride: number;
  /** The labels' font size (px): LABEL_FONT, or SMALL_FONT when only that labels every item. */
  font: number;
}

export interface GeometryOptions {
  rows: AxisInput;
  cols: AxisInput;
  /** Width available to the whole frame. */
  width: number;
  /** Text width in pixels at the label font. */
  measure(text: string): number;
  /** Value labels appear only when cells are at least this tall (one line of text). */
  minLabelledCell?: number;
  maxCell?: number;
}

/** Label font size (px), the spacing a label needs along its axis, and the widest label column. */
export const LABEL_FONT = 10;
export const LABEL_SLOT = 12;
/** A smaller font, still read easily, tried when it is what lets every item have its label. */
export const SMALL_FONT = 9;
export const MAX_LABEL_PX = 140;
export const SHARE_STRIP = 10;
/** The attribute band bar and its gaps before the names. */
const BAND_BAR = 10;
/** A vertical label's glyphs reach about half a line past its column's centre. */
const END_PAD = Math.ceil(LABEL_SLOT / 2);

/**
 * The layout at the label font; when that cannot label every item but the small font can, the
 * layout at the small font (a 35-attribute matrix in a 500 px panel then names every attribute).
 */
export function heatmapGeometry(options: GeometryOptions): HeatmapGeometry {
  const normal = geometryAt(options, LABEL_FONT);
  if (normal.labelled || options.minLabelledCell !== undefined) return normal;
  const small = geometryAt(options, SMALL_FONT);
  return small.labelled ? small : normal;
}

function geometryAt(options: GeometryOptions, font: number): HeatmapGeometry {
  const { rows, cols } = options;
  const scale = font / LABEL_FONT;
  const measure = (text: string) => options.measure(text) * scale;
  const slot = font + 2;
  const minLabelled = options.minLabelledCell ?? slot;
  const maxCell = options.maxCell ?? 28;
  const nCols = cols.labels.length;
  const nRows = rows.labels.length;
  const groupDepth = (axis: AxisInput) =>
    axis.groups.length > 0
      ? Math.ceil(
          Math.min(
            MAX_LABEL_PX,
            widest(
              axis.groups.map((g) => g.label),
              measure,
            ),
          ),
        ) + BAND_BAR
      : 0;
  const valueDepth = (axis: AxisInput) =>
    Math.ceil(Math.min(MAX_LABEL_PX, widest(axis.labels, measure))) + 6;
  // 'all': every value labelled; 'thinned': a matrix with no attribute bands to fall back on (SU)
  // labels every k-th item; 'bands': attribute bands only.
  const fit = (mode: LabelMode) => {
    // The selection's share: behind the labels when every one is drawn; in a strip otherwise.
    const share = mode === 'all' ? 0 : SHARE_STRIP;
    const left = share + groupDepth(rows) + (mode === 'bands' ? 0 : valueDepth(rows));
    const room = Math.max(0, options.width - left - END_PAD);
    const raw = nCols > 0 ? room / nCols : 0;
    // Whole pixels while cells are large enough to show it; a fraction for very large matrices.
    const cell = Math.min(maxCell, raw >= 2 ? Math.floor(raw) : raw);
    return { cell, share };
  };
  let mode: LabelMode = 'all';
  let { cell, share } = fit('all');
  if (cell < minLabelled) {
    const bandless = rows.groups.length === 0 && cols.groups.length === 0;
    mode = bandless && fit('thinned').cell >= MIN_THINNED_CELL ? 'thinned' : 'bands';
    ({ cell, share } = fit(mode));
  }
  const stride = mode === 'all' ? 1 : mode === 'thinned' ? Math.ceil(slot / cell) : 0;
  const rowAxis = axisGeometry(rows, cell, share, stride, measure, groupDepth(rows));
  const colAxis = axisGeometry(cols, cell, share, stride, measure, groupDepth(cols));
  const labelled = mode === 'all';
  return {
    cell,
    rows: rowAxis,
    cols: colAxis,
    left: rowAxis.depth,
    top: colAxis.depth,
    width: rowAxis.depth + cell * nCols + END_PAD,
    height: colAxis.depth + cell * nRows + (labelled ? 0 : 2),
    labelled,
    stride,
    font,
  };
}

type LabelMode = 'all' | 'thinned' | 'bands';
/** Below this a thinned axis would label too few items to read: bands or nothing instead. */
const MIN_THINNED_CELL = 2;

/** One axis; `stride` = 1 labels every item, k every k-th, 0 none. */
function axisGeometry(
  axis: AxisInput,
  cell: number,
  share: number,
  stride: number,
  measure: (text: string) => number,
  groups: number,
): AxisGeometry {
  // As deep as the labels drawn (every k-th when thinned), so no blank band is left outside them.
  const drawn = stride > 1 ? axis.labels.filter((_, p) => p % stride === 0) : axis.labels;
  const valueColumn =
    stride > 0 ? Math.ceil(Math.min(MAX_LABEL_PX, widest(drawn, measure))) + 6 : 0;
  const valueLabels: PlacedLabel[] = [];
  if (stride > 0)
    for (let p = 0; p < axis.labels.length; p += stride) {
      const label = axis.labels[p] as string;
      valueLabels.push({
        text: fitText(label, valueColumn - 6, measure),
        full: label,
        at: (p + 0.5) * cell,
        index: p,
      });
    }
  const extent = cell * axis.labels.length;
  const bands = axis.groups.map((g) => ({
    start: g.start * cell,
    end: g.end * cell,
    label: g.label,
  }));
  const groupLabels: PlacedLabel[] = [];
  let free = 0;
  axis.groups.forEach((g, index) => {
    if (extent < LABEL_SLOT) return;
    const centre = ((g.start + g.end) / 2) * cell;
    const at = Math.min(Math.max(centre, LABEL_SLOT / 2), extent - LABEL_SLOT / 2);
    // The name must stay over its own band and clear the name placed before it.
    if (at - LABEL_SLOT / 2 < free) return;
    if (Math.abs(at - centre) > Math.max(0, (g.end - g.start) * cell) / 2 + 1) return;
    groupLabels.push({
      text: fitText(g.label, groups - BAND_BAR, measure),
      full: g.label,
      at,
      index,
    });
    free = at + LABEL_SLOT / 2;
  });
  return {
    share,
    values: valueColumn,
    groups,
    depth: share + valueColumn + groups,
    valueLabels,
    groupLabels,
    bands,
  };
}

function widest(labels: readonly string[], measure: (text: string) => number): number {
  let max = 0;
  // Measuring thousands of labels costs more than the layout: the longest by length stand in.
  const sample =
    labels.length > 400 ? [...labels].sort((a, b) => b.length - a.length).slice(0, 40) : labels;
  for (const label of sample) max = Math.max(max, measure(label));
  return max;
}

/**
 * The label cut in the middle with an ellipsis so that it measures at most `room` pixels: both
 * ends stay, so "measurement-of-the-specimen-property-01" and "…-02" remain told apart.
 */
export function fitText(label: string, room: number, measure: (text: string) => number): string {
  if (measure(label) <= room) return label;
  const cut = (k: number) => {
    const head = Math.ceil(k / 2);
    return `${label.slice(0, head)}…${label.slice(label.length - (k - head))}`;
  };
  let lo = 0;
  let hi = label.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(cut(mid)) <= room) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? cut(lo) : '';
}

/** Approximate text width for tests and for the first render before fonts are measured. */
export function approximateWidth(text: string): number {
  return text.length * LABEL_FONT * 0.6;
}
