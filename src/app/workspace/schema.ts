import type { ParseOptions } from '../../core/data/csv/parse.ts';
import { DELIMITERS } from '../../core/data/csv/sniff.ts';
import type { PrepareOptions } from '../../core/data/table/prepare.ts';
import { currentCall, resolveCall } from '../../core/platform/calls.ts';
import { hasMethod } from '../../core/platform/registry.ts';
import type { Call } from '../../core/platform/spec.ts';
import { MAX_NEIGHBOURS } from '../../core/projection/neighboursStep.ts';
import { panelCallProblem } from '../model/viewCalls.ts';
import { isViewId, type ViewId } from '../model/viewIds.ts';
import type { ColorBy } from '../store/linkSlice.ts';
import type { WorkspaceLayout } from '../store/panelsSlice.ts';

/**
 * A workspace, as saved in the browser, put in a link or written to a `.json` file: where the
 * data comes from (never its rows), how the table is modelled, every panel's call and settings,
 * the layout, the selection and colour-by. Read back only through `parseWorkspace`, which checks
 * every field, so a bad or hostile file is refused with one line and changes nothing.
 */
export const WORKSPACE_FORMAT = 'coupled-explorer-workspace';
/** Bumped when the schema changes; older versions are migrated (MIGRATIONS), newer ones refused. */
export const WORKSPACE_VERSION = 1;

export type WorkspaceSource =
  | { kind: 'sample'; name: string }
  /** The user's own file, known by its name, size and SHA-256: it must be chosen again. */
  | { kind: 'file'; name: string; size: number; sha256: string };

export interface SavedPanel {
  view: ViewId;
  call: Call | null;
  settings: Record<string, unknown>;
}

export interface WorkspaceState {
  format: typeof WORKSPACE_FORMAT;
  version: typeof WORKSPACE_VERSION;
  source: WorkspaceSource;
  parse: ParseOptions;
  prepare: PrepareOptions;
  panels: SavedPanel[];
  layout: WorkspaceLayout;
  selection: { values: number[]; objects: number[]; valueThreshold: number | null };
  colorBy: ColorBy;
}

/** Larger state files are refused before they are parsed. */
export const MAX_STATE_BYTES = 2_000_000;
/**
 * A workspace holds at most this many panels: each is a view drawn at once, and 200 panels
 * stalled the page for 4 s on opening; 64 is more than a screen shows by far.
 */
export const MAX_PANELS = 64;
const MAX_SELECTED = 10_000_000;
const MAX_TEXT = 1_000;

/** A state from an older version, brought to the current one (none yet: version 1 is the first). */
const MIGRATIONS: Record<number, (state: Record<string, unknown>) => Record<string, unknown>> = {};

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

class Invalid extends Error {}

/** A workspace from a file's or a link's text; a refusal says why in one line (“it is not JSON.”). */
export function parseWorkspaceText(text: string): Parsed<WorkspaceState> {
  if (text.length > MAX_STATE_BYTES)
    return refuse(
      `the file is ${text.length.toLocaleString('en-US')} characters; a workspace is at most ${MAX_STATE_BYTES.toLocaleString('en-US')}`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('it is not JSON');
  }
  return parseWorkspace(json);
}

/**
 * A workspace from parsed JSON: every field checked, older versions migrated, every panel's call
 * resolved against the registry's parameter tables and input declarations (as the CLI and the
 * worker resolve it) and checked against what its view draws (model/viewCalls.ts). Never
 * throws: whatever the value (a BigInt, a cycle, a getter that throws), a refusal says why.
 */
export function parseWorkspace(json: unknown): Parsed<WorkspaceState> {
  try {
    return { ok: true, value: readWorkspace(json) };
  } catch (error) {
    if (error instanceof Invalid) return refuse(error.message);
    const what = error instanceof Error ? error.message : describe(error);
    return refuse(`it could not be read (${what})`);
  }
}

function readWorkspace(json: unknown): WorkspaceState {
  let raw = object(json, 'the workspace');
  if (raw.format !== WORKSPACE_FORMAT)
    throw new Invalid(`it is not a workspace of this explorer (format ${describe(raw.format)})`);
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new Invalid(`its version ${describe(version)} is not one this explorer wrote`);
  if (version > WORKSPACE_VERSION)
    throw new Invalid(
      `it was written by a newer version of the explorer (workspace version ${version}; this one reads up to ${WORKSPACE_VERSION})`,
    );
  for (let v = version; v < WORKSPACE_VERSION; v++) {
    const migrate = MIGRATIONS[v];
    if (!migrate) throw new Invalid(`workspace version ${v} can no longer be read`);
    raw = migrate(raw);
  }
  return {
    format: WORKSPACE_FORMAT,
    version: WORKSPACE_VERSION,
    source: source(raw.source),
    parse: parseOptions(raw.parse),
    prepare: prepareOptions(raw.prepare),
    panels: list(raw.panels, 'panels', MAX_PANELS).map((p, i) => panel(p, i)),
    layout: oneOf(raw.layout, ['panels', 'compare'] as const, 'layout'),
    selection: selection(raw.selection),
    colorBy: colorBy(raw.colorBy),
  };
}

