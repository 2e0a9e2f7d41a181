import { badOption } from './errors.ts';
/**
 * Declarative parameter tables — the single source of a method's defaults and validation, as
 * scikit-learn's `_parameter_constraints`. The CLI's flags, the app's controls and the option
 * checks of every call are derived from these tables; data-dependent checks (k ≤ n …) stay in
 * the method (scikit-learn's `_check_params_vs_input`).
 */
export type ParameterSpec = NumberParameter | ChoiceParameter | BooleanParameter | StringParameter;

interface ParameterBase {
  /** Option key, CLI flag (--name) and control label. */
  name: string;
  /** The paper's symbol, when it has one (α, β, θ …). */
  symbol?: string;
  description: string;
  /** Seeds the method's randomness: the evaluation re-fits with one seed per run. */
  role?: 'seed';
  /** Tuning knobs a user rarely needs: left out of the app's controls (still CLI flags). */
  advanced?: boolean;
}

export interface NumberParameter extends ParameterBase {
  type: 'number' | 'integer';
  /** 'auto' only with `auto` declared. */
  default: number | 'auto';
  /**
   * The parameter also takes the value 'auto': the method picks the number at run time (from n,
   * or other options), as scikit-learn's and openTSNE's `learning_rate='auto'`. A value of its
   * own, not a number out of range standing for it, so the settings can say "auto (500)".
   */
  auto?: AutoValue;
  min?: number;
  /**
   * Every number has a maximum (issue 46): a value from a link or a flag can otherwise ask for a
   * billion trees or iterations and exhaust the tab's memory or run for hours.
   */
  max: number;
  /**
   * Why this maximum, shown when a value above it is refused: what a 2-core machine or a browser
   * tab finishes in reasonable time and memory, or the mathematical domain (a probability ≤ 1).
   */
  maxBecause: string;
  /** The bound itself is not allowed (e.g. α > 0). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
}

export interface AutoValue {
  /** How the method picks the number (“umap-learn’s default: 500 up to 10,000 objects, 200 above”). */
  description: string;
  /**
   * The number older calls wrote for 'auto' (0, before 'auto' was a value), read as 'auto', so
   * saved workspaces, links and scripts keep working and give the same cache key.
   */
  legacy?: number;
}

/** The option value meaning “the method picks the number” (NumberParameter.auto). */
export const AUTO = 'auto';

/**
 * The bound of every seed: the random generator keeps 32 bits of it (`seed >>> 0`,
 * base/random.ts), so a larger seed would only repeat a smaller one.
 */
export const SEED_BOUND = {
  max: 2 ** 32 - 1,
  maxBecause:
    'the random generator keeps 32 bits of its seed, so a larger one repeats a smaller one',
} as const;

/** The bound of a row index: rows are indexed by 32-bit integers (Int32Array) everywhere. */
export const ROW_BOUND = {
  max: 2 ** 31 - 1,
  maxBecause:
    'rows are indexed by 32-bit integers; a row past the table’s last is refused once the table is known',
} as const;

export interface ChoiceParameter extends ParameterBase {
  type: 'choice';
  default: string;
  choices: readonly string[];
  /** How each choice reads in the app ("as printed (Def. 5)"). */
  choiceTitles?: Readonly<Record<string, string>>;
}

export interface BooleanParameter extends ParameterBase {
  type: 'boolean';
  default: boolean;
}

/** Free text, or null (e.g. a class label chosen by the user). */
export interface StringParameter extends ParameterBase {
  type: 'string';
  default: string | null;
  /**
   * What the app offers to choose from: 'class-label' = the class column's labels; 'attribute' =
   * the feature attributes; 'value' = the values of the attribute another option names
   * (`valuesOf`).
   */
  suggest?: 'class-label' | 'attribute' | 'value';
  /** For suggest 'value': the option holding the attribute's name (its default: the first). */
  valuesOf?: string;
  /** The call cannot run without a value (the app asks for it first). */
  required?: boolean;
  /** What leaving it empty means, for the app's empty choice ("every row"). */
  emptyLabel?: string;
  /** A comma-separated subset of these (the app shows a checkbox each). */
  subsetOf?: readonly string[];
  subsetTitles?: Readonly<Record<string, string>>;
}

type ValueOf<P> = P extends { type: 'choice'; choices: readonly (infer C)[] }
  ? C
  : P extends { type: 'boolean' }
    ? boolean
    : P extends { type: 'string' }
      ? string | null
      : P extends { auto: AutoValue }
        ? number | typeof AUTO
        : number;

/** The resolved options object a parameter table describes. */
export type OptionsOf<T extends readonly ParameterSpec[]> = {
  [P in T[number] as P['name']]: ValueOf<P>;
};

export type OptionValue = number | string | boolean | null;
export type RawOptions = Readonly<Record<string, unknown>>;

/** The allowed range of a parameter, for messages, the CLI's help and the app's tooltips. */
export function describeDomain(p: ParameterSpec): string {
  switch (p.type) {
    case 'choice':
      return p.choices.map((c) => `"${c}"`).join(' | ');
    case 'boolean':
      return 'true | false';
    case 'string':
      return p.subsetOf ? `a comma-separated list of ${p.subsetOf.join(', ')}` : 'text';
    default: {
      const what = p.type === 'integer' ? 'a whole number' : 'a finite number';
      const bounds = [
        p.min !== undefined ? `${p.minExclusive ? '>' : '≥'} ${p.min}` : null,
        `${p.maxExclusive ? '<' : '≤'} ${p.max}`,
      ].filter(Boolean);
      return `${p.auto ? `"${AUTO}" or ` : ''}${what} ${bounds.join(' and ')}`;
    }
  }
}

