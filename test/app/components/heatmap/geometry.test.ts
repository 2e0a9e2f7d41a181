import { describe, expect, it } from 'vitest';
import {
  approximateWidth,
  fitText,
  heatmapGeometry,
  LABEL_SLOT,
  SHARE_STRIP,
  type AxisInput,
  type HeatmapGeometry,
} from '../../../../src/app/components/heatmap/cellGeometry.ts';

/** An axis of `attributes` attributes with `values` values each (labels of the given length). */
function axis(attributes: number, values: number, nameLength = 8): AxisInput {
  const labels: string[] = [];
  const groups: AxisInput['groups'][number][] = [];
  for (let a = 0; a < attributes; a++) {
    const start = labels.length;
    for (let v = 0; v < values; v++) labels.push(`value-${a}-${v}`);
    groups.push({ label: `attr${a}`.padEnd(nameLength, 'x'), start, end: labels.length });
  }
  return { labels, groups };
}

/** Every label as an interval along its axis: [at − slot/2, at + slot/2]. */
function intervals(g: HeatmapGeometry, side: 'rows' | 'cols', kind: 'value' | 'group') {
  const list = kind === 'value' ? g[side].valueLabels : g[side].groupLabels;
  return list.map((l) => [l.at - LABEL_SLOT / 2, l.at + LABEL_SLOT / 2] as const);
}

const CASES = [
  { name: 'weather (4 attributes, 10 values)', input: axis(4, 3), width: 520 },
  { name: 'zoo-like (16 × 2)', input: axis(16, 2), width: 560 },
  { name: 'soybean-like (35 × 4)', input: axis(35, 4), width: 560 },
  { name: '22 long-named attributes (~100 values)', input: axis(22, 5, 40), width: 600 },
  { name: '1,000 values (50 × 20)', input: axis(50, 20), width: 600 },
  { name: '1,000 values in a wide panel', input: axis(50, 20), width: 1800 },
  {
    name: 'an SU-like matrix (35 attributes, no bands) in a narrow panel',
    input: { labels: axis(35, 1).labels, groups: [] },
    width: 440,
  },
];

