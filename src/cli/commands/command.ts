import type { Args } from '../args.ts';
import type { Io } from '../output.ts';

/** One CLI command: `npm run cli -- NAME …`. */
export interface Command {
  name: string;
  summary: string;
  usage(): string;
  run(args: Args, io: Io): Promise<void>;
}
