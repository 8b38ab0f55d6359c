import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import type { PoolLimits } from '../../../server/identity/pool';
import { mailQueue } from '../../../server/mail/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, capturedLogger, countingDb, servePool, type ServedPool } from './support';

/**
 * The caps of the operations callers reach without signing in (per address and per username,
 * counted before any database read), what ConfirmForgotPassword reveals, the development outbox's
 * loopback rule, and what the log keeps of a failure.
 */
let database: Database;
const opened: ServedPool[] = [];

beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(async () => {
  await resetDatabase(database);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((served) => served.close()));
});

interface CappedPool {
  served: ServedPool;
  queries: () => number;
  /** The address the next requests come from. */
  from(address: string): void;
}

/** A pool with the given limits whose callers' addresses the test chooses, counting queries. */
async function cappedPool(limits: Partial<PoolLimits>, extra: Parameters<typeof servePool>[1] = {}): Promise<CappedPool> {
  let address = '198.51.100.1';
  const counting = countingDb(database.db);
  const served = await servePool(database, { db: counting.db, limits, clientIp: () => address, ...extra });
  opened.push(served);
  await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
  return {
    served,
    queries: counting.queries,
    from(next) {
      address = next;
    },
  };
}

/** Calls an operation and reports the answer and how many queries it started. */
async function measured(pool: CappedPool, operation: string, body: unknown) {
  const before = pool.queries();
  const response = await pool.served.call(operation, body);
  return { status: response.status, body: response.body as { __type?: string; message?: string }, queries: pool.queries() - before };
}

const forgot = (username: string) => ({ ClientId: CLIENT_ID, Username: username });
const confirm = (username: string, code = '000000') => ({ ClientId: CLIENT_ID, Username: username, ConfirmationCode: code, Password: OTHER_PASSWORD });
const passwordSignIn = (username: string, password = GOOD_PASSWORD) => ({
  AuthFlow: 'USER_PASSWORD_AUTH',
  ClientId: CLIENT_ID,
  AuthParameters: { USERNAME: username, PASSWORD: password },
});
const LIMIT_EXCEEDED = { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };
const RATE_EXCEEDED = { __type: 'TooManyRequestsException', message: 'Rate exceeded' };

describe('ForgotPassword caps', () => {
  it('caps codes per username across addresses, before looking the user up', async () => {
    const pool = await cappedPool({ codeRequestsPerUser: 2 });
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      pool.from(address);
      expect((await measured(pool, 'ForgotPassword', forgot('alice@alder.test'))).status).toBe(200);
    }
    pool.from('198.51.100.3');
    const refused = await measured(pool, 'ForgotPassword', forgot('Alice@Alder.test'));
    expect(refused.body).toEqual(LIMIT_EXCEEDED);
    expect(refused.queries).toBe(0);
  });

  it('caps requests per address before any query, whatever the username', async () => {
    const pool = await cappedPool({ codeRequestsPerIp: 2 });
    await measured(pool, 'ForgotPassword', forgot('alice@alder.test'));
    await measured(pool, 'ForgotPassword', forgot('nobody@alder.test'));
    const refused = await measured(pool, 'ForgotPassword', forgot('someone@alder.test'));
    expect(refused.body).toEqual(LIMIT_EXCEEDED);
    expect(refused.queries).toBe(0);
    pool.from('198.51.100.9');
    expect((await measured(pool, 'ForgotPassword', forgot('alice@alder.test'))).status).toBe(200);
  });
});