describe('heatmap geometry', () => {
  for (const { name, input, width } of CASES)
    it(`${name}: labels never overlap along an axis and the frame fits the width`, () => {
      const g = heatmapGeometry({
        rows: input,
        cols: input,
        width,
        measure: approximateWidth,
      });
      expect(g.width).toBeLessThanOrEqual(width);
      const n = input.labels.length;
      for (const side of ['rows', 'cols'] as const)
        for (const kind of ['value', 'group'] as const) {
          const spans = intervals(g, side, kind);
          for (let k = 1; k < spans.length; k++)
            expect(spans[k]![0]).toBeGreaterThanOrEqual(spans[k - 1]![1] - 1e-9);
          for (const [a, b] of spans) {
            // Half a line past either end at most (into the empty corner or the end pad).
            expect(a).toBeGreaterThanOrEqual(-LABEL_SLOT / 2 - 1e-9);
            expect(b).toBeLessThanOrEqual(g.cell * n + LABEL_SLOT / 2 + 1e-9);
          }
        }
      // The selection's share sits behind the labels, or in a strip when they do not fit.
      expect(g.rows.share).toBe(g.labelled ? 0 : SHARE_STRIP);
      // Value labels exactly when a cell holds a line of text.
      expect(g.labelled).toBe(g.cell >= LABEL_SLOT);
      if (g.labelled) expect(g.rows.valueLabels).toHaveLength(n);
      else if (input.groups.length === 0)
        // No bands to fall back on: every k-th item keeps its label.
        expect(g.rows.valueLabels).toHaveLength(Math.ceil(n / g.stride));
      else expect(g.rows.valueLabels).toHaveLength(0);
      // Every band is drawn; each name sits over its own band.
      expect(g.rows.bands).toHaveLength(input.groups.length);
      for (const label of g.rows.groupLabels) {
        const band = g.rows.bands[label.index]!;
        expect(label.at).toBeGreaterThanOrEqual(band.start - LABEL_SLOT / 2);
        expect(label.at).toBeLessThanOrEqual(band.end + LABEL_SLOT / 2);
      }
      // Names are cut to their column.
      for (const label of g.rows.groupLabels)
        expect(approximateWidth(label.text)).toBeLessThanOrEqual(g.rows.groups);
    });

  it('labels every value of a small matrix and names every attribute', () => {
    const input = axis(4, 3);
    const g = heatmapGeometry({
      rows: input,
      cols: input,
      width: 520,
      measure: approximateWidth,
    });
    expect(g.labelled).toBe(true);
    expect(g.cols.valueLabels.map((l) => l.text)).toEqual(input.labels);
    expect(g.cols.groupLabels.map((l) => l.full)).toEqual(input.groups.map((x) => x.label));
    // No blank band: the matrix starts right after the labels.
    expect(g.top).toBe(g.cols.values + g.cols.groups);
    expect(g.cols.share).toBe(0);
  });

  it('drops value labels but keeps attribute names when 1,000 values share 600 pixels', () => {
    const input = axis(50, 20);
    const g = heatmapGeometry({
      rows: input,
      cols: input,
      width: 600,
      measure: approximateWidth,
    });
    expect(g.labelled).toBe(false);
    expect(g.cell).toBeLessThan(1);
    // 50 bands of 20 sub-pixel cells: about one name in two fits without overlapping.
    expect(g.rows.groupLabels.length).toBeGreaterThan(15);
    expect(g.rows.groupLabels.length).toBeLessThan(50);
  });

  it('labels every second attribute of an SU-like matrix whose cells are under a line of text', () => {
    const input = { labels: axis(35, 1).labels, groups: [] };
    const g = heatmapGeometry({ rows: input, cols: input, width: 440, measure: approximateWidth });
    expect(g.labelled).toBe(false);
    expect(g.cell).toBeGreaterThanOrEqual(6);
    expect(g.stride).toBe(Math.ceil(LABEL_SLOT / g.cell));
    expect(g.rows.valueLabels.map((l) => l.index)).toEqual(
      Array.from({ length: Math.ceil(35 / g.stride) }, (_, k) => k * g.stride),
    );
  });

  it('cuts long labels in the middle, keeping both ends, to the room given', () => {
    const long = 'a-very-long-attribute-name-indeed-01';
    const cut = fitText(long, 60, approximateWidth);
    expect(cut).toMatch(/^a-ve.*….*-01$/);
    expect(approximateWidth(cut)).toBeLessThanOrEqual(60);
    // One more character would not fit.
    expect(approximateWidth(cut) + approximateWidth('x')).toBeGreaterThan(60);
    // Names sharing a long prefix stay distinct.
    const other = fitText('a-very-long-attribute-name-indeed-02', 60, approximateWidth);
    expect(other).not.toBe(cut);
    expect(fitText('short', 60, approximateWidth)).toBe('short');
  });
});

describe('the small font', () => {
  // 35 attributes named "attr-00" … (7 characters, 42 px at 10 px, 37.8 px at 9 px), no bands.
  const names: AxisInput = {
    labels: Array.from({ length: 35 }, (_, k) => `attr-${String(k).padStart(2, '0')}`),
    groups: [],
  };
  const at = (width: number) =>
    heatmapGeometry({ rows: names, cols: names, width, measure: approximateWidth });

  it('names every item at 9 px when 10 px cannot and 9 px can', () => {
    // 10 px: (450 − 48 − 6) / 35 = 11.3 < 12 per line; 9 px: (450 − 44 − 6) / 35 = 11.4 ≥ 11.
    const g = at(450);
    expect(g.labelled).toBe(true);
    expect(g.font).toBe(9);
    expect(g.cell).toBe(11);
    expect(g.rows.valueLabels).toHaveLength(35);
  });

  it('keeps 10 px when it fits, and when 9 px would not name every item either', () => {
    expect(at(480).font).toBe(10);
    expect(at(480).labelled).toBe(true);
    const thin = at(300);
    expect(thin.font).toBe(10);
    expect(thin.stride).toBe(2);
  });
});
