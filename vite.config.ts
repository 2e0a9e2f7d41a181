import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The built app may only talk to its own origin: a Content-Security-Policy with connect-src 'self'
 * keeps the data in the tab. The build carries it twice: as a <meta> tag (any static host) and in
 * `dist/_headers` (hosts that read that file send it as a header, which also covers the workers);
 * the preview server sends it as a response header. (Not the dev server: React refresh needs an
 * inline script.) 'wasm-unsafe-eval' lets DuckDB-Wasm (Parquet and Arrow files) compile its
 * WebAssembly, served from the same origin; it allows no JavaScript eval.
 */
const META_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // default-src does not cover these three: no <base> pointing elsewhere, no form posting the
  // data anywhere, no page framing the explorer (clickjacking).
  "base-uri 'self'",
  "form-action 'none'",
];
/**
 * frame-ancestors is ignored (with a console warning) in a <meta> policy, so it is sent only in
 * the header; the meta tag carries everything else.
 */
const CONTENT_SECURITY_POLICY = [...META_POLICY, "frame-ancestors 'none'"].join('; ');

function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: META_POLICY.join('; ') },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Cross-origin isolation (COOP + COEP) lets the worker pool share the table's arrays through
 * SharedArrayBuffer instead of copying them into every worker. Without it the pool falls back to
 * copies.
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** What a static host should send with every file of the build. */
const BUILD_HEADERS = {
  ...ISOLATION_HEADERS,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

/** `dist/_headers` (Netlify, Cloudflare Pages): BUILD_HEADERS for every path. */
function headersFile(): Plugin {
  return {
    name: 'headers-file',
    apply: 'build',
    generateBundle() {
      const lines = Object.entries(BUILD_HEADERS).map(([k, v]) => `  ${k}: ${v}`);
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n` });
    },
  };
}

/**
 * `dist/sw.js`, the service worker that makes the explorer work offline after a first visit
 * (src/sw/sw.js): its precache list is every file of the build but DuckDB's (18 MB, fetched and
 * cached only when a Parquet or Arrow file is opened), the page, the sample list and the default
 * sample; its version is a hash of all that, so a new build gets a cache of its own (the worker
 * keeps the previous version's beside it for tabs still running that version).
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const built = Object.keys(bundle).filter(
        (f) => !/duckdb|\.map$|^_headers$|^index\.html$/.test(f),
      );
      const precache = ['./', ...built.sort(), 'datasets/index.json', 'datasets/zoo.csv'];
      const samples = readFileSync(new URL('public/datasets/index.json', import.meta.url));
      const version = createHash('sha256')
        .update(JSON.stringify(precache))
        .update(samples)
        .digest('hex')
        .slice(0, 12);
      const source = readFileSync(new URL('src/sw/sw.js', import.meta.url), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = '${version}';\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}

/**
 * The standalone copy `npm run cli -- export-app` writes (src/cli/commands/exportApp.ts): one
 * script and no other file, so that it opens from file:// as from any static host. Its workers
 * are built into the script and started from blobs (the *.inline.ts twins of explorerWorker.ts
 * and cloudWorker.ts); its policy allows no connection anywhere, and runs only the page's own
 * inline script: export-app adds its SHA-256 to script-src once the page is written
 * (withScriptHashes in src/cli/commands/exportApp.ts), never 'unsafe-inline'.
 */
const STANDALONE_POLICY = [
  "default-src 'none'",
  "script-src 'wasm-unsafe-eval'",
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const standalone = defineConfig({
  base: './',
  plugins: [
    react(),
    {
      name: 'standalone-policy',
      transformIndexHtml: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: STANDALONE_POLICY },
          injectTo: 'head-prepend',
        },
      ],
    },
  ],
  publicDir: false,
  resolve: {
    alias: [{ find: /^\.\/(explorerWorker|cloudWorker)\.ts$/, replacement: './$1.inline.ts' }],
  },
  worker: { format: 'iife', rollupOptions: { output: { codeSplitting: false } } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 20000,
    modulePreload: false,
    rollupOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ mode }) =>
  mode === 'standalone'
    ? standalone
    : {
        plugins: [react(), contentSecurityPolicyMeta(), headersFile(), serviceWorker()],
        worker: { format: 'es' },
        server: { port: 5173, strictPort: false, headers: ISOLATION_HEADERS },
        preview: { port: 4173, strictPort: true, headers: BUILD_HEADERS },
        build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
      },
);