describe('ConfirmForgotPassword', () => {
  async function latestCode(): Promise<string> {
    const [message] = await database.db.select().from(mailQueue).orderBy(desc(mailQueue.createdAt)).limit(1);
    return /verification code is (\d{6})/.exec(message?.body ?? '')![1]!;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers an unknown username as the request for a code does, a wrong code and a used one as Cognito does', async () => {
    const pool = await cappedPool({});
    await pool.served.pool.createUser({ email: 'bob@alder.test', password: GOOD_PASSWORD });
    await measured(pool, 'ForgotPassword', forgot('alice@alder.test'));
    const code = await latestCode();

    const wrongCode = await measured(pool, 'ConfirmForgotPassword', confirm('alice@alder.test', wrong(code)));
    expect(wrongCode.body).toEqual({ __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' });
    // The spec's "Could not find user with specified email.": no more than ForgotPassword says.
    expect((await measured(pool, 'ConfirmForgotPassword', confirm('nobody@alder.test', code))).body.__type).toBe('UserNotFoundException');
    expect((await measured(pool, 'ConfirmForgotPassword', confirm('bob@alder.test', code))).body.__type).toBe('ExpiredCodeException');
    expect((await measured(pool, 'ConfirmForgotPassword', confirm('alice@alder.test', code))).status).toBe(200);
    expect((await measured(pool, 'ConfirmForgotPassword', confirm('alice@alder.test', code))).body.__type).toBe('ExpiredCodeException');
  });

  it('caps checks per username across addresses, the same for unknown usernames, before any query', async () => {
    const pool = await cappedPool({ codeChecksPerUser: 2 });
    for (const username of ['alice@alder.test', 'nobody@alder.test']) {
      for (const address of ['198.51.100.1', '198.51.100.2']) {
        pool.from(address);
        const answer = await measured(pool, 'ConfirmForgotPassword', confirm(username));
        expect(answer.status).toBe(400);
        expect(answer.body).not.toEqual(LIMIT_EXCEEDED);
      }
      pool.from('198.51.100.3');
      const refused = await measured(pool, 'ConfirmForgotPassword', confirm(username));
      expect(refused.body).toEqual(LIMIT_EXCEEDED);
      expect(refused.queries).toBe(0);
    }
  });

  it('caps checks per address before any query, whatever the username', async () => {
    const pool = await cappedPool({ codeChecksPerIp: 2 });
    await measured(pool, 'ConfirmForgotPassword', confirm('alice@alder.test'));
    await measured(pool, 'ConfirmForgotPassword', confirm('nobody@alder.test'));
    const refused = await measured(pool, 'ConfirmForgotPassword', confirm('carol@alder.test'));
    expect(refused.body).toEqual(LIMIT_EXCEEDED);
    expect(refused.queries).toBe(0);
  });

  it('still refuses over the cap when the database is failing', async () => {
    let failing = false;
    const counting = countingDb(database.db);
    const failingDb = new Proxy(counting.db, {
      get(target, property) {
        if (failing && ['select', 'insert', 'update', 'delete'].includes(String(property))) throw new Error('the database is down');
        return Reflect.get(target, property, target) as unknown;
      },
    });
    const served = await servePool(database, { db: failingDb, limits: { codeChecksPerIp: 1 } });
    opened.push(served);
    await served.call('ConfirmForgotPassword', confirm('alice@alder.test'));
    failing = true;
    const refused = await served.call('ConfirmForgotPassword', confirm('alice@alder.test'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(LIMIT_EXCEEDED);
  });
});

describe('sign-in caps', () => {
  it('caps password sign-ins per username across addresses, before looking the user up', async () => {
    const pool = await cappedPool({ signInsPerUsername: 2 });
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      pool.from(address);
      expect((await measured(pool, 'InitiateAuth', passwordSignIn('alice@alder.test'))).status).toBe(200);
    }
    pool.from('198.51.100.3');
    const refused = await measured(pool, 'InitiateAuth', passwordSignIn('alice@alder.test'));
    expect(refused.body).toEqual(RATE_EXCEEDED);
    expect(refused.queries).toBe(0);
    const srp = await measured(pool, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test', SRP_A: '1f' } });
    expect(srp.body).toEqual(RATE_EXCEEDED);
    expect(srp.queries).toBe(0);
  });

  it('refuses an address over its sign-in cap before any query', async () => {
    const pool = await cappedPool({ signInsPerIp: 1 });
    await measured(pool, 'InitiateAuth', passwordSignIn('alice@alder.test'));
    const refused = await measured(pool, 'InitiateAuth', passwordSignIn('nobody@alder.test', OTHER_PASSWORD));
    expect(refused.body).toEqual(RATE_EXCEEDED);
    expect(refused.queries).toBe(0);
  });

  it('counts an IPv6 caller by its /64: every address of the subscriber’s block shares one cap', async () => {
    const pool = await cappedPool({ signInsPerIp: 2 });
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:1:ffff:1:2:3']) {
      pool.from(address);
      expect((await measured(pool, 'InitiateAuth', passwordSignIn('alice@alder.test'))).status).toBe(200);
    }
    pool.from('2001:DB8:7:1:abcd::9');
    expect((await measured(pool, 'InitiateAuth', passwordSignIn('alice@alder.test'))).body).toEqual(RATE_EXCEEDED);
    // The next /64 is another subscriber.
    pool.from('2001:db8:7:2::1');
    expect((await measured(pool, 'InitiateAuth', passwordSignIn('alice@alder.test'))).status).toBe(200);
  });

  it('caps challenge answers per address before any query', async () => {
    const pool = await cappedPool({ challengeAnswersPerIp: 2 });
    const answer = {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: CLIENT_ID,
      ChallengeResponses: {
        USERNAME: 'alice@alder.test',
        PASSWORD_CLAIM_SECRET_BLOCK: 'c2VjcmV0',
        PASSWORD_CLAIM_SIGNATURE: 'c2lnbmF0dXJl',
        TIMESTAMP: 'Tue Mar 3 09:05:07 UTC 2026',
      },
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await measured(pool, 'RespondToAuthChallenge', answer)).body.__type).toBe('NotAuthorizedException');
    }
    const refused = await measured(pool, 'RespondToAuthChallenge', answer);
    expect(refused.body).toEqual(RATE_EXCEEDED);
    expect(refused.queries).toBe(0);
  });
});

