/**
 * The workspace schema: what capture writes, parse reads back unchanged; anything else — not
 * JSON, another format, a newer version, forbidden keys, unknown views or methods, negative or
 * fractional indices, a damaged hash, an oversized file — is refused with one line.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Of } from '../../../src/app/workspace/fileHash.ts';
import { captureWorkspace } from '../../../src/app/workspace/capture.ts';
import {
  MAX_STATE_BYTES,
  parseWorkspace,
  parseWorkspaceText,
  WORKSPACE_VERSION,
  type WorkspaceState,
} from '../../../src/app/workspace/schema.ts';
import { hashOf, workspaceInHash } from '../../../src/app/workspace/persist.ts';
import type { Store } from '../../../src/app/store/index.ts';

const CDE_TSNE = {
  method: 'tsne',
  options: { perplexity: 12, seed: 3 },
  inputs: { of: { method: 'cde', options: { alpha: 20 } } },
};

const EVALUATION = { method: 'evaluate-clustering', inputs: { methods: [{ method: 'cde' }] } };

function valid(): WorkspaceState {
  return {
    format: 'coupled-explorer-workspace',
    version: WORKSPACE_VERSION,
    source: { kind: 'sample', name: 'zoo.csv' },
    parse: { delimiter: 'auto', skipRaggedRows: false },
    prepare: { classColumn: 'type', drop: ['legs'], missing: 'auto', detectClass: true },
    panels: [
      { view: 'summary', call: null, settings: {} },
      { view: 'projection', call: CDE_TSNE, settings: { shapeByClass: true } },
    ],
    layout: 'panels',
    selection: { values: [0, 3], objects: [5, 7, 11], valueThreshold: 2 },
    colorBy: { kind: 'attribute', attribute: 2 },
  };
}

/** The state with one field replaced (a path of keys). */
function withField(path: (string | number)[], value: unknown): unknown {
  const state = JSON.parse(JSON.stringify(valid())) as Record<string, unknown>;
  let at: Record<string | number, unknown> = state;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1) as string | number] = value;
  return state;
}

