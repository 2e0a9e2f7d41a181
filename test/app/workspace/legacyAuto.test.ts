/**
 * Issue 49: workspaces and links saved when 0 stood for 'auto' (UMAP's epochs, t-SNE's learning
 * rate) read as 'auto', nested inputs included, and their calls keep the cache key of today's.
 */
import { describe, expect, it } from 'vitest';
import { resolveCall } from '../../../src/core/platform/calls.ts';
import type { Call } from '../../../src/core/platform/spec.ts';
import { hashOf, workspaceInHash } from '../../../src/app/workspace/persist.ts';
import {
  parseWorkspace,
  WORKSPACE_VERSION,
  type WorkspaceState,
} from '../../../src/app/workspace/schema.ts';

function saved(call: Call): WorkspaceState {
  return {
    format: 'coupled-explorer-workspace',
    version: WORKSPACE_VERSION,
    source: { kind: 'sample', name: 'zoo.csv' },
    parse: {},
    prepare: { classColumn: 'type' },
    panels: [{ view: 'projection', call, settings: {} }],
    layout: 'panels',
    selection: { values: [], objects: [], valueThreshold: null },
    colorBy: { kind: 'none' },
  };
}

const UMAP_0 = {
  method: 'umap',
  options: { epochs: 0, neighbours: 10 },
  inputs: { of: { method: 'cde' } },
};

describe('a workspace saved with 0 for “auto”', () => {
  it('reads UMAP’s epochs 0 as "auto", keyed as today’s call', () => {
    const parsed = parseWorkspace(saved(UMAP_0));
    if (!parsed.ok) throw new Error(parsed.message);
    const call = parsed.value.panels[0]?.call as Call;
    expect(call.options).toEqual({ epochs: 'auto', neighbours: 10 });
    expect(resolveCall(call).key).toBe(resolveCall({ ...UMAP_0, options: { neighbours: 10 } }).key);
    // A link carries the same state.
    const linked = workspaceInHash(hashOf(saved(UMAP_0)));
    expect(linked?.ok === true && linked.value.panels[0]?.call?.options).toEqual({
      epochs: 'auto',
      neighbours: 10,
    });
  });

  it('reads t-SNE’s learningRate 0 as "auto", and leaves other zeros alone', () => {
    const tsne = { method: 'tsne', options: { learningRate: 0, seed: 0 }, inputs: UMAP_0.inputs };
    const parsed = parseWorkspace(saved(tsne));
    expect(parsed.ok && parsed.value.panels[0]?.call?.options).toEqual({
      learningRate: 'auto',
      seed: 0,
    });
  });
});
