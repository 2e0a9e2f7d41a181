import { interpolateBlues, interpolateLab } from 'd3';
import { luminance } from './colors.ts';
import type { CouplingSpacesResult } from '../../core/platform/results.ts';
import { valueKey, type TableMeta } from '../../core/platform/session.ts';

/**
 * The coupling-space view's model (views/CouplingSpacesView.tsx): Zhu et al. 2022 (UNTIE)'s
 * m_Ia (Eq. 1) and m_Ie (Eq. 4) of one attribute's values, their m_Ie columns grouped by the
 * other attributes, the numbers as printed, the cells' colours and the export's table.
 */

export type CouplingAttribute = CouplingSpacesResult['attributes'][number];

/** One other attribute's m_Ie columns: `from` is the first column's place in the m_Ie row. */
export interface ColumnGroup {
  attribute: number;
  name: string;
  from: number;
  /** The global value v* of each column, and its label. */
  values: { g: number; label: string }[];
}

/** The m_Ie columns of an attribute, in the result's order, grouped by the attribute of v*. */
export function columnGroups(meta: TableMeta, entry: CouplingAttribute): ColumnGroup[] {
  const groups: ColumnGroup[] = [];
  entry.columns.forEach((g, col) => {
    const k = meta.valueAttribute[g] ?? 0;
    const a = meta.attributes[k];
    let last = groups[groups.length - 1];
    if (!last || last.attribute !== k) {
      last = { attribute: k, name: a?.name ?? String(k), from: col, values: [] };
      groups.push(last);
    }
    last.values.push({ g, label: a?.labels[g - a.offset] ?? String(g) });
  });
  return groups;
}

/**
 * A probability as the cells print it: at most three decimals, trailing zeros dropped ("0.333",
 * "0.5", "1", "0"); a positive number under 0.0005 is "<0.001", never a bare 0.
 */
export function formatProbability(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (x > 0 && x < 0.0005) return '<0.001';
  return String(Number(x.toFixed(3)));
}

/** n/d when both are (within round-off) whole counts, for a tooltip's "= 2 / 3". */
function fraction(numerator: number, denominator: number): string | null {
  const [n, d] = [Math.round(numerator), Math.round(denominator)];
  if (d <= 0 || Math.abs(n - numerator) > 1e-6 || Math.abs(d - denominator) > 1e-6) return null;
  return `${n} / ${d}`;
}

/** The count of objects holding v, |g(v)| = m_Ia(v) · n_o. */
function holders(spaces: CouplingSpacesResult, meta: TableMeta, g: number): number {
  const k = meta.valueAttribute[g] ?? 0;
  const a = meta.attributes[k];
  const share = spaces.attributes[k]?.intra[g - (a?.offset ?? 0)] ?? 0;
  return share * meta.nRows;
}

/** Tooltip lines of value u's m_Ia cell (col < 0) or of its m_Ie column col. */
export function cellTooltip(
  meta: TableMeta,
  spaces: CouplingSpacesResult,
  entry: CouplingAttribute,
  u: number,
  col: number,
): string[] {
  const a = meta.attributes[entry.attribute];
  const g = (a?.offset ?? 0) + u;
  const v = valueKey(meta, g);
  if (col < 0) {
    const x = entry.intra[u] ?? 0;
    const f = fraction(x * meta.nRows, meta.nRows);
    return [
      `m_Ia(${v}) = ${formatProbability(x)}`,
      `|g(v)| / n_o${f ? ` = ${f}` : ''}: the share of objects holding ${v} (Eq. 1)`,
    ];
  }
  const star = entry.columns[col] ?? 0;
  const dims = entry.columns.length;
  const x = entry.inter[u * dims + col] ?? 0;
  const given = holders(spaces, meta, star);
  const f = fraction(x * given, given);
  return [
    `p(${v} | ${valueKey(meta, star)}) = ${formatProbability(x)}`,
    `|g(v) ∩ g(v*)| / |g(v*)|${f ? ` = ${f}` : ''} (Eqs. 3-4)`,
    `the share of the objects holding ${valueKey(meta, star)} that hold ${v}`,
  ];
}

/**
 * The cells' 0-1 sequential ramp: d3's Blues on the light page; on the dark page a ramp from
 * just above the panel's colour to a light blue, so zero recedes and one stands out.
 */
export function couplingRamp(theme: 'light' | 'dark'): (t: number) => string {
  if (theme === 'light') return (t) => interpolateBlues(clamp01(t));
  const dark = interpolateLab('#232a35', '#a8d0ff');
  return (t) => dark(clamp01(t));
}

const clamp01 = (t: number): number => (t < 0 ? 0 : t > 1 ? 1 : Number.isFinite(t) ? t : 0);

// Pure black and white: at worst (luminance ≈ 0.18) each still contrasts 4.58 : 1.
const DARK_INK = '#000000';
const LIGHT_INK = '#ffffff';

/** The ink of the two that contrasts more with a cell's colour (WCAG contrast ratio). */
export function inkOn(background: string): string {
  const l = luminance(background);
  const white = (luminance(LIGHT_INK) + 0.05) / (l + 0.05);
  const dark = (l + 0.05) / (luminance(DARK_INK) + 0.05);
  return white > dark ? LIGHT_INK : DARK_INK;
}

/** The export's table (same shape as components/export's ExportTable). */
export interface CouplingSpacesTable {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}

/**
 * Every attribute's values, one row each, for CSV and JSON: attribute, value, m_Ia, then one
 * column per value v* of the table named "Attribute=value" holding m_Ie(v)'s p(v | v*) (empty
 * where v* is of v's own attribute, which m_Ie leaves out).
 */
export function couplingSpacesTable(
  meta: TableMeta,
  spaces: CouplingSpacesResult,
): CouplingSpacesTable {
  const L = meta.valueAttribute.length;
  const names = Array.from({ length: L }, (_, g) => valueKey(meta, g));
  const rows: (string | number | null)[][] = [];
  for (const entry of spaces.attributes) {
    const a = meta.attributes[entry.attribute];
    if (!a) continue;
    const dims = entry.columns.length;
    const place = new Int32Array(L).fill(-1);
    entry.columns.forEach((g, col) => void (place[g] = col));
    a.labels.forEach((label, u) => {
      const inter = Array.from({ length: L }, (_, g) => {
        const col = place[g] ?? -1;
        return col < 0 ? null : (entry.inter[u * dims + col] ?? null);
      });
      rows.push([a.name, label, entry.intra[u] ?? null, ...inter]);
    });
  }
  return { name: 'coupling spaces', columns: ['attribute', 'value', 'm_Ia', ...names], rows };
}
