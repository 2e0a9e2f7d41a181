/**
 * Kernels a team can run (team.ts), by name: every thread that helps must have imported the
 * module registering a kernel before it is bound (the helpers import allKernels.ts).
 */
import type { KernelFactory } from './team.ts';
import { internal } from '../base/errors.ts';

const kernels = new Map<string, KernelFactory>();

export function registerKernel(name: string, factory: KernelFactory): void {
  if (kernels.has(name)) throw internal(`kernel ${name} is registered twice`);
  kernels.set(name, factory);
}

export function kernelFactory(name: string): KernelFactory | undefined {
  return kernels.get(name);
}
