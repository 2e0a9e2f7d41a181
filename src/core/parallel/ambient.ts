/**
 * The team this thread's jobs split their work with: the serial team unless the host set one (a
 * pool worker joins its siblings, the CLI and benches start helper threads). Results do not
 * depend on it (team.ts), only the time does.
 */
import { serialTeam, type Team } from './team.ts';

let current: Team = serialTeam;

export function useTeam(team: Team): void {
  current = team;
}

export function currentTeam(): Team {
  return current;
}
