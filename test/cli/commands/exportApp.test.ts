/**
 * The standalone copy's policy (export-app, issue 46): script-src names the SHA-256 of each
 * inline script the page runs, computed on the page as written, and never 'unsafe-inline'; the
 * data and workspace scripts (types a browser does not run) need no hash. e2e/export-app.spec.ts
 * opens a real export under that policy.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withScriptHashes } from '../../../src/cli/commands/exportApp.ts';

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A page as the standalone build and export-app write it (Vite escapes ' as &#39;). */
function page(policy: string, script: string): string {
  return [
    '<!doctype html><html lang="en"><head>',
    `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/'/g, '&#39;')}">`,
    '<meta charset="UTF-8" />',
    `<script type="module">${script}</script>`,
    '<style>body{}</style></head><body><div id="root"></div>',
    '<script type="application/octet-stream" id="embedded-data" data-name="zoo.csv">YSxi</script>',
    '<script type="application/json" id="embedded-state">{"a":"\\u003c/script>"}</script>',
    '</body></html>',
  ].join('\n');
}

/** The policy of the page's first meta tag, its escapes read. */
function policyOf(html: string): string[] {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  return (content ?? '').replace(/&#39;/g, "'").split('; ');
}

describe('export-app: the inline script policy', () => {
  const STANDALONE = "default-src 'none'; script-src 'wasm-unsafe-eval'; connect-src 'none'";
  const SCRIPT = 'const a = "<\\/script>";\r\nconsole.log(a, "é");\n';

  it('allows the page’s module script by its SHA-256, as the browser reads it (\\r\\n as \\n)', () => {
    const out = withScriptHashes(page(STANDALONE, SCRIPT));
    expect(policyOf(out)).toEqual([
      "default-src 'none'",
      `script-src 'wasm-unsafe-eval' ${sha256(SCRIPT.replace(/\r\n/g, '\n'))}`,
      "connect-src 'none'",
    ]);
    // Only the policy changed; it is still the first thing in the head.
    expect(out.replace(/<meta http-equiv[^>]*>/, '')).toBe(
      page(STANDALONE, SCRIPT).replace(/<meta http-equiv[^>]*>/, ''),
    );
    expect(out.indexOf('<meta http-equiv="Content-Security-Policy"')).toBe(
      out.indexOf('<head>') + '<head>\n'.length,
    );
  });

  it("never keeps 'unsafe-inline' for scripts, and hashes no data script", () => {
    const out = withScriptHashes(page("script-src 'unsafe-inline' 'wasm-unsafe-eval'", SCRIPT));
    const scriptSrc = policyOf(out).find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    expect(scriptSrc).not.toContain(sha256('YSxi'));
  });

  it('adds script-src when the policy has none, and refuses a page with no policy', () => {
    expect(policyOf(withScriptHashes(page("default-src 'none'", 'x()')))).toEqual([
      "default-src 'none'",
      `script-src ${sha256('x()')}`,
    ]);
    expect(() => withScriptHashes('<html><head></head><body></body></html>')).toThrow(
      /no Content-Security-Policy/,
    );
  });
});
