import { describe, expect, it } from 'vitest';
import { emphasisMask, groupByColor } from '../../../../src/app/components/scatter/colorGroups.ts';
import type { DrawInput } from '../../../../src/app/components/scatter/raster.ts';
import { scatterCsv, scatterSvg } from '../../../../src/app/components/scatter/scatterExport.ts';
import { csvField } from '../../../../src/core/data/table/writeCsv.ts';
import {
  applyZoom,
  dataBounds,
  fitMapping,
} from '../../../../src/app/components/scatter/viewTransform.ts';

function input(points: Float64Array, emphasised: number[], zoom = { k: 1, x: 0, y: 0 }): DrawInput {
  const n = points.length / 2;
  const colors = ['#0072B2', '#E69F00', 'rgb(1, 2, 3)'];
  return {
    points,
    groups: groupByColor(n, (i) => colors[i % 3] as string),
    mask: emphasisMask(n, emphasised),
    anyEmphasis: emphasised.length > 0,
    mapping: applyZoom(fitMapping(dataBounds(points), 400, 300, 12), zoom),
    width: 400,
    height: 300,
    radius: 3,
    background: '#ffffff',
  };
}

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

describe('scatter SVG export', () => {
  const points = Float64Array.from({ length: 2 * 25 }, (_, k) => Math.sin(k * 1.3) * (k + 1));

  it('is a standalone SVG with one circle per point and the colours as fills', () => {
    const svg = scatterSvg(input(points, []));
    expect(
      svg.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">',
      ),
    ).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(count(svg, /<circle /g)).toBe(25);
    expect(svg).toContain('<g fill="#0072B2">');
    expect(svg).toContain('<g fill="rgb(1, 2, 3)">');
    expect(svg).toContain('<rect width="400" height="300" fill="#ffffff"/>');
    expect(svg).not.toContain('stroke=');
    // Balanced groups.
    expect(count(svg, /<g /g)).toBe(count(svg, /<\/g>/g));
  });

  it('outlines the emphasised points and leaves out points outside the view', () => {
    const svg = scatterSvg(input(points, [2, 7]));
    expect(count(svg, /<circle /g)).toBe(25);
    const outlined = svg.slice(svg.indexOf('stroke='));
    expect(count(outlined, /<circle /g)).toBe(2);
    const zoomed = scatterSvg(input(points, [], { k: 50, x: -200 * 50 + 200, y: -150 * 50 + 150 }));
    expect(count(zoomed, /<circle /g)).toBeLessThan(25);
  });
});

describe('scatter SVG export of identical rows and annotations', () => {
  it('draws a dot of several rows larger and the labels and badges on top, escaped', () => {
    const points = Float64Array.from([0, 0, 1, 1, 2, 0]);
    const d = { ...input(points, []), sizes: Float32Array.from([1, 2, 1]) };
    const svg = scatterSvg(d, [
      { kind: 'label', text: 'legs = 0 · fins = <true>', x: 10, y: 20, w: 120, h: 18 },
      { kind: 'badge', text: '×1,490', x: 200, y: 40, w: 40, h: 15 },
    ]);
    const radii = [...svg.matchAll(/<circle [^>]*r="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(radii.sort()).toEqual([3, 3, 6]);
    expect(svg).toContain('legs = 0 · fins = &lt;true&gt;</text>');
    expect(svg).toContain('>×1,490</text>');
    expect(count(svg, /class="cluster-label"/g)).toBe(1);
    expect(count(svg, /class="count-badge"/g)).toBe(1);
    // The annotations come after the points, so they are drawn over them.
    expect(svg.indexOf('cluster-label')).toBeGreaterThan(svg.lastIndexOf('<circle'));
    expect(count(svg, /<g /g)).toBe(count(svg, /<\/g>/g));
  });
});

describe('scatter CSV export', () => {
  it('names points by their line in the file (default: after a header line) under line,x,y', () => {
    const csv = scatterCsv(Float64Array.from([0.5, -1, 2, 3e-7, NaN, 4]));
    expect(csv).toBe('line,x,y\r\n2,0.5,-1\r\n3,2,3e-7\r\n4,,4\r\n');
    // After rows were dropped: the file's lines, not the kept rows' places.
    const lines = [2, 7, 9];
    const dropped = scatterCsv(Float64Array.from([1, 1, 2, 2, 3, 3]), undefined, (i) => lines[i]!);
    expect(dropped).toBe('line,x,y\r\n2,1,1\r\n7,2,2\r\n9,3,3\r\n');
  });

  it('adds a label column quoted per RFC 4180', () => {
    const labels = ['plain', 'a,b', 'say "hi"', 'two\nlines'];
    const csv = scatterCsv(new Float64Array(8), (i) => labels[i] as string);
    expect(csv.split('\r\n')).toEqual([
      'line,x,y,label',
      '2,0,0,plain',
      '3,0,0,"a,b"',
      '4,0,0,"say ""hi"""',
      '5,0,0,"two\nlines"',
      '',
    ]);
    expect(csvField('')).toBe('');
    expect(csvField('x\ry')).toBe('"x\ry"');
  });

  it('escapes formulas: a cell beginning with = + - @ tab or CR gets a leading quote, numbers do not (issue 10, defect 8)', () => {
    const labels = [
      "=cmd|' /C calc'!A0",
      '+1',
      '-1',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '-x',
      '+',
      '=1+1',
      '-2.5e3',
      'a=b',
    ];
    const csv = scatterCsv(new Float64Array(2 * labels.length), (i) => labels[i] as string);
    expect(
      csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.slice(line.indexOf(',0,0,') + 5)),
    ).toEqual([
      "'=cmd|' /C calc'!A0",
      '+1',
      '-1',
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      "'-x",
      "'+",
      "'=1+1",
      '-2.5e3',
      'a=b',
    ]);
  });
});
