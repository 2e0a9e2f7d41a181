import { readdirSync } from 'node:fs';
import { registerModules } from '../core/platform/registry.ts';

/**
 * The CLI's twin of src/worker/discover.ts (Node has no import.meta.glob): every module of
 * src/core/methods and src/core/steps, by file name.
 */
export async function methodModules(): Promise<Record<string, unknown>> {
  const modules: Record<string, unknown> = {};
  for (const folder of ['methods', 'steps']) {
    const dir = new URL(`../core/${folder}/`, import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')))
      modules[`${folder}/${file}`] = await import(new URL(file, dir).href);
  }
  return modules;
}

/** Registers the specs those modules export. */
export async function discoverMethods(): Promise<void> {
  registerModules(await methodModules());
}