describe('the development outbox', () => {
  it('answers loopback callers only', async () => {
    const pool = await cappedPool({}, { devOutbox: true });
    await measured(pool, 'ForgotPassword', forgot('alice@alder.test'));
    const page = () => fetch(`${pool.served.endpoint}/dev/outbox`);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      pool.from(address);
      const response = await page();
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/verification code is \d{6}/);
    }
    for (const address of ['198.51.100.1', '10.0.0.2', '::ffff:10.0.0.2', '127.0.0.1.example', 'unknown']) {
      pool.from(address);
      const response = await page();
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/verification code/);
    }
  });
});

describe('the log of a failed request', () => {
  it('keeps the error kind, its SQLSTATE and the operation, not the query, its parameters or the message', async () => {
    const logs = capturedLogger();
    const failure = Object.assign(new Error('Failed query: select * from identity_users where username = $1\nparams: victim@alder.test'), {
      code: '22021',
      query: 'select * from identity_users where username = $1',
      params: ['victim@alder.test'],
    });
    const broken = new Proxy(database.db, {
      get(target, property) {
        if (property === 'select') throw failure;
        return Reflect.get(target, property, target) as unknown;
      },
    });
    const served = await servePool(database, { db: broken, logger: logs.logger });
    opened.push(served);
    const response = await served.call('ForgotPassword', forgot('victim@alder.test'));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ __type: 'InternalErrorException', message: 'The user pool could not complete this request.' });

    const text = logs.lines.join('\n');
    expect(text).not.toContain('victim');
    expect(text).not.toContain('identity_users');
    const entry = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'identity request failed');
    expect(entry).toMatchObject({ level: 50, operation: 'ForgotPassword', failure: { name: 'Error', code: '22021' } });
  });
});
