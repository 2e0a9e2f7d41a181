/**
 * The CLI starts helper threads for the calls that use them, read from the specs (`team`), not
 * from a list of its own: t-SNE, and any call with a t-SNE among its inputs.
 */
import { describe, expect, it } from 'vitest';
import { usesTeam } from '../../src/cli/nodeTeam.ts';
import { allSpecs } from '../../src/core/platform/registry.ts';

describe('which calls the CLI runs on a team', () => {
  it('the methods that declare a team: t-SNE only, with the steps it splits', () => {
    const declared = allSpecs().filter((s) => s.team);
    expect(declared.map((s) => s.id)).toEqual(['tsne']);
    expect(declared[0]?.team).toMatch(/NN-descent .* Barnes-Hut gradient/);
  });

  it('a call of such a method, or one with it among its inputs; no other', () => {
    expect(usesTeam({ method: 'tsne', inputs: { of: { method: 'cde' } } })).toBe(true);
    expect(usesTeam({ method: 'cde' })).toBe(false);
    expect(usesTeam({ method: 'mds', inputs: { of: { method: 'cde' } } })).toBe(false);
    expect(
      usesTeam({
        method: 'evaluate-clustering',
        inputs: {
          methods: [{ method: 'cde' }, { method: 'tsne', inputs: { of: { method: 'cde' } } }],
        },
      }),
    ).toBe(true);
    // An unknown method is the run's to refuse, with its message: no team is started for it.
    expect(usesTeam({ method: 'no-such-method' })).toBe(false);
  });
});