function refuse(reason: string): Parsed<never> {
  return { ok: false, message: `${reason}.` };
}

/** A value in a message, short; never throws (a BigInt, a cycle, a symbol). */
function describe(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : `a ${typeof value}`;
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Invalid(`${what} must be an object`);
  for (const key of Object.keys(value))
    if (key === '__proto__' || key === 'constructor' || key === 'prototype')
      throw new Invalid(`${what} holds a forbidden key “${key}”`);
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw new Invalid(`${what} must be a list`);
  if (value.length > max)
    throw new Invalid(`${what} holds ${value.length} entries (at most ${max})`);
  return value;
}

function text(value: unknown, what: string, max = MAX_TEXT): string {
  if (typeof value !== 'string') throw new Invalid(`${what} must be text`);
  if (value.length > max) throw new Invalid(`${what} is longer than ${max} characters`);
  return value;
}

function texts(value: unknown, what: string): string[] {
  return list(value, what, 100_000).map((v, i) => text(v, `${what}[${i}]`));
}

function oneOf<T extends string>(value: unknown, choices: readonly T[], what: string): T {
  if (typeof value !== 'string' || !choices.includes(value as T))
    throw new Invalid(`${what} must be one of ${choices.join(', ')}, not ${describe(value)}`);
  return value as T;
}

function count(value: unknown, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    throw new Invalid(`${what} must be a whole number from 0 to ${max}`);
  return value;
}

function optional<T>(value: unknown, read: (v: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

function source(value: unknown): WorkspaceSource {
  const s = object(value, 'the data source');
  const kind = oneOf(s.kind, ['sample', 'file'] as const, 'the data source’s kind');
  const name = text(s.name, 'the data source’s name');
  if (kind === 'sample') return { kind, name };
  const sha256 = text(s.sha256, 'the file’s SHA-256');
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Invalid('the file’s SHA-256 must be 64 hex digits');
  return { kind, name, size: count(s.size, 'the file’s size'), sha256 };
}

function parseOptions(value: unknown): ParseOptions {
  const p = object(value ?? {}, 'the reading options');
  const out: ParseOptions = {};
  const delimiter = optional(p.delimiter, (v) =>
    oneOf(v, ['auto', ...DELIMITERS] as const, 'the delimiter'),
  );
  if (delimiter !== undefined) out.delimiter = delimiter;
  const missing = optional(p.missingTokens, (v) => texts(v, 'the missing tokens'));
  if (missing !== undefined) out.missingTokens = missing;
  const ragged = optional(p.skipRaggedRows, (v) => boolean(v, 'skipRaggedRows'));
  if (ragged !== undefined) out.skipRaggedRows = ragged;
  return out;
}

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new Invalid(`${what} must be true or false`);
  return value;
}

function prepareOptions(value: unknown): PrepareOptions {
  const p = object(value ?? {}, 'the column settings');
  const out: PrepareOptions = {};
  if (p.classColumn !== undefined)
    out.classColumn = p.classColumn === null ? null : text(p.classColumn, 'the class column');
  if (p.drop !== undefined) out.drop = texts(p.drop, 'the excluded columns');
  if (p.include !== undefined) out.include = texts(p.include, 'the included columns');
  if (p.kinds !== undefined) {
    const kinds = object(p.kinds, 'the column kinds');
    out.kinds = Object.fromEntries(
      Object.entries(kinds).map(([name, kind]) => [
        text(name, 'a column name'),
        oneOf(
          kind,
          ['categorical', 'numeric', 'identifier', 'constant'] as const,
          `the kind of ${name}`,
        ),
      ]),
    );
  }
  if (p.missing !== undefined)
    out.missing = oneOf(
      p.missing,
      ['auto', 'drop', 'own', 'mode'] as const,
      'the missing-cell policy',
    );
  if (p.detectClass !== undefined) out.detectClass = boolean(p.detectClass, 'detectClass');
  if (p.discretisation !== undefined)
    out.discretisation = oneOf(
      p.discretisation,
      ['equal-frequency', 'equal-width', 'raw'] as const,
      'the discretisation',
    );
  if (p.bins !== undefined) out.bins = count(p.bins, 'the number of bins', 1000);
  return out;
}

/** JSON data only (no functions exist in JSON), bounded in depth, with no forbidden keys. */
function plain(value: unknown, what: string, depth = 0): unknown {
  if (depth > 12) throw new Invalid(`${what} is nested too deeply`);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return text(value, what);
  if (Array.isArray(value))
    return list(value, what, 100_000).map((v, i) => plain(v, `${what}[${i}]`, depth + 1));
  const o = object(value, what);
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, plain(v, `${what}.${k}`, depth + 1)]),
  );
}

/**
 * A call, structurally: plain JSON naming registered methods. `checkedCall` then resolves it
 * against the parameter tables and input declarations.
 */
