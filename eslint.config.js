import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What src/core may never import: it runs in a worker, under Node, in the CLI and in benches. */
const CORE_PURE = [
  {
    group: ['react', 'react-*', 'react/*', 'react-dom', 'react-dom/*'],
    message: 'src/core must not import React.',
  },
  {
    group: ['comlink', '*worker*', '?worker'],
    message: 'src/core must not import worker code.',
  },
  {
    group: ['d3', 'd3-*', 'zustand', 'zustand/*'],
    message: 'src/core must not import view or state libraries.',
  },
  {
    group: ['node:*', 'fs', 'path', 'os', 'child_process'],
    message: 'src/core must not import Node built-ins.',
  },
  {
    group: ['../app/*', '../worker/*', '../cli/*', '**/app/**', '**/worker/**', '**/cli/**'],
    message: 'src/core must not import from app, worker or cli.',
  },
];

/**
 * The core's folders from the bottom up (docs/architecture.md): a folder imports only the
 * folders before it (and itself), so no two folders import each other.
 */
export const CORE_LAYERS = [
  'base',
  'linalg',
  'data/csv',
  'data/table',
  'data/counts',
  'parallel',
  'platform',
  'neighbours',
  'projection',
  'clustering',
  'methods/cure',
  'methods/baselines',
  'methods/dilca',
  'methods/sandcat',
  'methods/cas',
  'methods/untie',
  'methods/detectors',
  'evaluation',
  'testing',
];

/** An ESLint block per core folder forbidding the folders above it, by relative path. */
function coreLayers() {
  return CORE_LAYERS.map((layer, i) => {
    const above = CORE_LAYERS.slice(i + 1);
    return {
      files: [`src/core/${layer}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...CORE_PURE,
              ...above.map((target) => ({
                group: [`${path.posix.relative(layer, target)}/**`],
                message: `src/core/${layer} is below ${target} (CORE_LAYERS in eslint.config.js): it must not import from it.`,
              })),
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Issue 49: no function (component, hook, kernel) over 120 lines, counted as written
    // (blank lines and comments included), with no exceptions: a longer one is split by job.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The app in layers, imported in one direction only: model (pure view models, formatters)
  // and workerPool (the page's side of the workers) ← store ← components ← views.
  ...appLayer('model', ['store', 'workspace', 'components', 'views', 'workerPool']),
  ...appLayer('workerPool', ['store', 'workspace', 'components', 'views']),
  ...appLayer('store', ['workspace', 'components', 'views']),
  ...appLayer('workspace', ['components', 'views']),
  ...appLayer('components', ['views']),
  {
    // src/core is pure TypeScript: it runs in a worker, in Vitest under Node, in the CLI and in
    // benchmarks, so it must not reach for React, the DOM, workers or Node built-ins.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-imports': ['error', { patterns: CORE_PURE }],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'self',
        'postMessage',
        'localStorage',
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the seeded generator in src/core/base/random.ts.',
        },
      ],
    },
  },
  ...coreLayers(),
);

/** An ESLint block forbidding src/app/<layer> to import the layers above it. */
function appLayer(layer, above) {
  return [
    {
      files: [`src/app/${layer}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: above.map((name) => ({
              group: [`**/app/${name}/**`, `../${name}/**`, `../../${name}/**`],
              message: `src/app/${layer} is below ${name}: it must not import from it (docs/architecture.md).`,
            })),
          },
        ],
      },
    },
  ];
}
