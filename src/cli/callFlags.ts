import type { RawOptions, ParameterSpec } from '../core/base/parameters.ts';
import { parseParameterText } from '../core/base/parameters.ts';
import { hasMethod, methodSpec, methodsProducing } from '../core/platform/registry.ts';
import type { Call, InputRef } from '../core/platform/spec.ts';
import { list, text, type Args } from './args.ts';
import { badOption } from '../core/base/errors.ts';

/**
 * The call a `run` command asks for, read from flags the registry defines: each parameter of
 * the method is `--name` (or `--kebab-name`); each input is `--input METHOD[,METHOD…]`, with
 * the input methods' own parameters as `--input.name` and a chosen result as `--input.result`.
 * One input method may carry its own options after `@`: `--methods untie,untie@iterations=0`
 * (UNTIE beside UNTIE kernels, ω = 1); `@a=1@b=2` for several.
 */
export function callFromFlags(method: string, args: Args, used: Set<string>): Call {
  const spec = methodSpec(method);
  const call: Call = { method: spec.id, options: optionFlags(spec.parameters, args, '', used) };
  const inputs: Record<string, InputRef | InputRef[]> = {};
  for (const input of spec.inputs ?? []) {
    used.add(input.name);
    const names = list(text(args, input.name));
    if (names.length === 0)
      throw badOption(`${spec.id} needs --${input.name} METHOD (${input.description})`);
    used.add(`${input.name}.result`);
    const result = text(args, `${input.name}.result`);
    const refs = names.map((entry): InputRef => {
      const [name = '', ...pairs] = entry.split('@');
      if (!hasMethod(name))
        throw badOption(
          `--${input.name}: unknown method “${name}” (${methodsProducing(input.accepts)
            .map((s) => s.id)
            .join(', ')})`,
        );
      const parameters = methodSpec(name).parameters;
      const options: Record<string, unknown> = {
        ...optionFlags(parameters, args, `${input.name}.`, used),
      };
      for (const pair of pairs) {
        const [key = '', value] = pair.split('=');
        const p = parameters.find((q) => q.name === key);
        if (!p || value === undefined)
          throw badOption(
            `“${entry}”: expected METHOD@option=value with an option of ${name} (${parameters.map((q) => q.name).join(', ')})`,
          );
        options[key] = parseParameterText(p, value);
      }
      return { method: name, options, ...(result !== undefined ? { result } : {}) };
    });
    inputs[input.name] = input.many ? refs : (refs[0] as InputRef);
  }
  if (Object.keys(inputs).length) call.inputs = inputs;
  return call;
}

/** Options given as flags (`--prefix.name value`), typed by the parameter table. */
export function optionFlags(
  table: readonly ParameterSpec[],
  args: Args,
  prefix: string,
  used: Set<string>,
): RawOptions {
  const out: Record<string, unknown> = {};
  for (const p of table)
    for (const flag of new Set([`${prefix}${p.name}`, `${prefix}${kebab(p.name)}`])) {
      used.add(flag);
      const value = args.flags.get(flag);
      if (value !== undefined) out[p.name] = parseParameterText(p, value === true ? '' : value);
    }
  return out;
}

export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
