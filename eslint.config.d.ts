/** Types of what the tests import from eslint.config.js (the layer order they check the docs against). */
export declare const CORE_LAYERS: string[];
declare const config: unknown[];
export default config;
