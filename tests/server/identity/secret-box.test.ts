import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { loadIdentityConfig } from '../../../server/identity/config';
import { identityDataKeys, identityUsers } from '../../../server/identity/schema';
import { open, parseDataKey, seal } from '../../../server/identity/secret-box';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, capturedLogger, servePool } from './support';

/** Sealing secrets at rest: the format, the user binding, the data key and its configuration. */
const KEY = randomBytes(32);

describe('seal and open', () => {
  it('round-trips, with a version prefix and a fresh nonce each time', () => {
    const first = seal(KEY, 'user-1', 'JBSWY3DPEHPK3PXP');
    expect(first).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal(KEY, 'user-1', 'JBSWY3DPEHPK3PXP')).not.toBe(first);
    expect(open(KEY, 'user-1', first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it("refuses another user's value, another key, an altered value and an unknown version", () => {
    const sealed = seal(KEY, 'user-1', 'secret');
    expect(() => open(KEY, 'user-2', sealed)).toThrow();
    expect(() => open(randomBytes(32), 'user-1', sealed)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() => open(KEY, 'user-1', `v1.${bytes.toString('base64')}`)).toThrow();
    expect(() => open(KEY, 'user-1', `v9.${sealed.slice(3)}`)).toThrow();
    expect(() => open(KEY, 'user-1', 'v1.')).toThrow();
  });
});

describe('CANNERY_POOL_DATA_KEY', () => {
  it('takes 32 bytes of base64, or nothing', () => {
    const value = KEY.toString('base64');
    expect(parseDataKey(value)?.equals(KEY)).toBe(true);
    expect(loadIdentityConfig({ CANNERY_POOL_DATA_KEY: value }).dataKey?.equals(KEY)).toBe(true);
    expect(loadIdentityConfig({}).dataKey).toBeUndefined();
    for (const bad of [randomBytes(16).toString('base64'), 'not base64 at all!', randomBytes(33).toString('base64')]) {
      expect(() => loadIdentityConfig({ CANNERY_POOL_DATA_KEY: bad })).toThrow(/CANNERY_POOL_DATA_KEY/);
    }
  });
});

describe('the data key of a pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    await resetDatabase(database);
  });
  afterAll(() => resetDatabase(database));

  it('is generated once and kept in the database without CANNERY_POOL_DATA_KEY, with a warning', async () => {
    const logs = capturedLogger();
    const served = await servePool(database, { logger: logs.logger });
    try {
      expect(logs.lines.join('\n')).toMatch(/CANNERY_POOL_DATA_KEY is not set/);
      const user = await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
      await served.pool.enableAuthenticator({ email: 'alice@alder.test', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
      const keys = await database.db.select().from(identityDataKeys);
      expect(keys).toHaveLength(1);
      const [row] = await database.db.select().from(identityUsers);
      expect(open(Buffer.from(keys[0]!.key, 'base64'), user.sub, row!.totpSecret!)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    } finally {
      await served.close();
    }
  });

  it('is the configured one when set: no key in the database, no warning; a secret it cannot open is an error, not a wrong code', async () => {
    await resetDatabase(database);
    const logs = capturedLogger();
    const served = await servePool(database, { logger: logs.logger, dataKey: KEY });
    try {
      expect(logs.lines.join('\n')).not.toMatch(/CANNERY_POOL_DATA_KEY/);
      const user = await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
      await served.pool.enableAuthenticator({ email: 'alice@alder.test', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
      expect(await database.db.select().from(identityDataKeys)).toEqual([]);
      const [row] = await database.db.select().from(identityUsers);
      expect(open(KEY, user.sub, row!.totpSecret!)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

      // Sealed under another key (the data key changed): the code step cannot be answered.
      await database.db.update(identityUsers).set({ totpSecret: seal(randomBytes(32), user.sub, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') });
      const signedIn = await served.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD },
      });
      expect(signedIn.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const answer = await served.call('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: CLIENT_ID,
        Session: signedIn.body.Session,
        ChallengeResponses: { USERNAME: 'alice@alder.test', SOFTWARE_TOKEN_MFA_CODE: '123456' },
      });
      expect(answer.status).toBe(500);
      expect(answer.body.__type).toBe('InternalErrorException');
      expect(logs.lines.join('\n')).toMatch(/does not open with the data key/);
      expect(logs.lines.join('\n')).not.toContain('123456');
    } finally {
      await served.close();
    }
  });
});
