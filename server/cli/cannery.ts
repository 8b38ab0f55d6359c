/**
 * `cannery <command> …` (`npm run cannery -- <command> …`, or the package's `cannery` bin): the one
 * command line for operators. Each command uses the server's settings (docs/configuration.md):
 *
 *   users …    people of the built-in pool and their accounts (server/cli/users-command.ts)
 *   accounts … `accounts create` makes an account (the same as `users create-account`)
 *   domains …  `domains` lists accounts' domains, `domains assign` proves one (`users assign-domain`)
 *   keys …     `keys rotate-signing` and `keys rotate-data` replace the pool's keys
 *   migrate    applies the committed migrations and exits
 *   mail …     the mail queue: status, retry <id>, send (server/cli/mail-command.ts)
 *   seed       puts the demo account into an empty database (never in production mode)
 *
 * `--help` prints this list and exits 0; an unknown command prints it and exits 2.
 */
import { pathToFileURL } from 'node:url';

export const CANNERY_USAGE = `Usage: npm run cannery -- <command> [arguments]

Commands:
  users <command> ...        people of the built-in pool (cannery users alone lists its commands)
  accounts create --name <account name> [--teams "<team>,<team>"]
  domains                    lists accounts' work-account domains
  domains assign --account <id> --domain <domain>
  keys rotate-signing        a new signing key for the pool's tokens
  keys rotate-data (--previous-file <path> | --previous-stored)
  migrate                    applies the committed migrations and exits
  mail status | retry <id> | send
  seed                       puts the demo account into an empty database (not in production)

Settings come from the environment: docs/configuration.md.`;

/** The `users` arguments each other command stands for; undefined: not one of them. */
function asUsersCommand(command: string, rest: string[]): string[] | undefined {
  if (command === 'users') return rest;
  if (command === 'accounts' && rest[0] === 'create') return ['create-account', ...rest.slice(1)];
  if (command === 'domains') return rest.length === 0 ? ['domains'] : rest[0] === 'assign' ? ['assign-domain', ...rest.slice(1)] : undefined;
  if (command === 'keys' && rest[0] === 'rotate-signing') return ['rotate-signing-key', ...rest.slice(1)];
  if (command === 'keys' && rest[0] === 'rotate-data') return ['rotate-data-key', ...rest.slice(1)];
  return undefined;
}

/** Runs one command; returns the exit code (0 done, 1 refused, 2 wrong arguments). */
export async function runCannery(argv: string[], print: (line: string) => void = (line) => console.log(line), fail: (line: string) => void = (line) => console.error(line)): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? fail : print)(CANNERY_USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'migrate' || command === 'seed') {
    if (rest.length > 0) {
      fail(`cannery ${command} takes no arguments.\n\n${CANNERY_USAGE}`);
      return 2;
    }
    const { runMigrate, runSeed } = await import('./database-commands');
    return command === 'migrate' ? runMigrate(print) : runSeed(print, fail);
  }
  if (command === 'mail') {
    const { runMail } = await import('./mail-command');
    return runMail(rest);
  }
  const users = asUsersCommand(command, rest);
  if (users) {
    const { runUsers } = await import('./users-command');
    return runUsers(users);
  }
  fail(`cannery: unknown command "${command.slice(0, 40)}".\n\n${CANNERY_USAGE}`);
  return 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await runCannery(process.argv.slice(2));