describe('workspace schema', () => {
  it('reads back what it wrote, through text and through a link', () => {
    const state = valid();
    expect(parseWorkspaceText(JSON.stringify(state))).toEqual({ ok: true, value: state });
    expect(workspaceInHash(hashOf(state))).toEqual({ ok: true, value: state });
  });

  it('a workspace on the user’s file has no link (the link cannot carry the file)', () => {
    const state = valid();
    state.source = { kind: 'file', name: 'mine.csv', size: 12, sha256: 'a'.repeat(64) };
    expect(hashOf(state)).toBe('');
    expect(parseWorkspace(state)).toEqual({ ok: true, value: state });
  });

  it.each([
    ['not JSON', '{"format":', /^it is not JSON\.$/],
    ['a list', '[]', /must be an object/],
    [
      'another format',
      JSON.stringify({ format: 'x', version: 1 }),
      /not a workspace of this explorer/,
    ],
    [
      'a newer version',
      JSON.stringify({ ...valid(), version: WORKSPACE_VERSION + 1 }),
      /written by a newer version of the explorer \(workspace version 2; this one reads up to 1\)/,
    ],
    [
      'version 0',
      JSON.stringify({ ...valid(), version: 0 }),
      /version 0 is not one this explorer wrote/,
    ],
    [
      'a prototype key',
      JSON.stringify(valid()).replace('"shapeByClass"', '"__proto__"'),
      /forbidden key “__proto__”/,
    ],
    [
      'an unknown view',
      JSON.stringify(withField(['panels', 1, 'view'], 'nope')),
      /panel 2 has an unknown view "nope"/,
    ],
    [
      'an unknown method',
      JSON.stringify(withField(['panels', 1, 'call', 'inputs', 'of', 'method'], 'evil')),
      /panel 2 \(projection\)’s call’s input of names an unknown method “evil”/,
    ],
    [
      'a negative index',
      JSON.stringify(withField(['selection', 'objects', 0], -1)),
      /whole number/,
    ],
    [
      'a fractional index',
      JSON.stringify(withField(['selection', 'values', 1], 1.5)),
      /whole number/,
    ],
    [
      'a damaged hash',
      JSON.stringify(
        withField(['source'], { kind: 'file', name: 'a.csv', size: 1, sha256: 'xyz' }),
      ),
      /64 hex digits/,
    ],
    [
      'an unknown layout',
      JSON.stringify(withField(['layout'], 'grid')),
      /layout must be one of panels, compare/,
    ],
    [
      'a colouring that is not a call',
      JSON.stringify(withField(['colorBy'], { kind: 'result', key: '{', name: 'p' })),
      /not a call/,
    ],
    [
      'a projection without a call (it crashed the page once)',
      JSON.stringify(withField(['panels', 1, 'call'], null)),
      /panel 2 \(projection\): this view needs a call/,
    ],
    [
      'a projection without its input',
      JSON.stringify(withField(['panels', 1, 'call', 'inputs'], {})),
      /panel 2 \(projection\)’s call cannot run: tsne needs its input “of”/,
    ],
    [
      'a comparison whose methods are an object, not a list',
      JSON.stringify(
        withField(['panels', 1], {
          view: 'comparison',
          call: { method: 'evaluate-clustering', inputs: { methods: { method: 'cde' } } },
          settings: {},
        }),
      ),
      /takes a list of calls/,
    ],
    [
      'an option out of its bounds',
      JSON.stringify(withField(['panels', 1, 'call', 'options', 'perplexity'], -3)),
      /perplexity must be/,
    ],
    [
      'an option of the wrong type',
      JSON.stringify(withField(['panels', 1, 'call', 'options', 'seed'], 'three')),
      /seed must be/,
    ],
    [
      'an option the method does not have',
      JSON.stringify(withField(['panels', 1, 'call', 'options', 'evil'], 1)),
      /has no option “evil”/,
    ],
    [
      'a method its view cannot show',
      JSON.stringify(withField(['panels', 1], { view: 'ranking', call: { method: 'cde' } })),
      /panel 2 \(ranking\): .* not what this view shows/,
    ],
    [
      'a projection of something that is not a projection',
      JSON.stringify(withField(['panels', 1, 'call'], { method: 'cde' })),
      /is not a projection/,
    ],
    [
      'a call on a view of the data',
      JSON.stringify(withField(['panels', 0, 'call'], { method: 'cde' })),
      /panel 1 \(summary\): this view shows the data and takes no call/,
    ],
    [
      'a comparison holding a walk-through',
      JSON.stringify(
        withField(['panels', 1], { view: 'walkthrough', call: EVALUATION, settings: {} }),
      ),
      /is not a walk-through/,
    ],
    [
      'a last run of the wrong type',
      JSON.stringify(
        withField(['panels', 1], { view: 'comparison', call: EVALUATION, settings: { ran: 3 } }),
      ),
      /last run must be an object/,
    ],
    [
      'a neighbours k out of its bounds',
      JSON.stringify(
        withField(['panels', 1], {
          view: 'neighbours',
          call: { method: 'cde' },
          settings: { k: 1e9 },
        }),
      ),
      /neighbours k must be a whole number from 1 to 1000/,
    ],
    [
      'a colouring by a call that cannot run',
      JSON.stringify(
        withField(['colorBy'], {
          kind: 'result',
          key: JSON.stringify({ method: 'cde', options: { alpha: 'x' } }),
          name: 'p',
        }),
      ),
      /the colouring result cannot run/,
    ],
    [
      'a bad delimiter',
      JSON.stringify(withField(['parse', 'delimiter'], '|')),
      /the delimiter must be one of/,
    ],
  ])('refuses %s in one line', (_, text, reason) => {
    const parsed = parseWorkspaceText(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toMatch(reason);
    expect(parsed.message).not.toContain('\n');
  });

  it('refuses what JSON cannot hold but a browser’s saved copy can (a BigInt, a cycle, a throwing getter)', () => {
    const cyclic = valid() as unknown as Record<string, unknown>;
    (cyclic.panels as unknown[]).push(cyclic);
    const withBigInt = valid() as unknown as Record<string, unknown>;
    (withBigInt.selection as Record<string, unknown>).valueThreshold = 10n;
    const getter = valid() as unknown as Record<string, unknown>;
    Object.defineProperty(getter, 'layout', {
      enumerable: true,
      get() {
        throw new Error('hostile getter');
      },
    });
    for (const value of [cyclic, withBigInt, getter, 10n, Symbol('x'), () => 1]) {
      const parsed = parseWorkspace(value);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/^[a-z].*\.$/);
    }
  });

  it('refuses an oversized file before parsing it', () => {
    const parsed = parseWorkspaceText(' '.repeat(MAX_STATE_BYTES + 1));
    expect(parsed).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at most 2,000,000/),
    });
  });

  it('refuses a damaged link', () => {
    expect(workspaceInHash('#w=%%%garbage')).toMatchObject({ ok: false });
    expect(workspaceInHash('#other=1')).toBeNull();
  });

  it('nesting deeper than any call is refused, not followed', () => {
    let call: Record<string, unknown> = { method: 'cde' };
    for (let i = 0; i < 20; i++) call = { method: 'tsne', inputs: { of: call } };
    const parsed = parseWorkspace(withField(['panels', 1, 'call'], call));
    expect(parsed).toMatchObject({
      ok: false,
      message: expect.stringMatching(/nested too deeply/),
    });
  });
});

describe('capturing a workspace', () => {
  it('a user file is named by its size and SHA-256 (as node:crypto computes it), never its rows', async () => {
    const text = 'a,b\nx,y\nz,w\n'.repeat(50_000);
    const file = new Blob([text]);
    const expected = createHash('sha256').update(text).digest('hex');
    expect(await sha256Of(file)).toBe(expected);
    const store = {
      source: { name: 'mine.csv', file },
      loaded: { meta: {} },
      parseOptions: {},
      prepareOptions: { classColumn: null },
      panels: [
        {
          id: 9,
          view: 'comparison',
          call: EVALUATION,
          settings: { ran: EVALUATION, ranOn: 4 },
        },
      ],
      tableVersion: 4,
      layout: 'compare',
      selectedValues: [1],
      selectedObjects: [],
      valueThreshold: null,
      colorBy: { kind: 'none' },
    } as unknown as Store;
    const state = await captureWorkspace(store);
    expect(state?.source).toEqual({
      kind: 'file',
      name: 'mine.csv',
      size: file.size,
      sha256: expected,
    });
    expect(JSON.stringify(state)).not.toContain('x,y');
    // An evaluation that ran on the table shown is saved as run on it; one run on an older table is not.
    expect(state?.panels[0]?.settings).toEqual({
      ran: EVALUATION,
      ranOn: 'current',
    });
    const older = await captureWorkspace({ ...store, tableVersion: 5 } as Store);
    expect(older?.panels[0]?.settings).toEqual({});
    expect(parseWorkspace(state).ok).toBe(true);
  });
});
