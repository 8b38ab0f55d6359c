/**
 * `npm run cannery -- users create-account --name "Alder County" [--teams "Elections,Recorder"]`: a new
 * account (an office) with its first teams, for a new install. Then `create ... --account <id>
 * --account-admin` makes its first account admin, who invites everyone else from the admin app.
 *
 * `npm run cannery -- users assign-domain --account <id> --domain <domain>`: the operator's word that the
 * account owns a work-account domain (a self-hosted office's own server), instead of a DNS proof;
 * `domains` lists every account's domains and how each was proven.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { asc, eq } from 'drizzle-orm';
import { accountDomains, accounts, teams } from '../db/schema';
import { lineText } from '../../src/api/contract/text';
import { emailDomain, teamName } from '../../src/api/contract/people';
import { assignDomain } from '../people/domains';
import { auditCommand } from './command-audit';

export const CREATE_ACCOUNT_USAGE = `  create-account --name <account name> [--teams "<team>,<team>"]
  assign-domain --account <accountId> --domain <domain>
  domains`;

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
    await auditCommand(tx, 'accounts create', { action: 'account.created', accountId, kind: 'account', id: accountId, changes: { after: { name: name.data, teams: teamRows.map((team) => team.id) } } }, now);
  });
  print(`Created account ${name.data}: ${accountId}.`);
  for (const team of teamRows) print(`Team ${team.name}: ${team.id}`);
  print(`Next: npm run cannery -- users create --email <you> --temporary-password '<password>' --account ${accountId} --account-admin`);
  return 0;
}

/** `assign-domain --account <id> --domain <domain>`: the account owns the domain from now on (another account's proof of it ends). */
export async function runAssignDomainCommand(db: Db, argv: string[], print: (line: string) => void): Promise<number> {
  let values: { account?: string | undefined; domain?: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { account: { type: 'string' }, domain: { type: 'string' } } }));
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\nUsage:\n${CREATE_ACCOUNT_USAGE}`);
    return 2;
  }
  const domain = emailDomain.safeParse(values.domain ?? '');
  if (!values.account || !domain.success) {
    print(`Give the account's id and a domain such as aldercounty.example.\nUsage:\n${CREATE_ACCOUNT_USAGE}`);
    return 2;
  }
  const [account] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, values.account.toLowerCase())).limit(1);
  if (!account) {
    print(`No account has the id ${values.account}.`);
    return 1;
  }
  await db.transaction(async (tx) => {
    await assignDomain(tx, account.id, domain.data);
    await auditCommand(tx, 'domains assign', { action: 'account.domain_verified', accountId: account.id, kind: 'account', id: account.id, changes: { domain: domain.data } });
  });
  print(`${domain.data} now belongs to ${account.name} (${account.id}): its work accounts link to this account's invitations.`);
  print('To let them in without an invitation, list the domain under Settings, Work accounts, with the team they join.');
  return 0;
}

/** `domains`: every account's claimed domains, proven or not. */
export async function runListDomainsCommand(db: Db, print: (line: string) => void): Promise<number> {
  const rows = await db
    .select({ domain: accountDomains.domain, accountId: accountDomains.accountId, name: accounts.name, verifiedBy: accountDomains.verifiedBy })
    .from(accountDomains)
    .innerJoin(accounts, eq(accounts.id, accountDomains.accountId))
    .orderBy(asc(accountDomains.domain), asc(accounts.name));
  if (rows.length === 0) print('No account claims a domain.');
  for (const row of rows) print(`${row.domain}\t${row.name} (${row.accountId})\t${row.verifiedBy ? `proven (${row.verifiedBy})` : 'not proven'}`);
  return 0;
}
