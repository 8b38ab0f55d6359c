/**
 * Administers the built-in user pool (there is no self sign-up): `npm run cannery -- users <command>`. The
 * commands are in `USAGE`, which the CLI prints, and in docs/configuration.md.
 * `create` makes a pool user (with a temporary password, the first sign-in sets a new one) and links
 * the Cannery user of the same email, or creates it in `--account` with `--teams`; `--account-admin`
 * makes them the account admin (the first one of a new install). `mfa-policy` (whether an account
 * signs in with an authenticator code) and `reset-mfa` (a lost phone) are administration.ts's, the
 * key rotations key-rotation.ts's, `create-account` and `assign-domain` accounts-command.ts's,
 * `link` link-user.ts's.
 * It uses the server's database settings and pool id, runs beside the servers on PostgreSQL, and
 * with the embedded database refuses while a server has the data directory open (PGlite opens it
 * from one process at a time), saying so.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { DatabaseInUseError, openDatabase, type Db } from '../db/database';
import { accounts, teams, users } from '../db/schema';
import { loadIdentityConfig } from '../identity/config';
import { resetPoolUserMfa, setAccountMfaPolicy } from '../identity/administration';
import { CognitoError } from '../identity/errors';
import { resealSecrets, rotateSigningKey, storedDataKeyOf } from '../identity/key-rotation';
import { parseDataKey } from '../identity/secret-box';
import { createPoolUser, findPoolUser, PoolUserError, setPoolUserPassword } from '../identity/users';
import { LINK_USAGE, runLinkCommand } from '../identity/link-user';
import { auditCommand, subjectOfPoolUser } from './command-audit';
import { CREATE_ACCOUNT_USAGE, runAssignDomainCommand, runCreateAccountCommand, runListDomainsCommand } from './accounts-command';

const USAGE = `Usage: npm run cannery -- users <command>, one of:
  create --email <email> (--temporary-password <password> | --password <password>)
         [--account <accountId> --teams <id,id> --admin-teams <id,id> --account-admin]
  account-admin <email> on|off
  set-password --email <email> --password <password> [--temporary]
  mfa-policy <accountId> off|optional|required
  reset-mfa <email>
  rotate-signing-key
  rotate-data-key (--previous-file <path> | --previous-stored)   (the new key in CANNERY_POOL_DATA_KEY)
${LINK_USAGE}
${CREATE_ACCOUNT_USAGE}`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

async function assertAccountAndTeams(db: Db, accountId: string, teamIds: string[]): Promise<void> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new PoolUserError(`No account has the id ${accountId}.`);
  if (teamIds.length === 0) return;
  const found = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), inArray(teams.id, teamIds)));
  const missing = teamIds.filter((id) => !found.some((team) => team.id === id));
  if (missing.length > 0) throw new PoolUserError(`These teams are not in account ${accountId}: ${missing.join(', ')}.`);
}

/** Runs one CLI command against `db`; returns the exit code. Output goes through `print`. */
export async function runAdminCommand(
  db: Db,
  poolId: string,
  argv: string[],
  print: (line: string) => void = (line) => console.log(line),
  /** The data key the server is configured with (CANNERY_POOL_DATA_KEY): the new key of `rotate-data-key`. */
  keys: { dataKey?: Buffer | undefined } = {},
): Promise<number> {
  if (argv[0] === 'link') return runLinkCommand(db, argv.slice(1), print, loadConfig().trustedIssuers);
  if (argv[0] === 'create-account') return runCreateAccountCommand(db, argv.slice(1), print);
  if (argv[0] === 'assign-domain') return runAssignDomainCommand(db, argv.slice(1), print);
  if (argv[0] === 'domains' && argv.length === 1) return runListDomainsCommand(db, print);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        'temporary-password': { type: 'string' },
        password: { type: 'string' },
        temporary: { type: 'boolean' },
        account: { type: 'string' },
        teams: { type: 'string' },
        'admin-teams': { type: 'string' },
        'account-admin': { type: 'boolean' },
        'previous-file': { type: 'string' },
        'previous-stored': { type: 'boolean' },
      },
    });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const command = positionals[0];
  if (command === 'mfa-policy' || command === 'reset-mfa') return runMfaCommand(db, poolId, positionals, print);
  if (command === 'account-admin') return accountAdminCommand(db, positionals, print);
  if (command === 'rotate-signing-key' || command === 'rotate-data-key') {
    if (positionals.length > 1) {
      print(USAGE);
      return 2;
    }
    return command === 'rotate-signing-key' ? rotateSigningKeyCommand(db, poolId, print) : rotateDataKeyCommand(db, poolId, values, keys.dataKey, print);
  }
  if (!values.email || (command !== 'create' && command !== 'set-password')) {
    print(USAGE);
    return 2;
  }
  try {
    if (command === 'create') {
      const teamIds = list(values.teams);
      const adminTeamIds = list(values['admin-teams']);
      if (values.account) await assertAccountAndTeams(db, values.account, [...(teamIds ?? []), ...(adminTeamIds ?? [])]);
      const created = await createPoolUser(db, {
        poolId,
        email: values.email,
        ...(values['temporary-password'] !== undefined ? { temporaryPassword: values['temporary-password'] } : {}),
        ...(values.password !== undefined ? { password: values.password } : {}),
        ...(values.account ? { accountId: values.account } : {}),
        ...(teamIds ? { teams: teamIds } : {}),
        ...(adminTeamIds ? { adminTeams: adminTeamIds } : {}),
      });
      if (values['account-admin']) {
        if (!created.canneryUserId) {
          print('--account-admin needs the Cannery user: pass --account too.');
          return 2;
        }
        await db.update(users).set({ accountAdmin: true }).where(eq(users.id, created.canneryUserId));
      }
      const subject = await subjectOfPoolUser(db, poolId, created.sub);
      const membership = subject.kind === 'member' ? { teamsAdded: teamIds ?? [], adminTeamsAdded: adminTeamIds ?? [], accountAdmin: values['account-admin'] === true } : {};
      await auditCommand(db, 'users create', { action: 'member.created', ...subject, changes: membership });
      print(`Created ${created.username} in pool ${poolId}: sub ${created.sub}, status ${created.status}.`);
      print(
        created.canneryUserId
          ? `Linked to Cannery user ${created.canneryUserId}.`
          : 'No Cannery user has this email yet: signing in will show "could not find user" until one is linked (pass --account).',
      );
      return 0;
    }
    if (!values.password) {
      print(USAGE);
      return 2;
    }
    const user = await setPoolUserPassword(db, { poolId, email: values.email, password: values.password, permanent: !values.temporary });
    await auditCommand(db, 'users set-password', { action: 'member.password_set', ...(await subjectOfPoolUser(db, poolId, user.id)), changes: { after: { temporary: values.temporary === true } } });
    print(`Set the password of ${user.username}: status ${user.status}.`);
    return 0;
  } catch (error) {
    if (error instanceof PoolUserError || error instanceof CognitoError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}

/** `account-admin <email> on|off`: whether the user manages the account's people, teams and settings. */
async function accountAdminCommand(db: Db, positionals: string[], print: (line: string) => void): Promise<number> {
  const [, email, state] = positionals;
  if (!email || (state !== 'on' && state !== 'off') || positionals.length > 3) {
    print(USAGE);
    return 2;
  }
  const on = state === 'on';
  // The member who signs in with this address; invitations of other accounts are nobody's yet.
  const found = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).orderBy(desc(users.joinedAt)).limit(2);
  const user = found.length > 1 ? found.find((row) => row.cognitoSub || row.microsoftSub) : found[0];
  if (!user) {
    print(found.length > 1 ? `Several accounts invited ${email} and none has a sign-in yet: make them an account admin once they signed in.` : `No Cannery user has the email ${email}.`);
    return 1;
  }
  if (!on && user.accountAdmin) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, user.accountId), eq(users.accountAdmin, true), isNull(users.disabledAt), ne(users.id, user.id)))
      .limit(1);
    if (!other) {
      print(`${user.email} is the last account admin of account ${user.accountId}: make someone else an account admin first.`);
      return 1;
    }
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ accountAdmin: on }).where(eq(users.id, user.id));
    await auditCommand(tx, 'users account-admin', { action: 'member.changed', accountId: user.accountId, kind: 'member', id: user.id, changes: { accountAdmin: on } });
  });
  print(`${user.email} ${on ? 'is now' : 'is no longer'} an account admin of account ${user.accountId}.`);
  return 0;
}

