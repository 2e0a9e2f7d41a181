/**
 * The CLI starts helper threads for the calls that use them, read from the specs (`team`), not
 * from a list of its own: t-SNE, the neighbours of an object, LOF-OF and the detector
 * evaluation that runs it, and any call with one of them among its inputs.
 */
import { describe, expect, it } from 'vitest';
import { usesTeam } from '../../src/cli/nodeTeam.ts';
import { TEAM_SPEC_IDS } from '../core/parallel/teamFixture.ts';
import { allSpecs } from '../../src/core/platform/registry.ts';

describe('which calls the CLI runs on a team', () => {
  it('the methods that declare a team, each saying what it splits', () => {
    const declared = allSpecs().filter((s) => s.team);
    expect(declared.map((s) => s.id).sort()).toEqual(TEAM_SPEC_IDS);
    expect(declared.find((s) => s.id === 'tsne')?.team).toMatch(
      /NN-descent .* Barnes-Hut gradient/,
    );
    expect(usesTeam({ method: 'lof-of' })).toBe(true);
    expect(usesTeam({ method: 'object-neighbours', inputs: { of: { method: 'cas' } } })).toBe(true);
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
