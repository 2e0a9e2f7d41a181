import { readdirSync } from 'node:fs';
import { registerModules, SPEC_FOLDERS } from '../core/platform/registry.ts';

/**
 * The CLI's twin of src/worker/discover.ts (Node has no import.meta.glob): every module of the
 * folders of SPEC_FOLDERS and their subfolders, by path.
 */
export async function methodModules(): Promise<Record<string, unknown>> {
  const modules: Record<string, unknown> = {};
  const core = new URL('../core/', import.meta.url);
  for (const folder of SPEC_FOLDERS)
    for (const entry of readdirSync(new URL(`${folder}/`, core), {
      recursive: true,
      encoding: 'utf8',
    }))
      if (entry.endsWith('.ts') && !entry.endsWith('.d.ts'))
        modules[`${folder}/${entry}`] = await import(new URL(`${folder}/${entry}`, core).href);
  return modules;
}

/** Registers the specs those modules export. */
export async function discoverMethods(): Promise<void> {
  registerModules(await methodModules());
}
