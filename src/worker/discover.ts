import { registerModules } from '../core/platform/registry.ts';

/**
 * Registers every method and step module (src/core/methods/*.ts, src/core/steps/*.ts): Vite —
 * in the app, the worker and Vitest — bundles them all, and each exported spec joins the
 * registry. Adding a method is adding a file there; nothing here changes.
 */
registerModules(import.meta.glob('../core/methods/*.ts', { eager: true }));
registerModules(import.meta.glob('../core/steps/*.ts', { eager: true }));
