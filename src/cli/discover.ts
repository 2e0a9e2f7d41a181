import { readdirSync } from 'node:fs';
import { registerModules } from '../core/platform/registry.ts';

/**
 * The CLI's twin of src/worker/discover.ts (Node has no import.meta.glob): imports every module
 * of src/core/methods and src/core/steps and registers the specs they export.
 */
export async function discoverMethods(): Promise<void> {
  for (const folder of ['methods', 'steps']) {
    const dir = new URL(`../core/${folder}/`, import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    const modules: Record<string, unknown> = {};
    for (const file of files) modules[file] = await import(new URL(file, dir).href);
    registerModules(modules);
  }
}
