/**
 * A team kernel's inputs, written once (issue 49): the kernels that split a step across a team
 * (team.ts) each used to number the cells of their shared `params` array, their phases and forms
 * by hand (`const PHASE = 0; const FROM = 1; …`), count those cells again where the array was
 * allocated, and cast their typed inputs to `KernelInputs` and back at registration, at binding
 * and in the kernel. Here the names are numbered once, the params array is as long as its names,
 * and a kernel is registered and bound with its own inputs' type.
 */
import { internal } from '../base/errors.ts';
import { registerKernel } from './kernels.ts';
import type {
  Binding,
  KernelFactory,
  KernelInputs,
  KernelInstance,
  SharedKind,
  Team,
} from './team.ts';

/** Names numbered 0, 1, 2 … in the order given: a kernel's params cells, its phases or forms. */
export type Numbered<N extends string> = Readonly<Record<N, number>>;

export function numbered<const N extends string>(...names: N[]): Numbered<N> {
  const out: Record<string, number> = {};
  names.forEach((name, i) => {
    if (name in out) throw internal(`${name} is numbered twice`);
    out[name] = i;
  });
  return Object.freeze(out) as Numbered<N>;
}

/** A params array of one cell for each of `cells`' names, on `team`'s memory. */
export function paramsOn<K extends SharedKind>(
  team: Team,
  kind: K,
  cells: Numbered<string>,
): InstanceType<K> {
  return team.allocate(kind, Object.keys(cells).length);
}

/** A kernel registered under its name, bound with inputs of its own type. */
export interface TeamKernel<I> {
  readonly name: string;
  /**
   * Binds the kernel to `inputs` on every thread of `team`; `local` is the caller's instance
   * (by default the kernel's own on `inputs`; a caller may hold one the helpers cannot rebuild).
   */
  bind(team: Team, inputs: I, local?: KernelInstance): Binding;
}

/**
 * Registers `kernel` under `name` (every helper thread imports the module, allKernels.ts) and
 * returns its typed binder. `I` holds plain data only: numbers, strings, typed arrays, and
 * objects of those.
 */
export function teamKernel<I extends object>(
  name: string,
  kernel: (inputs: I) => KernelInstance,
): TeamKernel<I> {
  // The one place the typed inputs meet the untyped registry: what a helper receives is the
  // structured clone of the caller's `inputs`, of the same shape.
  registerKernel(name, kernel as unknown as KernelFactory);
  return {
    name,
    bind: (team, inputs, local = kernel(inputs)) =>
      team.bind(name, inputs as unknown as KernelInputs, local),
  };
}
