import { format } from 'd3';

const SI = format('.3~s');
const SMALL = format('.2~e');

/**
 * A number as people read it: three decimals for scores in [0, 1] (F-score, AUC: "0.653"),
 * three significant digits otherwise ("12.4", "1,240", "33.8M" rather than "3.384e+7"), and a
 * short exponent only for tiny magnitudes.
 */
export function formatScore(x: number): string {
  if (!Number.isFinite(x)) return '—';
  const a = Math.abs(x);
  if (a === 0) return '0';
  if (a >= 1e6) return SI(x).replace('G', 'B');
  if (a >= 1000) return Math.round(x).toLocaleString('en-US');
  if (a >= 1) return Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (a >= 0.001) return x.toFixed(3);
  return SMALL(x);
}

/** A duration for people: “0.4 s”, “12 s”, “3 min 12 s”. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/**
 * A title inside a sentence: its first letter lower-cased unless it starts an acronym or a
 * symbol (“Spectral clustering” → “spectral clustering”; “RD, DBI …”, “k-means”, “(ε,γ)” stay).
 */
export function inSentence(title: string): string {
  return /^[A-Z][a-z]/.test(title) ? (title[0] as string).toLowerCase() + title.slice(1) : title;
}
