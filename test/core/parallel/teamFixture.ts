/**
 * What the team tests share: the teams a step must agree across (the serial team, and node teams
 * of 2 and 3 threads started once per file and closed after it), and bit-for-bit equality.
 */
import { afterAll, beforeAll } from 'vitest';
import { startNodeTeam, type NodeTeam } from '../../../src/cli/nodeTeam.ts';
import { serialTeam, type Team } from '../../../src/core/parallel/team.ts';

/** The teams of 1, 2 and 3 threads, for the file's tests (read inside a test, not at load). */
export function teamsOfOneToThree(): () => Team[] {
  let teams: Team[] = [serialTeam];
  const started: NodeTeam[] = [];
  beforeAll(async () => {
    started.push(await startNodeTeam(2), await startNodeTeam(3));
    teams = [serialTeam, ...started.map((s) => s.team)];
  }, 30_000);
  afterAll(async () => {
    await Promise.all(started.map((s) => s.close()));
  });
  return () => teams;
}

/** Every entry of a and b the same (NaN and −0 told apart). */
export function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** The specs that declare `team` (what they split is in each spec's `team`). */
export const TEAM_SPEC_IDS = [
  'clustering-schemes',
  'evaluate-clustering',
  'evaluate-detectors',
  'iforest',
  'impact-ablation',
  'kmeans',
  'lof-of',
  'object-neighbours',
  'sandcat',
  'tsne',
  'umap',
].sort();