function call(value: unknown, what: string, depth = 0): Call {
  if (depth > 8) throw new Invalid(`${what} is nested too deeply`);
  const c = object(value, what);
  const method = text(c.method, `${what}’s method`);
  if (!hasMethod(method)) throw new Invalid(`${what} names an unknown method “${method}”`);
  const out: Call & { result?: string } = { method };
  if (c.options !== undefined)
    out.options = plain(
      object(c.options, `${what}’s options`),
      `${what}’s options`,
    ) as Call['options'];
  if (c.inputs !== undefined) {
    const inputs = object(c.inputs, `${what}’s inputs`);
    out.inputs = Object.fromEntries(
      Object.entries(inputs).map(([name, v]) => [
        name,
        Array.isArray(v)
          ? list(v, `${what}’s input ${name}`, 100).map((r, i) =>
              call(r, `${what}’s input ${name}[${i}]`, depth + 1),
            )
          : call(v, `${what}’s input ${name}`, depth + 1),
      ]),
    );
  }
  if (c.result !== undefined) out.result = text(c.result, `${what}’s result`);
  return out;
}

/**
 * A call as the worker would run it: its options within their parameters' bounds, its inputs
 * the ones its method declares (a list where it takes a list) producing what they accept.
 */
function checkedCall(value: unknown, what: string): Call {
  const c = call(value, what);
  try {
    resolveCall(c);
  } catch (error) {
    throw new Invalid(
      `${what} cannot run: ${error instanceof Error ? error.message : describe(error)}`,
    );
  }
  // A legacy number standing for 'auto' (UMAP's epochs 0) is read, and saved back, as 'auto'.
  return currentCall(c);
}

function panel(value: unknown, index: number): SavedPanel {
  let what = `panel ${index + 1}`;
  const p = object(value, what);
  if (!isViewId(p.view)) throw new Invalid(`${what} has an unknown view ${describe(p.view)}`);
  const view = p.view;
  what = `panel ${index + 1} (${view})`;
  const held =
    p.call === null || p.call === undefined ? null : checkedCall(p.call, `${what}’s call`);
  const problem = panelCallProblem(view, held);
  if (problem) throw new Invalid(`${what}: ${problem}`);
  return { view, call: held, settings: settings(view, p.settings, what) };
}

/**
 * A panel's view settings, each of its declared type (ComparisonView's `ran` is a call the view
 * draws, as checked as the panel's own); keys no view reads are left out.
 */
function settings(view: ViewId, value: unknown, what: string): Record<string, unknown> {
  const s = object(value ?? {}, `${what}’s settings`);
  const out: Record<string, unknown> = {};
  const has = (key: string) => Object.prototype.hasOwnProperty.call(s, key) && s[key] !== undefined;
  if (has('ran')) {
    const ran = checkedCall(s.ran, `${what}’s last run`);
    const problem = panelCallProblem(view, ran);
    if (problem) throw new Invalid(`${what}’s last run: ${problem}`);
    out.ran = ran;
  }
  if (has('ranOn')) {
    const on = s.ranOn;
    if (on !== 'current' && (typeof on !== 'number' || !Number.isInteger(on) || on < 0))
      throw new Invalid(`${what}’s ranOn must be “current” or a table version`);
    out.ranOn = on;
  }
  if (has('k')) out.k = bounded(s.k, `${what}’s neighbours k`, 1, MAX_NEIGHBOURS);
  if (has('outlierClass')) out.outlierClass = text(s.outlierClass, `${what}’s outlier class`);
  if (has('shapeByClass')) out.shapeByClass = boolean(s.shapeByClass, `${what}’s shape by class`);
  return out;
}

function bounded(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new Invalid(
      `${what} must be a whole number from ${min} to ${max}, not ${describe(value)}`,
    );
  return value;
}

function indices(value: unknown, what: string): number[] {
  return list(value, what, MAX_SELECTED).map((v) => count(v, `an entry of ${what}`));
}

function selection(value: unknown): WorkspaceState['selection'] {
  const s = object(value ?? {}, 'the selection');
  return {
    values: s.values === undefined ? [] : indices(s.values, 'the selected values'),
    objects: s.objects === undefined ? [] : indices(s.objects, 'the selected objects'),
    valueThreshold:
      s.valueThreshold === null || s.valueThreshold === undefined
        ? null
        : count(s.valueThreshold, 'the value threshold'),
  };
}

function colorBy(value: unknown): ColorBy {
  const c = object(value ?? { kind: 'none' }, 'colour-by');
  const kind = oneOf(c.kind, ['none', 'class', 'attribute', 'result'] as const, 'colour-by');
  if (kind === 'none' || kind === 'class') return { kind };
  if (kind === 'attribute')
    return { kind, attribute: count(c.attribute, 'the colouring attribute') };
  // A result is named by its call's key (canonical JSON of the call): that call is checked too.
  const key = text(c.key, 'the colouring result', MAX_STATE_BYTES);
  let keyed: unknown;
  try {
    keyed = JSON.parse(key);
  } catch {
    throw new Invalid('the colouring result is not a call');
  }
  checkedCall(keyed, 'the colouring result');
  return { kind, key, name: text(c.name, 'the colouring result’s name') };
}
