import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { Database } from '../../../server/db/database';
import { runAdminCommand } from '../../../server/cli/users-command';
import { identitySigningKeys, identityUsers } from '../../../server/identity/schema';
import { open, seal, storedDataKey } from '../../../server/identity/secret-box';
import { createPoolUser } from '../../../server/identity/users';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, POOL_ID, servePool, type ServedPool } from './support';

/** Rotating the pool's signing key and its data key with the admin CLI (docs/self-host.md). */
let database: Database;
const served: ServedPool[] = [];
beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(() => resetDatabase(database));
afterEach(async () => {
  for (const pool of served.splice(0)) await pool.close();
});

async function cli(argv: string[], dataKey?: Buffer) {
  const lines: string[] = [];
  const code = await runAdminCommand(database.db, POOL_ID, argv, (line) => lines.push(line), { dataKey });
  return { code, output: lines.join('\n') };
}

/** A server of the pool (several may run on one database at once). */
async function instance(): Promise<ServedPool> {
  const pool = await servePool(database);
  served.push(pool);
  return pool;
}

async function idToken(pool: ServedPool): Promise<string> {
  const answer = await pool.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.AuthenticationResult.IdToken as string;
}

describe('rotate-signing-key', () => {
  it('retires the active key and makes a new one: tokens signed before stay valid, restarted servers sign with the new key', async () => {
    await createPoolUser(database.db, { poolId: POOL_ID, email: 'alice@alder.test', password: GOOD_PASSWORD });
    const before = await instance();
    const oldToken = await idToken(before);
    const oldKid = decodeProtectedHeader(oldToken).kid;

    const rotated = await cli(['rotate-signing-key']);
    expect(rotated.code).toBe(0);
    expect(rotated.output).toContain(`Retired signing key ${oldKid}`);
    const keys = await database.db.select().from(identitySigningKeys).where(eq(identitySigningKeys.poolId, POOL_ID));
    expect(keys).toHaveLength(2);
    const active = keys.find((key) => key.retiredAt === null)!;
    expect(active.kid).not.toBe(oldKid);
    expect(rotated.output).toContain(`signing key ${active.kid} is active`);

    const restarted = await instance();
    const newToken = await idToken(restarted);
    expect(decodeProtectedHeader(newToken).kid).toBe(active.kid);
    // The JWKS publishes both keys: every token in circulation verifies.
    const jwks = createLocalJWKSet(await restarted.pool.jwks());
    await expect(jwtVerify(oldToken, jwks)).resolves.toBeTruthy();
    await expect(jwtVerify(newToken, jwks)).resolves.toBeTruthy();
  });
});

describe('rotate-signing-key: what a rotation ends and what it keeps', () => {
  it('a retired key verifies tokens only as long as the tokens it signed may live, so a leaked key stops being trusted', async () => {
    await createPoolUser(database.db, { poolId: POOL_ID, email: 'alice@alder.test', password: GOOD_PASSWORD });
    const oldToken = await idToken(await instance());
    const oldKid = decodeProtectedHeader(oldToken).kid!;
    expect((await cli(['rotate-signing-key'])).code).toBe(0);

    const restarted = await instance();
    const kids = async () => (await restarted.pool.jwks()).keys.map((key) => key.kid);
    const getKey = restarted.pool.trustedIssuer.jwks as (header: { kid: string; alg: string }) => Promise<unknown>;
    expect(await kids()).toContain(oldKid);
    await expect(getKey({ kid: oldKid, alg: 'RS256' })).resolves.toBeTruthy();

    // The pool's tokens live an hour (ID and access): then nothing the old key signed is live.
    restarted.advance(3601);
    expect(await kids()).not.toContain(oldKid);
    expect(await kids()).toHaveLength(1);
    await expect(getKey({ kid: oldKid, alg: 'RS256' })).rejects.toThrow('No key of this pool trusted now has this kid');
    await expect(jwtVerify(oldToken, createLocalJWKSet(await restarted.pool.jwks()))).rejects.toThrow();
    // A token of the new key still verifies.
    await expect(jwtVerify(await idToken(restarted), createLocalJWKSet(await restarted.pool.jwks()))).resolves.toBeTruthy();
  });

  it('keeps the salts an unknown username and a real one are answered with, so a rotation tells no one which is real', async () => {
    await createPoolUser(database.db, { poolId: POOL_ID, email: 'alice@alder.test', password: GOOD_PASSWORD });
    const saltOf = async (pool: ServedPool, username: string) => {
      const answer = await pool.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: username, SRP_A: 'abc123' } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.ChallengeParameters.SALT as string;
    };
    const before = await instance();
    const salts = [await saltOf(before, 'nobody@alder.test'), await saltOf(before, 'alice@alder.test')];
    expect((await cli(['rotate-signing-key'])).code).toBe(0);
    const after = await instance();
    expect([await saltOf(after, 'nobody@alder.test'), await saltOf(after, 'alice@alder.test')]).toEqual(salts);
  });
});

