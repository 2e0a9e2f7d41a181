import { registerModules } from '../core/platform/registry.ts';

/**
 * Registers every method and step module (the folders of SPEC_FOLDERS in
 * src/core/platform/registry.ts; Vite needs them written out here): Vite — in the app, the
 * worker and Vitest — bundles them all, and each exported spec joins the registry. Adding a
 * method is adding a file there; nothing here changes.
 */
registerModules(
  import.meta.glob(
    [
      '../core/methods/**/*.ts',
      '../core/clustering/*.ts',
      '../core/projection/*.ts',
      '../core/evaluation/*.ts',
    ],
    { eager: true },
  ),
);
