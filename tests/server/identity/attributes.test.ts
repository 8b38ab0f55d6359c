import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteUserAttributes, fetchAuthSession, fetchUserAttributes, signIn, signOut, updateUserAttributes } from 'aws-amplify/auth';
import { decodeJwt } from 'jose';
import type { Database } from '../../../server/db/database';
import { resetDatabase, testDatabase } from '../support/database';
import { GOOD_PASSWORD, capturedLogger, configureAmplify, rejection, servePool, type ServedPool } from './support';

/**
 * The user's display name through the real aws-amplify client: `updateUserAttributes` sets it,
 * `fetchUserAttributes` reads it back, and the next ID token carries it as `name`, as with Cognito.
 * Attributes the app client may not write, unknown ones and hostile values are refused with
 * Cognito's errors, never a 5xx.
 */
let database: Database;
let served: ServedPool;
const logs = capturedLogger();
const EMAIL = 'alice@alder.test';
const MARK = 'probe41ce';

beforeAll(async () => {
  database = await testDatabase();
  served = await servePool(database, { logger: logs.logger });
  configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(async () => {
  await resetDatabase(database);
  await served.pool.createUser({ email: EMAIL, password: GOOD_PASSWORD });
});
afterEach(() => signOut());

async function signedIn(): Promise<string> {
  expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  const session = await fetchAuthSession();
  return session.tokens!.accessToken.toString();
}

const idTokenName = async (forceRefresh = false) => decodeJwt((await fetchAuthSession({ forceRefresh })).tokens!.idToken!.toString()).name;

describe('UpdateUserAttributes through Amplify', () => {
  it('sets the name: GetUser lists it and the next ID token carries it', async () => {
    await signedIn();
    expect(await fetchUserAttributes()).not.toHaveProperty('name');
    expect(await idTokenName()).toBeUndefined();

    const output = await updateUserAttributes({ userAttributes: { name: '  Dana Whitfield ' } });
    expect(output).toEqual({ name: { isUpdated: true, nextStep: { updateAttributeStep: 'DONE' } } });
    expect(served.operations).toContain('UpdateUserAttributes');
    expect((await fetchUserAttributes()).name).toBe('Dana Whitfield');
    // The held token was issued before the change; a refresh brings the name, without signing in again.
    expect(await idTokenName(true)).toBe('Dana Whitfield');

    // A new sign-in carries it too.
    await signOut();
    await signedIn();
    expect(await idTokenName()).toBe('Dana Whitfield');
  });

  it('removes the name when it is set empty', async () => {
    await signedIn();
    await updateUserAttributes({ userAttributes: { name: 'Dana' } });
    await updateUserAttributes({ userAttributes: { name: '' } });
    expect(await fetchUserAttributes()).not.toHaveProperty('name');
    expect(await idTokenName(true)).toBeUndefined();
  });

  it('answers the operation with an empty object: nothing waits for a code', async () => {
    const AccessToken = await signedIn();
    const response = await served.call('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'name', Value: 'Dana' }] });
    expect(response).toMatchObject({ status: 200, body: {} });
  });

  it('refuses attributes the app may not write, with Cognito\'s error, and changes nothing', async () => {
    await signedIn();
    for (const attribute of ['email', 'email_verified', 'sub', 'custom:mfa_policy', 'given_name']) {
      const error = await rejection(updateUserAttributes({ userAttributes: { name: 'Mallory', [attribute]: 'x' } }));
      expect(error.name).toBe('NotAuthorizedException');
      expect(error.message).toBe('A client attempted to write unauthorized attribute');
    }
    expect(await fetchUserAttributes()).toMatchObject({ email: EMAIL });
    expect(await fetchUserAttributes()).not.toHaveProperty('name');
  });

  it('refuses attributes that are not in the schema', async () => {
    await signedIn();
    const error = await rejection(updateUserAttributes({ userAttributes: { 'custom:team': 'x', nickname2: 'y' } }));
    expect(error.name).toBe('InvalidParameterException');
    expect(error.message).toBe('user.custom:team: Attribute does not exist in the schema.\nuser.nickname2: Attribute does not exist in the schema.');
  });

  it('refuses a name that is too long or holds control characters, line breaks or direction controls', async () => {
    await signedIn();
    const cases: Array<[string, string]> = [
      ['x'.repeat(2049), 'user.name: String must be no longer than 2048 characters'],
      ['Dana\u0000', 'must not contain control characters'],
      ['Dana\u0007', 'must not contain control characters'],
      ['Dana\nSubject: hi', 'user.name: Value must be one line without tabs or direction controls'],
      ['Dana\tWhitfield', 'user.name: Value must be one line without tabs or direction controls'],
      ['Dana\u202Eetihw', 'user.name: Value must be one line without tabs or direction controls'],
      ['Dana\uD800', 'must not contain unpaired surrogate characters'],
    ];
    for (const [value, message] of cases) {
      const error = await rejection(updateUserAttributes({ userAttributes: { name: value } }));
      expect(error.name, JSON.stringify(value.slice(0, 20))).toBe('InvalidParameterException');
      expect(error.message).toContain(message);
    }
    // 2048 characters is still a name.
    await updateUserAttributes({ userAttributes: { name: 'y'.repeat(2048) } });
    expect((await fetchUserAttributes()).name).toHaveLength(2048);
  });

  it('needs a live access token', async () => {
    const response = await served.call('UpdateUserAttributes', { AccessToken: 'not.a.token', UserAttributes: [{ Name: 'name', Value: 'Dana' }] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    const AccessToken = await signedIn();
    await signOut({ global: true });
    const revoked = await served.call('UpdateUserAttributes', { AccessToken, UserAttributes: [{ Name: 'name', Value: 'Dana' }] });
    expect(revoked.body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
  });

  it('is not DeleteUserAttributes, which this pool does not serve', async () => {
    await signedIn();
    expect((await rejection(deleteUserAttributes({ userAttributeKeys: ['name'] }))).name).toBe('UnknownOperationException');
  });
});

describe('hostile requests', () => {
  const hostile: Array<[string, unknown]> = [
    ['UserAttributes missing', undefined],
    ['UserAttributes a string', MARK],
    ['UserAttributes a number', 7],
    ['UserAttributes an object', { Name: 'name', Value: MARK }],
    ['UserAttributes of strings', [MARK]],
    ['UserAttributes of arrays', [[MARK]]],
    ['UserAttributes of nulls', [null]],
    ['an attribute without a Name', [{ Value: MARK }]],
    ['a Name that is a number', [{ Name: 5, Value: MARK }]],
    ['a Name that is empty', [{ Name: '', Value: MARK }]],
    ['a Name with a control character', [{ Name: `name${MARK}\u0000`, Value: 'x' }]],
    ['a Name with a line break', [{ Name: `na\nme`, Value: 'x' }]],
    ['a huge Name', [{ Name: `${MARK}${'n'.repeat(5000)}`, Value: 'x' }]],
    ['a Value that is a number', [{ Name: 'name', Value: 42 }]],
    ['a Value that is an object', [{ Name: 'name', Value: { [MARK]: 1 } }]],
    ['a Value that is an array', [{ Name: 'name', Value: [MARK] }]],
    ['a Value that is a boolean', [{ Name: 'name', Value: true }]],
    ['a Value with NUL', [{ Name: 'name', Value: `${MARK}\u0000` }]],
    ['a Value with a bell', [{ Name: 'name', Value: `${MARK}\u0007` }]],
    ['a Value with DEL', [{ Name: 'name', Value: `${MARK}\u007f` }]],
    ['a Value with a line break', [{ Name: 'name', Value: `${MARK}\r\nBcc: x@y.z` }]],
    ['a Value with a tab', [{ Name: 'name', Value: `${MARK}\tx` }]],
    ['a Value with a direction override', [{ Name: 'name', Value: `${MARK}\u202E` }]],
    ['a Value with an unpaired surrogate', [{ Name: 'name', Value: `${MARK}\uDC00` }]],
    ['a huge Value', [{ Name: 'name', Value: `${MARK}${'v'.repeat(60_000)}` }]],
    ['an attribute with another field', [{ Name: 'name', Value: 'x', [MARK]: 'y' }]],
    ['too many attributes', Array.from({ length: 51 }, () => ({ Name: 'name', Value: MARK }))],
    ['an unknown attribute named like a prototype key', [{ Name: '__proto__', Value: MARK }]],
  ];

  it.each(hostile)('refuses %s with InvalidParameterException, before the token is read', async (_title, UserAttributes) => {
    const body = UserAttributes === undefined ? { AccessToken: 'not.a.token' } : { AccessToken: 'not.a.token', UserAttributes };
    const response = await served.call('UpdateUserAttributes', body);
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('InvalidParameterException');
    expect(response.body.message).not.toContain(MARK);
  });

  it('refuses the same with a live token, and writes nothing', async () => {
    const AccessToken = await signedIn();
    for (const [, UserAttributes] of hostile) {
      const response = await served.call('UpdateUserAttributes', { AccessToken, UserAttributes });
      expect(response.status).toBe(400);
      expect(response.body.__type).toBe('InvalidParameterException');
    }
    expect(await fetchUserAttributes()).not.toHaveProperty('name');
  });

  it('keeps every value out of the log', () => {
    const text = logs.lines.join('\n');
    expect(text).not.toContain(MARK);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toMatch(/"level":50/);
  });
});
