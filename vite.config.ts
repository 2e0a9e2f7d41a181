import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The built app may only talk to its own origin: a Content-Security-Policy with connect-src 'self'
 * keeps the data in the tab. (Build only: the dev server needs an inline script for React refresh.)
 */
function contentSecurityPolicy(): Plugin {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
  ].join('; ');
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Cross-origin isolation (COOP + COEP) lets the worker pool share the table's arrays through
 * SharedArrayBuffer instead of copying them into every worker. The dev and preview servers send
 * the headers; the build ships them as `dist/_headers` for static hosts that read that file
 * (Netlify, Cloudflare Pages). Without them the pool falls back to copies.
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

function isolationHeadersFile(): Plugin {
  return {
    name: 'isolation-headers-file',
    apply: 'build',
    generateBundle() {
      const lines = Object.entries(ISOLATION_HEADERS).map(([k, v]) => `  ${k}: ${v}`);
      this.emitFile({ type: 'asset', fileName: '_headers', source: `/*\n${lines.join('\n')}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), isolationHeadersFile()],
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false, headers: ISOLATION_HEADERS },
  preview: { port: 4173, strictPort: true, headers: ISOLATION_HEADERS },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
