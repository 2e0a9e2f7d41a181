import type { ParameterSpec } from '../base/parameters.ts';
import { optionValue, resolveOptions } from '../base/parameters.ts';
import { methodSpec } from './registry.ts';
import type { Call, CallInputs, InputRef, MethodSpec, ResolvedCall } from './spec.ts';
import { badOption } from '../base/errors.ts';

/**
 * Calls are resolved against the registry: the method must exist, every option is checked and
 * defaults are filled in, every input is a call of a method producing an accepted kind. The key
 * is a canonical JSON of the resolved call, so a call at its defaults and the same call with its
 * defaults spelt out (CDE and CDE with α = 10) share one cache entry.
 */
export function resolveCall(call: Call | ResolvedCall, path = ''): ResolvedCall {
  if (call === null || typeof call !== 'object' || typeof call.method !== 'string')
    throw badOption(`${path || 'a call'} must name a method`);
  const spec = methodSpec(call.method);
  const options = resolveOptions(spec.parameters, call.options ?? {}, spec.id);
  const inputs = resolveInputs(spec, call.inputs ?? {}, path || spec.id);
  const result = (call as InputRef).result;
  if (result !== undefined && typeof result !== 'string')
    throw badOption(`${path}: result must name one of the method's results`);
  const body = { method: spec.id, options, inputs, ...(result !== undefined ? { result } : {}) };
  return { ...body, key: canonicalJson(stripKeys(body)) };
}

function resolveInputs(
  spec: MethodSpec,
  given: NonNullable<Call['inputs']>,
  path: string,
): CallInputs {
  const declared = spec.inputs ?? [];
  for (const name of Object.keys(given))
    if (!declared.some((i) => i.name === name))
      throw badOption(
        `${spec.id} has no input “${name}” (${declared.map((i) => i.name).join(', ') || 'none'})`,
      );
  const out: CallInputs = {};
  for (const input of declared) {
    const value = given[input.name];
    if (value === undefined)
      throw badOption(`${spec.id} needs its input “${input.name}” (${input.description})`);
    if (input.many && !Array.isArray(value))
      throw badOption(`${spec.id}'s input “${input.name}” takes a list of calls`);
    const list = Array.isArray(value) ? value : [value];
    if (!input.many && (Array.isArray(value) || list.length !== 1))
      throw badOption(`${spec.id}'s input “${input.name}” takes one call`);
    const resolved = list.map((ref: InputRef, i) => {
      const r = resolveCall(ref, `${path}.${input.name}${input.many ? `[${i}]` : ''}`);
      const producer = methodSpec(r.method);
      if (!producer.produces.some((k) => input.accepts.includes(k)))
        throw badOption(
          `${spec.id}'s input “${input.name}” needs ${input.description}; ${producer.title} produces ${producer.produces.join(', ')}`,
        );
      return r;
    });
    out[input.name] = input.many ? resolved : (resolved[0] as ResolvedCall);
  }
  return out;
}

/**
 * A call as written today: each option given as a legacy number standing for 'auto' (epochs 0,
 * learningRate 0, saved before 'auto' was a value) spelt 'auto', in its inputs too; other
 * options as given. For reading saved workspaces and links, so they save back in today's words.
 */
export function currentCall<C extends Call>(call: C): C {
  const spec = methodSpec(call.method);
  const options = call.options
    ? Object.fromEntries(
        Object.entries(call.options).map(([name, v]) => {
          const p = spec.parameters.find((q) => q.name === name);
          return [name, p && v !== undefined ? optionValue(p, v) : v];
        }),
      )
    : undefined;
  const inputs = call.inputs
    ? Object.fromEntries(
        Object.entries(call.inputs).map(([name, v]) => [
          name,
          Array.isArray(v) ? v.map(currentCall) : currentCall(v as InputRef),
        ]),
      )
    : undefined;
  return { ...call, ...(options ? { options } : {}), ...(inputs ? { inputs } : {}) };
}

