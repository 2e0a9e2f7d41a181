import { optionValue, type OptionValue, type ParameterSpec } from '../../core/base/parameters.ts';
import type { MethodSpec } from '../../core/platform/spec.ts';

/** "maxIterations" → "max iterations". */
export function words(name: string): string {
  return name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

/** A parameter's label in the app: the paper's symbol, or its name in words. */
export function parameterLabel(p: ParameterSpec): string {
  return p.symbol ?? words(p.name);
}

/** The parameters a panel shows as controls (advanced ones are left out). */
export function shownParameters(spec: MethodSpec, except: readonly string[] = []): ParameterSpec[] {
  return spec.parameters.filter((p) => !p.advanced && !except.includes(p.name));
}

/** A value as the collapsed controls read it ("as printed (Def. 5)", "on", "1e-10"). */
function formatValue(p: ParameterSpec, value: OptionValue): string {
  if (p.type === 'choice') return p.choiceTitles?.[value as string] ?? String(value);
  if (p.type === 'boolean') return value ? 'on' : 'off';
  return String(value);
}

/**
 * The options of a call that differ from its parameter table's defaults, as "label value" parts
 * ("perplexity 50", "CDE α 5" with `prefix` "CDE "), in the table's order: what a collapsed row
 * of controls says about its settings.
 */
export function changedSettings(
  spec: MethodSpec,
  options: Readonly<Record<string, unknown>> | undefined,
  { prefix = '', except = [] }: { prefix?: string; except?: readonly string[] } = {},
): string[] {
  return shownParameters(spec, except).flatMap((p) => {
    // A legacy number standing for 'auto' (epochs 0) reads as 'auto'.
    const value = optionValue(p, options?.[p.name]) as OptionValue | undefined;
    if (value === undefined || value === null || value === '' || value === p.default) return [];
    return [`${prefix}${parameterLabel(p)} ${formatValue(p, value)}`];
  });
}

/** Key choices, then the changed settings, or "default settings" when none changed. */
export function settingsLine(keys: readonly string[], changed: readonly string[]): string {
  return [...keys, ...(changed.length > 0 ? changed : ['default settings'])].join(' · ');
}