/** A number's maximum with its reason ("at most 10000: …"), for refusals and tooltips. */
export function describeMaximum(p: NumberParameter): string {
  return `${p.maxExclusive ? 'below' : 'at most'} ${p.max}: ${p.maxBecause}`;
}

/**
 * Checks one value against its parameter; throws a user error (badOption) naming it, whether the
 * value is of the wrong type or out of the range.
 */
export function checkParameter(p: ParameterSpec, value: unknown): OptionValue {
  const fail = (_kind: typeof RangeError | typeof TypeError, why = ''): never => {
    throw badOption(`${p.name} must be ${describeDomain(p)}, got ${show(value)}${why}`);
  };
  switch (p.type) {
    case 'choice':
      if (typeof value !== 'string' || !p.choices.includes(value)) fail(TypeError);
      return value as string;
    case 'boolean':
      if (typeof value !== 'boolean') fail(TypeError);
      return value as boolean;
    case 'string':
      if (value !== null && typeof value !== 'string') fail(TypeError);
      if (p.subsetOf && typeof value === 'string')
        for (const item of value.split(',').map((x) => x.trim()))
          if (item !== '' && !p.subsetOf.includes(item))
            throw badOption(`${p.name}: “${item}” is not one of ${p.subsetOf.join(', ')}`);
      return value as string | null;
    default: {
      if (p.auto && (value === AUTO || value === p.auto.legacy)) return AUTO;
      if (typeof value !== 'number') fail(TypeError);
      const x = value as number;
      if (!Number.isFinite(x) || (p.type === 'integer' && !Number.isInteger(x))) fail(RangeError);
      if (p.min !== undefined && (p.minExclusive ? x <= p.min : x < p.min)) fail(RangeError);
      if (p.maxExclusive ? x >= p.max : x > p.max) fail(RangeError, ` (${describeMaximum(p)})`);
      return x;
    }
  }
}

/**
 * Defaults filled in and every value checked; an option the table does not know is refused with
 * the known names. `undefined` means "use the default".
 */
export function resolveOptions<T extends readonly ParameterSpec[]>(
  table: T,
  given: object = {},
  owner = 'method',
): OptionsOf<T> {
  const options = given as RawOptions;
  const known = new Set(table.map((p) => p.name));
  for (const name of Object.keys(options))
    if (!known.has(name) && options[name] !== undefined)
      throw badOption(
        `${owner} has no option “${name}” (${table.map((p) => p.name).join(', ') || 'none'})`,
      );
  const out: Record<string, OptionValue> = Object.create(null) as Record<string, OptionValue>;
  for (const p of table) {
    const given = Object.prototype.hasOwnProperty.call(options, p.name)
      ? options[p.name]
      : undefined;
    out[p.name] = checkParameter(p, given === undefined ? p.default : given);
  }
  return { ...out } as OptionsOf<T>;
}

/**
 * A table's defaults as its options object, unchecked: the one place a kernel's defaults come
 * from (no `*_DEFAULTS` object beside the table).
 */
export function defaultsOf<T extends readonly ParameterSpec[]>(table: T): OptionsOf<T> {
  return Object.fromEntries(table.map((p) => [p.name, p.default])) as OptionsOf<T>;
}

/**
 * Options a kernel is called with directly (tests, benches, other kernels) over its table's
 * defaults, unchecked: an absent or undefined option takes the table's default. A method's own
 * calls are checked by resolveOptions first.
 */
export function withDefaults<T extends readonly ParameterSpec[]>(
  table: T,
  given: Partial<OptionsOf<T>> = {},
): OptionsOf<T> {
  const out: Record<string, unknown> = { ...defaultsOf(table) };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) out[name] = value;
  return out as OptionsOf<T>;
}

/** Reads a CLI flag's text as the parameter's type (then checked by checkParameter). */
export function parseParameterText(p: ParameterSpec, text: string): OptionValue {
  switch (p.type) {
    case 'choice':
    case 'string':
      return text;
    case 'boolean':
      if (text === 'true' || text === '') return true;
      if (text === 'false') return false;
      throw badOption(`--${p.name} must be true or false, got “${text}”`);
    default: {
      if (p.auto && text.trim() === AUTO) return AUTO;
      const x = Number(text);
      if (text.trim() === '' || !Number.isFinite(x))
        throw badOption(`--${p.name} must be ${describeDomain(p)}, got “${text}”`);
      return x;
    }
  }
}

/**
 * A given option as its parameter reads it, for display (the app's controls, describeCall): the
 * default when absent, 'auto' for the legacy number that stood for it; other values unchecked.
 */
export function optionValue(p: ParameterSpec, given: unknown): unknown {
  if (given === undefined) return p.default;
  if ((p.type === 'number' || p.type === 'integer') && p.auto && given === p.auto.legacy)
    return AUTO;
  return given;
}

/** An option that may be 'auto' as the number the method runs with: `pick()` for 'auto'. */
export function autoNumber(value: number | typeof AUTO, pick: () => number): number {
  return value === AUTO ? pick() : value;
}

function show(value: unknown): string {
  if (typeof value === 'string') return `“${value}”`;
  return String(value);
}
