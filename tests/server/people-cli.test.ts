import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DatabaseInUseError, openDatabase, type Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { runAdminCommand } from '../../server/cli/users-command';
import { resetDatabase, testDatabase } from './support/database';
import { givenAccount, givenTeam, givenUser } from './support/given';
import { childEnvironment, runToEnd } from './support/processes';
import { makeTestApp } from './support/app';
import { makeTestIssuer } from './support/tokens';

/**
 * The admin CLI's part in people management: the first account admin of a new install, and
 * `account-admin on|off` (never the last one off), a password for a work-account user (the
 * fallback sign-in when the work account is unavailable). With the embedded database it refuses while
 * another process has the data directory open, and says why.
 */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(() => resetDatabase(database));

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runAdminCommand(database.db, 'local_cli', argv, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('the first account admin', () => {
  it('is created with --account-admin, and account-admin turns it on and off, never for the last one', async () => {
    const account = await givenAccount(database.db);
    const team = await givenTeam(database.db, account.id);
    const created = await cli('create', '--email', 'Chief@Alder.test', '--temporary-password', 'Temporary-Pass-19', '--account', account.id, '--teams', team.id, '--account-admin');
    expect(created.code).toBe(0);
    const [chief] = await database.db.select().from(users).where(eq(users.email, 'chief@alder.test'));
    expect(chief?.accountAdmin).toBe(true);

    expect(await cli('account-admin', 'chief@alder.test', 'off')).toEqual({
      code: 1,
      output: `chief@alder.test is the last account admin of account ${account.id}: make someone else an account admin first.`,
    });
    const clerk = await givenUser(database.db, account.id, { email: 'clerk@alder.test' });
    expect((await cli('account-admin', 'CLERK@alder.test', 'on')).output).toBe(`clerk@alder.test is now an account admin of account ${account.id}.`);
    expect((await cli('account-admin', 'chief@alder.test', 'off')).code).toBe(0);
    const [after] = await database.db.select().from(users).where(eq(users.id, clerk.id));
    expect(after?.accountAdmin).toBe(true);
    expect((await cli('account-admin', 'nobody@alder.test', 'on')).output).toBe('No Cannery user has the email nobody@alder.test.');
    expect((await cli('account-admin', 'clerk@alder.test', 'maybe')).code).toBe(2);
  });

  it('--account-admin without an account names what is missing', async () => {
    const result = await cli('create', '--email', 'loner@alder.test', '--temporary-password', 'Temporary-Pass-19', '--account-admin');
    expect(result).toEqual({ code: 2, output: '--account-admin needs the Cannery user: pass --account too.' });
  });
});

describe('a password for a work-account user (the sign-in that works when the work account does not)', () => {
  it('users create links the existing work-account user, whose password sign-in then reaches the API as the same user', async () => {
    const account = await givenAccount(database.db);
    const team = await givenTeam(database.db, account.id);
    const clerk = await givenUser(database.db, account.id, { email: 'clerk@alder.test', signIn: 'work-account', cognitoSub: null, microsoftSub: 'entra-clerk', teams: [team.id] });
    const created = await cli('create', '--email', 'clerk@alder.test', '--temporary-password', 'Temporary-Pass-19');
    expect(created.code, created.output).toBe(0);
    const [linked] = await database.db.select().from(users).where(eq(users.id, clerk.id));
    expect(linked?.cognitoSub).toEqual(expect.any(String));
    // Still the same member: work account and password both lead to this row, teams unchanged.
    expect(linked).toMatchObject({ microsoftSub: 'entra-clerk', teams: [team.id], accountId: account.id });
    const pool = await makeTestIssuer('cognito');
    const response = await makeTestApp(database, { issuers: [pool.trusted] }).request('/api/user-info', {
      headers: { Authorization: `Bearer ${await pool.idToken(linked!.cognitoSub!)}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: 'clerk@alder.test' } });
  });
});

describe('the embedded database, open in another process', () => {
  let dataDir: string;
  let holder: ChildProcess | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cannery-lock-'));
  });
  afterEach(() => {
    holder?.kill();
    holder = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused with a clear message, and a claim left by a process that died is taken over', async () => {
    holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    writeFileSync(join(dataDir, 'cannery.pid'), String(holder.pid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseInUseError);
    const run = await runToEnd([process.execPath, '--import', 'tsx', 'server/cli/cannery.ts', 'users', 'account-admin', 'a@b.test', 'on'], childEnvironment({ CANNERY_DATA_DIR: dataDir }));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The embedded database in ${dataDir} is open in another Cannery process (pid ${holder.pid})`);
    expect(run.stderr).toContain('use the admin app (People)');

    holder.kill();
    await new Promise((resolve) => holder!.once('exit', resolve));
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  });
});

describe('a new office', () => {
  it('create-account makes the account and its teams, and names the next step', async () => {
    const result = await cli('create-account', '--name', 'Cedar County', '--teams', 'Elections, Recorder');
    expect(result.code).toBe(0);
    const accountId = /Created account Cedar County: ([0-9a-f]{24})\./.exec(result.output)?.[1];
    expect(accountId).toBeDefined();
    expect(result.output).toMatch(/Team Elections: [0-9a-f]{24}\nTeam Recorder: [0-9a-f]{24}/);
    expect(result.output).toContain(`--account ${accountId} --account-admin`);
    const admin = await cli('create', '--email', 'chief@cedar.test', '--temporary-password', 'Temporary-Pass-19', '--account', accountId!, '--account-admin');
    expect(admin.code).toBe(0);
    expect((await cli('create-account', '--name', '', '--teams', 'A')).code).toBe(2);
    expect((await cli('create-account', '--name', 'Dup', '--teams', 'A,a')).code).toBe(2);
  });
});
