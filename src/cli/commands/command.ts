import type { Io } from '../output.ts';
import type { CliRequest } from '../request.ts';

/** One CLI command: `npm run cli -- NAME …`, given the command line read once (request.ts). */
export interface Command {
  name: string;
  summary: string;
  usage(): string;
  run(request: CliRequest, io: Io): Promise<void>;
}
