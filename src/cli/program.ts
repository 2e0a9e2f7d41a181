import {
  REPORT_DEFECT,
  badOption,
  isDefect,
  toErrorInfo,
  type ErrorInfo,
} from '../core/base/errors.ts';
import { parseRequest, optionsUsage, SHARED_TABLES } from './request.ts';
import { ALIAS_COMMANDS, projectCommand } from './commands/aliases.ts';
import type { Command } from './commands/command.ts';
import { countsCommand } from './commands/counts.ts';
import { describeCommand } from './commands/describe.ts';
import { exportAppCommand } from './commands/exportApp.ts';
import { indicatorsCommand } from './commands/indicators.ts';
import { methodsCommand } from './commands/methods.ts';
import { neighboursCommand } from './commands/neighbours.ts';
import { outliersSqlCommand } from './commands/outliersSql.ts';
import { runCommand } from './commands/run.ts';
import { PROCESS_IO, type Io } from './output.ts';

/** Every command, by name; there is no default branch: an unknown name is refused. */
export const COMMANDS: readonly Command[] = [
  describeCommand,
  countsCommand,
  methodsCommand,
  runCommand,
  indicatorsCommand,
  neighboursCommand,
  outliersSqlCommand,
  ...ALIAS_COMMANDS,
  projectCommand,
  exportAppCommand,
];

export function usage(): string {
  return [
    'usage: npm run cli -- <command> [FILE] [options]',
    `commands: ${COMMANDS.map((c) => c.name).join(', ')}`,
    ...COMMANDS.map((c) => `  ${c.name.padEnd(20)} ${c.summary}`),
    ...SHARED_TABLES.map((t) => `${t.title}:\n${optionsUsage(t.parameters)}`),
    ...COMMANDS.map((c) => c.usage()),
  ].join('\n');
}

/** The exit code of a user error: an option, an input or a file the command cannot take. */
export const EXIT_USER_ERROR = 2;
/** The exit code of a defect of the explorer (EX_SOFTWARE of sysexits.h): it asks for a report. */
export const EXIT_INTERNAL_ERROR = 70;

/**
 * Runs one command line; returns the exit code. A user error is one line on stderr and code 2; a
 * defect (an internal error) is told as one, with the call that hit it and a request to report
 * it, and code 70.
 * The registry must be populated first (src/cli/discover.ts, or a test's setup).
 */
export async function runCli(
  argv: readonly string[],
  io: Io = PROCESS_IO,
  stderr: (text: string) => void = (t) => process.stderr.write(t),
): Promise<number> {
  try {
    const request = parseRequest(argv);
    const name = request.command;
    if (request.help || name === undefined) {
      io.stdout(`${usage()}\n`);
      return name === undefined && !request.help ? 2 : 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command)
      throw badOption(`unknown command “${name}” (${COMMANDS.map((c) => c.name).join(', ')})`);
    await command.run(request, io);
    return 0;
  } catch (error) {
    const info = toErrorInfo(error);
    if (isDefect(info)) {
      stderr(defectText(info, argv));
      return EXIT_INTERNAL_ERROR;
    }
    stderr(`error: ${info.message.split('\n')[0]}\n`);
    return EXIT_USER_ERROR;
  }
}

/** An internal error as the CLI tells it: the message, the call that hit it, the request. */
export function defectText(info: ErrorInfo, argv: readonly string[]): string {
  return [
    `internal error: ${info.message}`,
    `  call: ${info.call ?? `(none known) — the command line: ${argv.join(' ')}`}`,
    `  ${REPORT_DEFECT}.`,
    '',
  ].join('\n');
}