/** The call without its keys, for keys of enclosing calls. */
function stripKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== 'key') out[k] = stripKeys(v);
    return out;
  }
  return value;
}

/** JSON with object keys sorted, so equal calls give equal strings. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The same call with another value of its seed parameter (unchanged if it has none). */
export function withSeed(call: ResolvedCall, seed: number): ResolvedCall {
  const name = seedParameter(call.method);
  if (name === null) return call;
  return resolveCall({ ...call, options: { ...call.options, [name]: seed } });
}

/**
 * The fits of a call an evaluation averages over: a method with a seed is re-fitted `fits`
 * times with its own seeds (the call's seed, +1, … +fits−1), as the papers average whole
 * pipelines over runs; a deterministic method is fitted once.
 */
export function seededFits(call: ResolvedCall, fits: number): ResolvedCall[] {
  const name = seedParameter(call.method);
  if (name === null || fits <= 1) return [call];
  const first = call.options[name] as number;
  return Array.from({ length: fits }, (_, f) => withSeed(call, first + f));
}

/**
 * The `fits` parameter of a step that compares methods (seededFits): `compared` names them
 * (“method”, “detector”), `shown` says what the table gives for several fits.
 */
export function fitsParameter(compared: string, shown: string) {
  return {
    name: 'fits',
    type: 'integer',
    default: 1,
    min: 1,
    max: 50,
    maxBecause: `each fit runs the ${compared} again; as many as the papers’ 50 runs`,
    description: `Fits of a ${compared} with a seed of its own (re-fitted with its seed, +1, …; ${shown}); deterministic ${compared}s are fitted once`,
  } as const satisfies ParameterSpec;
}

/** The name of a method's seed parameter, or null for a deterministic method. */
export function seedParameter(method: string): string | null {
  return methodSpec(method).parameters.find((p) => p.role === 'seed')?.name ?? null;
}

/** Every call a call depends on, innermost first (each once). */
export function callDependencies(call: ResolvedCall): ResolvedCall[] {
  const seen = new Map<string, ResolvedCall>();
  const visit = (c: ResolvedCall): void => {
    for (const value of Object.values(c.inputs))
      for (const input of Array.isArray(value) ? value : [value]) {
        visit(input);
        if (!seen.has(input.key)) seen.set(input.key, input);
      }
  };
  visit(call);
  return [...seen.values()];
}

/**
 * A short name for people: the method's title, its options that differ from the defaults, and
 * what it is of — "t-SNE (perplexity 10) of CDE (alpha 30)".
 */
export function describeCall(call: Call | ResolvedCall): string {
  const spec = methodSpec(call.method);
  // 'auto' for a legacy number (epochs 0), as the table reads it.
  const given = (p: MethodSpec['parameters'][number]) => optionValue(p, call.options?.[p.name]);
  const value = (p: MethodSpec['parameters'][number]) =>
    optionValue(p, call.options?.[p.name] ?? p.default);
  const named = spec.settingTitles?.find((t) =>
    Object.entries(t.options).every(([name, v]) =>
      spec.parameters.some((p) => p.name === name && value(p) === v),
    ),
  );
  const base = named?.options ?? {};
  const changed = spec.parameters
    .filter((p) =>
      p.name in base
        ? value(p) !== base[p.name]
        : call.options?.[p.name] !== undefined && given(p) !== p.default,
    )
    .map((p) => `${p.symbol ?? p.name} ${String(given(p))}`);
  const of = Object.values(call.inputs ?? {})
    .map((v) => {
      const list: readonly InputRef[] = Array.isArray(v) ? v : [v];
      return list.length > 3 ? `${list.length} methods` : list.map(describeCall).join(', ');
    })
    .join('; ');
  return `${named?.title ?? spec.title}${changed.length ? ` (${changed.join(', ')})` : ''}${of ? ` of ${of}` : ''}`;
}
