import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), contentSecurityPolicyMeta(), headersFile()],
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false, headers: ISOLATION_HEADERS },
  preview: { port: 4173, strictPort: true, headers: BUILD_HEADERS },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
