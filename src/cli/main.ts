import { discoverMethods } from './discover.ts';
import { runCli } from './program.ts';

/** The command-line entry: `npm run cli -- <command> …` (commands in program.ts). */
await discoverMethods();
process.exitCode = await runCli(process.argv.slice(2));
