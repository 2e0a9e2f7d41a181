import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWorkspaceText, type WorkspaceState } from '../../app/workspace/schema.ts';
import { refuseUnknown, text } from '../args.ts';
import type { Io } from '../output.ts';
import type { CliRequest } from '../request.ts';
import type { Command } from './command.ts';
import { badOption, internal } from '../../core/base/errors.ts';

const USAGE = `export-app: export-app DIR --data FILE [--state WORKSPACE.json]
          writes DIR/index.html: the explorer in one file with FILE (and the workspace) built in;
          it opens from any static host or straight from disk (file://), with no network`;

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `<` written as \u003c, so that no text inside a <script> element can close it. */
const scriptSafe = (s: string) => s.replace(/</g, '\\u003c');

/** The standalone build (vite.config.ts, mode "standalone") in a fresh directory. */
async function buildStandalone(): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'explorer-standalone-'));
  const run = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--mode',
      'standalone',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw internal(
      `the standalone build failed: ${(run.stderr || run.stdout).trim().split('\n')[0]}`,
    );
  return out;
}

/** The built page with its one script and style sheet written into it. */
async function singleFile(out: string): Promise<string> {
  let html = await readFile(join(out, 'index.html'), 'utf8');
  const assets = await readdir(join(out, 'assets'));
  const script = assets.find((f) => /^index-.*\.js$/.test(f));
  const style = assets.find((f) => /^index-.*\.css$/.test(f));
  if (!script) throw internal('the standalone build wrote no script');
  const js = (await readFile(join(out, 'assets', script), 'utf8')).replace(
    /<\/script/gi,
    '<\\/script',
  );
  html = html.replace(
    /<script type="module" crossorigin src="[^"]+"><\/script>/,
    () => `<script type="module">${js}</script>`,
  );
  if (style) {
    const css = await readFile(join(out, 'assets', style), 'utf8');
    html = html.replace(
      /<link rel="stylesheet" crossorigin href="[^"]+">/,
      () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    );
  }
  return html;
}

/** Script types a browser runs: none given, a module, or a JavaScript MIME type. */
function runs(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
  return value === '' || value === 'module' || /(java|ecma|j|live)script$/.test(value);
}

const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/i;

/**
 * The page with the SHA-256 of each inline script it runs in its policy's script-src, in place
 * of 'unsafe-inline': the hashes of the page as written, so that these scripts run and no other
 * (an injected one, an event handler attribute). The data and the workspace are <script>
 * elements of types a browser does not run (application/octet-stream, application/json): they
 * need none. The hash is of the element's text as the browser reads it (line ends as \n).
 */
export function withScriptHashes(html: string): string {
  const meta = POLICY_META.exec(html);
  if (!meta) throw internal('the standalone build wrote no Content-Security-Policy meta tag');
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => runs(m[1] ?? ''))
    .map((m) => {
      const text = (m[2] ?? '').replace(/\r\n?/g, '\n');
      return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    });
  const policy = (meta[1] ?? '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  const at = directives.findIndex((d) => /^script-src(\s|$)/i.test(d));
  const sources = (at < 0 ? [] : (directives[at] ?? '').split(/\s+/).slice(1)).filter(
    (source) => source !== "'unsafe-inline'",
  );
  const scriptSrc = ['script-src', ...sources, ...new Set(hashes)].join(' ');
  if (at < 0) directives.push(scriptSrc);
  else directives[at] = scriptSrc;
  const content = directives.join('; ').replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return html.replace(
    meta[0],
    () => `<meta http-equiv="Content-Security-Policy" content="${content}">`,
  );
}

/**
 * The workspace to build in, made to name the data file: a workspace on the user's file must
 * be on this very file (size and SHA-256); one on a bundled sample must be on the sample of
 * the same name.
 */
function stateFor(state: WorkspaceState, name: string, data: Buffer): WorkspaceState {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const s = state.source;
  if (s.kind === 'file' && (s.size !== data.length || s.sha256 !== sha256))
    throw badOption(
      `the workspace was made on ${s.name} (${s.size} bytes), not on ${name}: its content differs`,
    );
  if (s.kind === 'sample' && s.name !== name)
    throw badOption(`the workspace was made on the sample ${s.name}, not on ${name}`);
  return { ...state, source: { kind: 'file', name, size: data.length, sha256 } };
}

export const exportAppCommand: Command = {
  name: 'export-app',
  summary: 'a static copy of the explorer with a data file (and workspace) built in',
  usage: () => USAGE,
  async run(request: CliRequest, io: Io) {
    refuseUnknown(request.own, new Set(['data', 'state']), USAGE);
    const dir = request.positionals[0];
    const dataPath = text(request.own, 'data');
    if (!dir || !dataPath) throw badOption(`expected DIR and --data FILE\n${USAGE}`);
    const data = await readFile(dataPath);
    const name = basename(dataPath);
    const statePath = text(request.own, 'state');
    let state: WorkspaceState | null = null;
    if (statePath) {
      const parsed = parseWorkspaceText(await readFile(statePath, 'utf8'));
      if (!parsed.ok) throw badOption(`${basename(statePath)}: ${parsed.message}`);
      state = stateFor(parsed.value, name, data);
    }
    const out = await buildStandalone();
    try {
      const html = await singleFile(out);
      // Before the page's own </body> (the script holds that text too, so the last one).
      const end = html.lastIndexOf('</body>');
      const embedded =
        `<script type="application/octet-stream" id="embedded-data" data-name="${name.replace(/"/g, '&quot;')}">${data.toString('base64')}</script>\n` +
        (state
          ? `<script type="application/json" id="embedded-state">${scriptSafe(JSON.stringify(state))}</script>\n`
          : '');
      // The policy last, on the page as written (the hashes are of its scripts).
      const page = withScriptHashes(`${html.slice(0, end)}${embedded}${html.slice(end)}`);
      const target = resolve(dir);
      await mkdir(target, { recursive: true });
      await writeFile(join(target, 'index.html'), page);
      await writeFile(join(target, name), data);
      io.stdout(
        `${join(target, 'index.html')}: the explorer with ${name}${state ? ` and its workspace (${state.panels.length} panels)` : ''} (${(page.length / 1e6).toFixed(1)} MB); open it from disk or any static host\n`,
      );
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  },
};
