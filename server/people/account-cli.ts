/**
 * `npm run user -- create-account --name "Alder County" [--teams "Elections,Recorder"]`: a new
 * account (an office) with its first teams, for a new install. Then `create ... --account <id>
 * --account-admin` makes its first account admin, who invites everyone else from the admin app.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { accounts, teams } from '../db/schema';
import { lineText } from '../../src/api/contract/text';
import { teamName } from '../../src/api/contract/people';

export const CREATE_ACCOUNT_USAGE = '  create-account --name <account name> [--teams "<team>,<team>"]';

const accountName = lineText(200).trim().min(1);

export async function runCreateAccountCommand(db: Db, argv: string[], print: (line: string) => void): Promise<number> {
  let values: { name?: string | undefined; teams?: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { name: { type: 'string' }, teams: { type: 'string' } } }));
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\nUsage:\n${CREATE_ACCOUNT_USAGE}`);
    return 2;
  }
  const name = accountName.safeParse(values.name ?? '');
  if (!name.success) {
    print(`The account needs a name: one line of at most 200 characters.\nUsage:\n${CREATE_ACCOUNT_USAGE}`);
    return 2;
  }
  const names = (values.teams ?? '').split(',').map((team) => team.trim()).filter(Boolean);
  const parsed = names.map((team) => teamName.safeParse(team));
  if (parsed.some((result) => !result.success) || new Set(names.map((team) => team.toLowerCase())).size !== names.length) {
    print('Team names must be different, one line each, of at most 100 characters.');
    return 2;
  }
  const now = new Date();
  const accountId = newId(now);
  const teamRows = names.map((team) => ({ id: newId(now), accountId, name: team }));
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({ id: accountId, name: name.data });
    if (teamRows.length > 0) await tx.insert(teams).values(teamRows);
  });
  print(`Created account ${name.data}: ${accountId}.`);
  for (const team of teamRows) print(`Team ${team.name}: ${team.id}`);
  print(`Next: npm run user -- create --email <you> --temporary-password '<password>' --account ${accountId} --account-admin`);
  return 0;
}
