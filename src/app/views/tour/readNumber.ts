import { resolveCall } from '../../../core/platform/calls.ts';
import type { CountsReport, TableMeta } from '../../../core/platform/session.ts';
import type { IndicatorsReport } from '../../../core/evaluation/indicators.ts';
import type { Reading, TourStep } from '../../model/tours.ts';
import { attributeIndex, valueIndex } from '../../model/tours/names.ts';
import type { ResultEntry } from '../../store/resultsSlice.ts';
import { tourCall } from './stepPanels.ts';

/** What the app has computed now: the loaded table, its counts, results by call, indicators. */
export interface LiveState {
  meta: TableMeta | null;
  counts: CountsReport | null;
  results: Record<string, ResultEntry>;
  indicators: IndicatorsReport | null;
}

/** The finished output of a step's panel (by index), or null while it runs or when it failed. */
function outputOf(step: TourStep, panel: number, live: LiveState) {
  const tourPanel = step.panels[panel];
  const call = tourPanel ? tourCall(tourPanel)?.call : null;
  if (!call) return null;
  let key: string;
  try {
    key = resolveCall(call).key;
  } catch {
    return null;
  }
  const entry = live.results[key];
  return entry?.status === 'done' ? entry.output : null;
}

/**
 * Ours: the number a reading names, from the live results and counts — never a stored figure.
 * Null while it is not computed yet (or the table lacks the values named).
 */
export function readOurs(reading: Reading, step: TourStep, live: LiveState): number | null {
  const { meta, counts } = live;
  if (!meta) return null;
  const value = (name: string) => valueIndex(meta, name);
  const L = meta.nValues;
  const count = (i: number, j: number): number | null => {
    if (!counts || i < 0 || j < 0) return null;
    if (i === j) return counts.valueCounts[i] ?? null;
    return counts.cooccurrence ? (counts.cooccurrence[i * L + j] ?? null) : null;
  };
  const conditional = (i: number, given: number): number | null => {
    const both = count(i, given);
    const of = count(given, given);
    return both === null || !of ? null : both / of;
  };
  switch (reading.from) {
    case 'shape':
      return reading.what === 'rows'
        ? meta.nRows
        : reading.what === 'values'
          ? meta.nValues
          : meta.attributes.length;
    case 'indicator':
      return live.indicators?.[reading.name] ?? null;
    case 'count':
      return count(value(reading.a), value(reading.b));
    case 'frequency': {
      const c = count(value(reading.value), value(reading.value));
      return c === null || !counts?.nRows ? null : c / counts.nRows;
    }
    case 'conditional':
      return conditional(value(reading.value), value(reading.given));
    case 'inter-kernel': {
      // UNTIE Eqs. (3)-(4): m_Ie(v) = [p(v | u)] over the values u of the other attributes;
      // the linear kernel of v with itself is the squared length of that vector.
      const v = value(reading.value);
      if (v < 0) return null;
      let sum = 0;
      for (let u = 0; u < L; u++) {
        if (meta.valueAttribute[u] === meta.valueAttribute[v]) continue;
        const p = conditional(v, u);
        if (p === null) return null;
        sum += p * p;
      }
      return sum;
    }
    case 'table': {
      const result = outputOf(step, reading.panel, live)?.results[reading.result];
      if (result?.kind !== 'table') return null;
      const first = result.columns[0]?.key ?? '';
      const row = result.rows.find((r) => String(r[first] ?? '').startsWith(reading.row));
      const cell = row?.[reading.column];
      const x = typeof cell === 'number' ? cell : typeof cell === 'string' ? Number(cell) : NaN;
      return Number.isFinite(x) ? x : null;
    }
    case 'matrix': {
      const result = outputOf(step, reading.panel, live)?.results[reading.result];
      const [i, j] = [value(reading.row), value(reading.col)];
      if (result?.kind !== 'value-matrix' || i < 0 || j < 0) return null;
      return result.data[i * result.size + j] ?? null;
    }
    case 'matrix-size': {
      const result = outputOf(step, reading.panel, live)?.results[reading.result];
      return result?.kind === 'value-matrix' ? result.size : null;
    }
    case 'impact': {
      const result = outputOf(step, reading.panel, live)?.results[reading.result];
      const a = attributeIndex(meta, reading.attribute);
      if (result?.kind !== 'attribute-impacts' || a < 0) return null;
      return result.values[a] ?? null;
    }
  }
}