describe('rotate-data-key', () => {
  const previous = randomBytes(32);
  const next = randomBytes(32);
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'cannery-keys-'));
  });

  async function userWithSecret(email: string, key: Buffer, secret: string): Promise<string> {
    const created = await createPoolUser(database.db, { poolId: POOL_ID, email, password: GOOD_PASSWORD });
    await database.db.update(identityUsers).set({ totpSecret: seal(key, created.sub, secret), totpEnabled: true }).where(eq(identityUsers.id, created.sub));
    return created.sub;
  }

  const sealedOf = async (sub: string) => (await database.db.select({ secret: identityUsers.totpSecret }).from(identityUsers).where(eq(identityUsers.id, sub)))[0]?.secret ?? '';

  it('seals every authenticator secret again under CANNERY_POOL_DATA_KEY, opening it with the previous key from a file; a second run changes nothing', async () => {
    const alice = await userWithSecret('alice@alder.test', previous, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const bob = await userWithSecret('bob@alder.test', previous, 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU');
    const file = join(folder, 'previous.key');
    writeFileSync(file, `${previous.toString('base64')}\n`);

    const first = await cli(['rotate-data-key', '--previous-file', file], next);
    expect(first).toEqual({ code: 0, output: 'Sealed 2 authenticator secrets under the new key (0 already were).' });
    expect(open(next, alice, await sealedOf(alice))).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(open(next, bob, await sealedOf(bob))).toBe('KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU');

    const again = await cli(['rotate-data-key', '--previous-file', file], next);
    expect(again).toEqual({ code: 0, output: 'Sealed 0 authenticator secrets under the new key (2 already were).' });
  });

  it('moves secrets off the development key kept in the database (--previous-stored)', async () => {
    const stored = await storedDataKey(database.db, POOL_ID, new Date());
    const alice = await userWithSecret('alice@alder.test', stored, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const result = await cli(['rotate-data-key', '--previous-stored'], next);
    expect(result.code).toBe(0);
    expect(open(next, alice, await sealedOf(alice))).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('names the users whose secret opens with neither key, leaves them as they are, and exits 1', async () => {
    const alice = await userWithSecret('alice@alder.test', previous, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const lost = await userWithSecret('carol@alder.test', randomBytes(32), 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU');
    const lostBefore = await sealedOf(lost);
    const file = join(folder, 'previous.key');
    writeFileSync(file, previous.toString('base64'));
    const result = await cli(['rotate-data-key', '--previous-file', file], next);
    expect(result.code).toBe(1);
    expect(result.output).toContain('Sealed 1 authenticator secrets under the new key');
    expect(result.output).toContain('open with neither key and were left as they are (reset-mfa <email> clears one): carol@alder.test');
    expect(await sealedOf(lost)).toBe(lostBefore);
    expect(open(next, alice, await sealedOf(alice))).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('refuses without the new key, with a previous key that is not one, and without naming the previous key', async () => {
    const file = join(folder, 'previous.key');
    writeFileSync(file, 'not a key');
    expect(await cli(['rotate-data-key', '--previous-file', file])).toMatchObject({ code: 1, output: expect.stringContaining('Set CANNERY_POOL_DATA_KEY to the new key') });
    expect(await cli(['rotate-data-key', '--previous-file', file], next)).toEqual({ code: 1, output: `${file} must hold the previous key: 32 bytes in base64, as CANNERY_POOL_DATA_KEY was.` });
    expect((await cli(['rotate-data-key'], next)).code).toBe(2);
    expect((await cli(['rotate-data-key', '--previous-stored'], next)).output).toContain('keeps no data key in the database');
  });
});