/** `mfa-policy <accountId> <policy>` and `reset-mfa <email>`. */
async function runMfaCommand(db: Db, poolId: string, positionals: string[], print: (line: string) => void): Promise<number> {
  const [command, target, policy] = positionals;
  if (!target || (command === 'mfa-policy' ? !policy || positionals.length > 3 : positionals.length > 2)) {
    print(USAGE);
    return 2;
  }
  try {
    if (command === 'mfa-policy') {
      const [before] = await db.select({ mfaPolicy: accounts.mfaPolicy }).from(accounts).where(eq(accounts.id, target)).limit(1);
      const after = await setAccountMfaPolicy(db, target, policy ?? '');
      if (before?.mfaPolicy !== after) {
        await auditCommand(db, 'users mfa-policy', { action: 'account.settings_changed', accountId: target, kind: 'account', id: target, changes: { fields: ['mfaPolicy'], before: { mfaPolicy: before?.mfaPolicy ?? null }, after: { mfaPolicy: after } } });
      }
      print(`Multi-factor sign-in of account ${target}: ${after}.`);
    } else {
      await resetPoolUserMfa(db, poolId, target, new Date());
      const poolUser = await findPoolUser(db, poolId, target);
      if (poolUser) await auditCommand(db, 'users reset-mfa', { action: 'member.authenticator_reset', ...(await subjectOfPoolUser(db, poolId, poolUser.id)) });
      print(`Turned off the authenticator app of ${target} and forgot their devices.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof PoolUserError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}

async function rotateSigningKeyCommand(db: Db, poolId: string, print: (line: string) => void): Promise<number> {
  const { retired, active } = await rotateSigningKey(db, poolId, new Date());
  await auditCommand(db, 'users rotate-signing-key', { action: 'pool.signing_key_rotated', accountId: null, kind: 'pool', id: poolId });
  print(`${retired ? `Retired signing key ${retired}; ` : ''}signing key ${active} is active in pool ${poolId}.`);
  print('Restart the servers one at a time: each signs with the new key once restarted. Tokens signed before stay valid until they expire.');
  return 0;
}

async function rotateDataKeyCommand(
  db: Db,
  poolId: string,
  values: { 'previous-file'?: string | undefined; 'previous-stored'?: boolean | undefined },
  next: Buffer | undefined,
  print: (line: string) => void,
): Promise<number> {
  const file = values['previous-file'];
  if ((file === undefined) === !values['previous-stored']) {
    print(USAGE);
    return 2;
  }
  if (!next) {
    print('Set CANNERY_POOL_DATA_KEY to the new key (openssl rand -base64 32) for this command, then to the servers.');
    return 1;
  }
  let previous: Buffer | undefined;
  if (file !== undefined) {
    try {
      previous = parseDataKey(readFileSync(file, 'utf8').trim());
    } catch {
      previous = undefined;
    }
    if (!previous) {
      print(`${file} must hold the previous key: 32 bytes in base64, as CANNERY_POOL_DATA_KEY was.`);
      return 1;
    }
  } else {
    previous = await storedDataKeyOf(db, poolId);
    if (!previous) {
      print(`Pool ${poolId} keeps no data key in the database: name the previous key with --previous-file.`);
      return 1;
    }
  }
  const report = await resealSecrets(db, poolId, previous, next, new Date());
  await auditCommand(db, 'users rotate-data-key', { action: 'pool.data_key_rotated', accountId: null, kind: 'pool', id: poolId });
  print(`Sealed ${report.resealed} authenticator secrets under the new key (${report.unchanged} already were).`);
  if (report.unreadable.length === 0) return 0;
  print(`These users' authenticator secrets open with neither key and were left as they are (reset-mfa <email> clears one): ${report.unreadable.join(', ')}`);
  return 1;
}

/** Opens the configured database and runs one command; returns the exit code. */
export async function runUsers(argv: string[]): Promise<number> {
  const config = loadConfig();
  const identity = loadIdentityConfig();
  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    await database.migrate();
    return await runAdminCommand(database.db, identity.poolId, argv, undefined, { dataKey: identity.dataKey });
  } finally {
    await database.close();
  }
}

