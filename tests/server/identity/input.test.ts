import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { resetDatabase, testDatabase } from '../support/database';
import { ADMIN_CREDENTIALS, CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, POOL_ID, capturedLogger, servePool, type ServedPool } from './support';

/**
 * Hostile input on every operation and every string field: control characters, unpaired
 * surrogates, oversized values, wrong types and prototype keys get InvalidParameterException
 * (HTTP 400) naming the field, never a 5xx, and none of what was sent reaches the log.
 */
let database: Database;
let served: ServedPool;
const logs = capturedLogger();

beforeAll(async () => {
  database = await testDatabase();
  served = await servePool(database, { logger: logs.logger, adminCredentials: ADMIN_CREDENTIALS });
  // Refused requests change nothing, so one user serves the whole file.
  await resetDatabase(database);
  await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
});
afterAll(() => served.close());

/** Marks every hostile value, so the log can be searched for any of them. */
const MARK = 'probe7f3a';
const USERNAME = 'alice@alder.test';

type Body = Record<string, unknown>;
/** A field: a top-level key, or an entry of a map. */
type Field = string | [map: string, entry: string];

interface Case {
  operation: string;
  body: Body;
  fields: Field[];
}

/** An operation called as its client calls it: Amplify's unsigned; Admin ones signed with the pool's admin credentials, so the checks reach the body. */
const send = (operation: string, body: Body) => (operation.startsWith('Admin') ? served.signedCall(operation, body) : served.call(operation, body));
const ADMIN_USER = { UserPoolId: POOL_ID, Username: 'alice@alder.test' };

const CASES: Record<string, Case> = {
  'InitiateAuth USER_PASSWORD_AUTH': {
    operation: 'InitiateAuth',
    body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME, PASSWORD: GOOD_PASSWORD } },
    fields: ['AuthFlow', 'ClientId', ['AuthParameters', 'USERNAME'], ['AuthParameters', 'PASSWORD']],
  },
  'InitiateAuth USER_SRP_AUTH': {
    operation: 'InitiateAuth',
    body: { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME, SRP_A: 'abcdef0123456789' } },
    fields: [['AuthParameters', 'USERNAME'], ['AuthParameters', 'SRP_A']],
  },
  'InitiateAuth REFRESH_TOKEN_AUTH': {
    operation: 'InitiateAuth',
    body: { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: CLIENT_ID, AuthParameters: { REFRESH_TOKEN: 'not-a-token' } },
    fields: [['AuthParameters', 'REFRESH_TOKEN']],
  },
  'RespondToAuthChallenge PASSWORD_VERIFIER': {
    operation: 'RespondToAuthChallenge',
    body: {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: CLIENT_ID,
      ChallengeResponses: {
        USERNAME,
        PASSWORD_CLAIM_SECRET_BLOCK: 'c2VjcmV0',
        PASSWORD_CLAIM_SIGNATURE: 'c2lnbmF0dXJl',
        TIMESTAMP: 'Tue Mar 3 09:05:07 UTC 2026',
      },
    },
    fields: [
      'ChallengeName',
      ['ChallengeResponses', 'USERNAME'],
      ['ChallengeResponses', 'PASSWORD_CLAIM_SECRET_BLOCK'],
      ['ChallengeResponses', 'PASSWORD_CLAIM_SIGNATURE'],
      ['ChallengeResponses', 'TIMESTAMP'],
    ],
  },
  'RespondToAuthChallenge NEW_PASSWORD_REQUIRED': {
    operation: 'RespondToAuthChallenge',
    body: {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: CLIENT_ID,
      Session: 'c2Vzc2lvbi1oYW5kbGUtdGhhdC1pcy1sb25nLWVub3VnaA==',
      ChallengeResponses: { USERNAME, NEW_PASSWORD: OTHER_PASSWORD, 'userAttributes.name': 'Alice' },
    },
    fields: ['Session', ['ChallengeResponses', 'NEW_PASSWORD'], ['ChallengeResponses', 'userAttributes.name']],
  },
  GetTokensFromRefreshToken: {
    operation: 'GetTokensFromRefreshToken',
    body: { ClientId: CLIENT_ID, RefreshToken: 'not-a-token' },
    fields: ['ClientId', 'RefreshToken'],
  },
  GetUser: { operation: 'GetUser', body: { AccessToken: 'not.a.token' }, fields: ['AccessToken'] },
  ChangePassword: {
    operation: 'ChangePassword',
    body: { AccessToken: 'not.a.token', PreviousPassword: GOOD_PASSWORD, ProposedPassword: OTHER_PASSWORD },
    fields: ['AccessToken', 'PreviousPassword', 'ProposedPassword'],
  },
  ForgotPassword: { operation: 'ForgotPassword', body: { ClientId: CLIENT_ID, Username: USERNAME }, fields: ['ClientId', 'Username'] },
  ConfirmForgotPassword: {
    operation: 'ConfirmForgotPassword',
    body: { ClientId: CLIENT_ID, Username: USERNAME, ConfirmationCode: '123456', Password: OTHER_PASSWORD },
    fields: ['ClientId', 'Username', 'ConfirmationCode', 'Password'],
  },
  GlobalSignOut: { operation: 'GlobalSignOut', body: { AccessToken: 'not.a.token' }, fields: ['AccessToken'] },
  RevokeToken: { operation: 'RevokeToken', body: { ClientId: CLIENT_ID, Token: 'not-a-token' }, fields: ['ClientId', 'Token'] },
  'RespondToAuthChallenge SOFTWARE_TOKEN_MFA': {
    operation: 'RespondToAuthChallenge',
    body: {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: CLIENT_ID,
      Session: 'c2Vzc2lvbi1oYW5kbGU=',
      ChallengeResponses: { USERNAME, SOFTWARE_TOKEN_MFA_CODE: '123456', DEVICE_KEY: 'local_device' },
    },
    fields: [['ChallengeResponses', 'SOFTWARE_TOKEN_MFA_CODE'], ['ChallengeResponses', 'DEVICE_KEY']],
  },
  'RespondToAuthChallenge SELECT_MFA_TYPE': {
    operation: 'RespondToAuthChallenge',
    body: { ChallengeName: 'SELECT_MFA_TYPE', ClientId: CLIENT_ID, Session: 'c2Vzc2lvbi1oYW5kbGU=', ChallengeResponses: { USERNAME, ANSWER: 'SOFTWARE_TOKEN_MFA' } },
    fields: [['ChallengeResponses', 'ANSWER']],
  },
  'RespondToAuthChallenge DEVICE_SRP_AUTH': {
    operation: 'RespondToAuthChallenge',
    body: { ChallengeName: 'DEVICE_SRP_AUTH', ClientId: CLIENT_ID, Session: 'c2Vzc2lvbi1oYW5kbGU=', ChallengeResponses: { USERNAME, SRP_A: 'abc123', DEVICE_KEY: 'local_device' } },
    fields: ['Session', ['ChallengeResponses', 'SRP_A'], ['ChallengeResponses', 'DEVICE_KEY']],
  },
  AssociateSoftwareToken: { operation: 'AssociateSoftwareToken', body: { AccessToken: 'not.a.token' }, fields: ['AccessToken'] },
  'AssociateSoftwareToken with a Session': { operation: 'AssociateSoftwareToken', body: { Session: 'c2Vzc2lvbi1oYW5kbGU=' }, fields: ['Session'] },
  VerifySoftwareToken: {
    operation: 'VerifySoftwareToken',
    body: { AccessToken: 'not.a.token', UserCode: '123456', FriendlyDeviceName: 'Phone' },
    fields: ['AccessToken', 'UserCode', 'FriendlyDeviceName'],
  },
  'VerifySoftwareToken with a Session': {
    operation: 'VerifySoftwareToken',
    body: { Session: 'c2Vzc2lvbi1oYW5kbGU=', UserCode: '123456' },
    fields: ['Session', 'UserCode'],
  },
  SetUserMFAPreference: {
    operation: 'SetUserMFAPreference',
    body: { AccessToken: 'not.a.token', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } },
    fields: ['AccessToken'],
  },
  ConfirmDevice: {
    operation: 'ConfirmDevice',
    body: {
      AccessToken: 'not.a.token',
      DeviceKey: 'local_device',
      DeviceName: 'Phone',
      DeviceSecretVerifierConfig: { PasswordVerifier: 'q80=', Salt: 'q80=' },
    },
    fields: ['AccessToken', 'DeviceKey', 'DeviceName', ['DeviceSecretVerifierConfig', 'PasswordVerifier'], ['DeviceSecretVerifierConfig', 'Salt']],
  },
  UpdateDeviceStatus: {
    operation: 'UpdateDeviceStatus',
    body: { AccessToken: 'not.a.token', DeviceKey: 'local_device', DeviceRememberedStatus: 'remembered' },
    fields: ['AccessToken', 'DeviceKey', 'DeviceRememberedStatus'],
  },
  ListDevices: { operation: 'ListDevices', body: { AccessToken: 'not.a.token', Limit: 10, PaginationToken: 'abc' }, fields: ['AccessToken', 'PaginationToken'] },
  ForgetDevice: { operation: 'ForgetDevice', body: { AccessToken: 'not.a.token', DeviceKey: 'local_device' }, fields: ['AccessToken', 'DeviceKey'] },
  // Its UserAttributes list has cases of its own in attributes.test.ts.
  UpdateUserAttributes: {
    operation: 'UpdateUserAttributes',
    body: { AccessToken: 'not.a.token', UserAttributes: [{ Name: 'name', Value: 'Alice' }] },
    fields: ['AccessToken'],
  },
  AdminCreateUser: {
    operation: 'AdminCreateUser',
    body: { UserPoolId: POOL_ID, Username: 'new@alder.test', TemporaryPassword: OTHER_PASSWORD, MessageAction: 'SUPPRESS' },
    fields: ['UserPoolId', 'Username', 'TemporaryPassword', 'MessageAction'],
  },
  AdminGetUser: { operation: 'AdminGetUser', body: ADMIN_USER, fields: ['UserPoolId', 'Username'] },
  AdminSetUserPassword: {
    operation: 'AdminSetUserPassword',
    body: { ...ADMIN_USER, Password: GOOD_PASSWORD, Permanent: true },
    fields: ['UserPoolId', 'Username', 'Password'],
  },
  ...Object.fromEntries(
    ['AdminResetUserPassword', 'AdminDisableUser', 'AdminEnableUser', 'AdminUserGlobalSignOut', 'AdminDeleteUser'].map((operation) => [
      operation,
      { operation, body: ADMIN_USER, fields: ['Username'] } satisfies Case,
    ]),
  ),
  AdminSetUserMFAPreference: {
    operation: 'AdminSetUserMFAPreference',
    body: { ...ADMIN_USER, SoftwareTokenMfaSettings: { Enabled: false } },
    fields: ['UserPoolId', 'Username'],
  },
  AdminListDevices: { operation: 'AdminListDevices', body: { ...ADMIN_USER, Limit: 10, PaginationToken: 'abc' }, fields: ['Username', 'PaginationToken'] },
  AdminForgetDevice: { operation: 'AdminForgetDevice', body: { ...ADMIN_USER, DeviceKey: 'local_device' }, fields: ['Username', 'DeviceKey'] },
};

/** Values no string field takes: each names the rule it breaks. */
const HOSTILE: Record<string, unknown> = {
  NUL: `a${MARK}\u0000b`,
  'a bell (control character)': `a${MARK}\u0007b`,
  DEL: `a${MARK}\u007fb`,
  'an unpaired high surrogate': `a${MARK}\uD800b`,
  'an unpaired low surrogate': `a${MARK}\uDC00b`,
  'a value longer than any limit': `${MARK}${'x'.repeat(5000)}`,
  'a number': 12_345,
  'an object': { [MARK]: 'x' },
  'an array': [MARK],
  'a boolean': true,
};

/** Values one-line fields refuse besides (passwords take them, but not the tab or line breaks). */
const NOT_ONE_LINE: Record<string, string> = {
  'a line break': `a${MARK}\nb`,
  'a tab': `a${MARK}\tb`,
  'a direction override': `a${MARK}\u202Eb`,
};

const fieldName = (field: Field) => (Array.isArray(field) ? field[1] : field);
const PASSWORD_FIELDS = new Set(['PASSWORD', 'NEW_PASSWORD', 'Password', 'PreviousPassword', 'ProposedPassword', 'TemporaryPassword']);
const isPassword = (field: Field) => PASSWORD_FIELDS.has(fieldName(field));

function withValue(body: Body, field: Field, value: unknown): Body {
  if (!Array.isArray(field)) return { ...body, [field]: value };
  const [map, entry] = field;
  return { ...body, [map]: { ...(body[map] as Body), [entry]: value } };
}

function expectRefused(response: { status: number; body: { __type?: string; message?: string } }, field: Field) {
  expect(response.status).toBe(400);
  expect(response.body.__type).toBe('InvalidParameterException');
  expect(response.body.message).not.toContain(MARK);
  const name = fieldName(field);
  // Entries the pool does not read are named by their map.
  if (!name.includes('.')) expect(response.body.message).toMatch(new RegExp(`^${name} `));
}

describe.each(Object.entries(CASES))('%s', (_title, { operation, body, fields }) => {
  describe.each(fields.map((field) => [Array.isArray(field) ? field.join('.') : field, field] as const))('%s', (_name, field) => {
    it.each(Object.entries(HOSTILE))('refuses %s with InvalidParameterException', async (_kind, value) => {
      expectRefused(await send(operation, withValue(body, field, value)), field);
    });

    it.each(Object.entries(NOT_ONE_LINE))('answers %s by its kind of field', async (_kind, value) => {
      const response = await send(operation, withValue(body, field, value));
      if (isPassword(field) && value.includes('\u202E')) expect(response.body.__type).not.toBe('InvalidParameterException');
      else expectRefused(response, field);
      expect(response.status).toBeLessThan(500);
    });
  });
});

describe('switches, numbers and objects', () => {
  const settings = (value: unknown) => ({ AccessToken: 'not.a.token', SoftwareTokenMfaSettings: value });
  const cases: Array<[string, string, Body]> = [
    ...['SoftwareTokenMfaSettings', 'SMSMfaSettings', 'EmailMfaSettings'].flatMap((name) =>
      ['Enabled', 'PreferredMfa'].flatMap((key) =>
        [`${MARK}true`, 1, { [MARK]: true }, [true], `x${MARK}\u0000`].map(
          (value) => [`${name}.${key}`, 'SetUserMFAPreference', { AccessToken: 'not.a.token', [name]: { [key]: value } }] as [string, string, Body],
        ),
      ),
    ),
    ...[MARK, 5, [MARK], true].map((value) => ['SoftwareTokenMfaSettings itself', 'SetUserMFAPreference', settings(value)] as [string, string, Body]),
    ['an unknown field of SoftwareTokenMfaSettings', 'SetUserMFAPreference', settings({ Enabled: true, [MARK]: 'x' })],
    ...[MARK, 5, [MARK], true].map(
      (value) => ['DeviceSecretVerifierConfig itself', 'ConfirmDevice', { AccessToken: 'not.a.token', DeviceKey: 'k', DeviceSecretVerifierConfig: value }] as [string, string, Body],
    ),
    ...[-1, 61, 1.5, `${MARK}`, { [MARK]: 1 }, [1], true, 1e300].map(
      (value) => ['Limit', 'ListDevices', { AccessToken: 'not.a.token', Limit: value }] as [string, string, Body],
    ),
    ...[-1, 61, `${MARK}`, [1]].map((value) => ['Limit', 'AdminListDevices', { ...ADMIN_USER, Limit: value }] as [string, string, Body]),
    ...[`${MARK}true`, 1, { [MARK]: true }, [true]].map(
      (value) => ['Permanent', 'AdminSetUserPassword', { ...ADMIN_USER, Password: GOOD_PASSWORD, Permanent: value }] as [string, string, Body],
    ),
    ...[`${MARK}`, 1, true, { Name: 'name', Value: MARK }].map(
      (value) => ['UserAttributes itself', 'AdminCreateUser', { ...CASES.AdminCreateUser!.body, UserAttributes: value }] as [string, string, Body],
    ),
    ...[
      [{ Name: 'name', Value: `${MARK}\u0000` }],
      [{ Name: 'name', Value: `a${MARK}\nb` }],
      [{ Name: 'name', Value: `${MARK}${'x'.repeat(3000)}` }],
      [{ Name: 'name', Value: 7 }],
      [{ Name: 'name', Value: { [MARK]: 1 } }],
      [{ Name: `${MARK}\u0000`, Value: 'x' }],
      [{ Name: 5, Value: 'x' }],
      [{ Value: 'x' }],
      [MARK],
      [{ Name: 'email', Value: `${MARK}@alder.test` }],
      [{ Name: `custom:${MARK}`, Value: 'x' }],
      Array.from({ length: 60 }, () => ({ Name: 'name', Value: 'x' })),
    ].map((value) => ['UserAttributes entry', 'AdminCreateUser', { ...CASES.AdminCreateUser!.body, UserAttributes: value }] as [string, string, Body]),
    ...[`${MARK}`, 5, [MARK], { Enabled: `${MARK}` }, { [MARK]: true }].map(
      (value) => ['SoftwareTokenMfaSettings', 'AdminSetUserMFAPreference', { ...ADMIN_USER, SoftwareTokenMfaSettings: value }] as [string, string, Body],
    ),
  ];

  it.each(cases)('refuses a bad %s (%s) with InvalidParameterException', async (_name, operation, body) => {
    const response = await send(operation, body);
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('InvalidParameterException');
    expect(response.body.message).not.toContain(MARK);
  });

  it('refuses a verifier that is not base64, once signed in', async () => {
    const signedIn = await served.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME, PASSWORD: GOOD_PASSWORD } });
    const AccessToken = signedIn.body.AuthenticationResult.AccessToken as string;
    for (const PasswordVerifier of [`${MARK}!!`, '', 'A'.repeat(1000)]) {
      const response = await served.call('ConfirmDevice', { AccessToken, DeviceKey: 'local_x', DeviceSecretVerifierConfig: { PasswordVerifier, Salt: 'q80=' } });
      expect(response.status).toBe(400);
      expect(response.body.__type).toBe('InvalidParameterException');
      expect(response.body.message).not.toContain(MARK);
    }
  });
});

describe('request shapes', () => {
  const maps: Array<[string, string, Body]> = [
    ['InitiateAuth', 'AuthParameters', CASES['InitiateAuth USER_PASSWORD_AUTH']!.body],
    ['RespondToAuthChallenge', 'ChallengeResponses', CASES['RespondToAuthChallenge PASSWORD_VERIFIER']!.body],
  ];

  it.each(maps)('%s refuses a %s that is not a map of strings', async (operation, map, body) => {
    for (const value of [MARK, 42, [MARK], true]) {
      const response = await served.call(operation, { ...body, [map]: value });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ __type: 'InvalidParameterException', message: `${map} must be a map of strings` });
    }
  });

  it('refuses a body over 64 KB (a 1 MB username) without reading it', async () => {
    const response = await served.call('ForgotPassword', { ClientId: CLIENT_ID, Username: `${MARK}${'a'.repeat(1024 * 1024)}` });
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('InvalidParameterException');
  });

  it('keeps the text rule in fields it does not read, at any depth', async () => {
    const body = { ...CASES.ForgotPassword!.body, ClientMetadata: { note: `${MARK}\u0000` } };
    expect((await served.call('ForgotPassword', body)).body.__type).toBe('InvalidParameterException');
    const nested = { ...CASES.ForgotPassword!.body, UserContextData: { EncodedData: [`${MARK}\u0000`] } };
    expect((await served.call('ForgotPassword', nested)).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'UserContextData.EncodedData must not contain control characters',
    });
    let deep: unknown = 'x';
    for (let level = 0; level < 50; level += 1) deep = [deep];
    expect((await served.call('ForgotPassword', { ...CASES.ForgotPassword!.body, Deep: deep })).body.__type).toBe('InvalidParameterException');
  });

  it('refuses control characters in the names of fields and map entries', async () => {
    const body = CASES['InitiateAuth USER_PASSWORD_AUTH']!.body;
    const inName = await served.call('InitiateAuth', { ...body, [`${MARK}\u0000`]: 'x' });
    expect(inName.status).toBe(400);
    expect(inName.body.message).not.toContain(MARK);
    const inEntry = await served.call('InitiateAuth', { ...body, AuthParameters: { ...(body.AuthParameters as Body), [`${MARK}\u0000`]: 'x' } });
    expect(inEntry.status).toBe(400);
    expect(inEntry.body.message).not.toContain(MARK);
  });

  it('takes prototype keys as plain names: no 500, nothing polluted', async () => {
    const post = (operation: string, text: string) =>
      fetch(served.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
        body: text,
      });
    const polluting = [
      // A top-level __proto__ that would supply the client id and flow if it became the prototype.
      `{"__proto__": {"ClientId": "${CLIENT_ID}", "AuthFlow": "USER_PASSWORD_AUTH"}, "AuthParameters": {"USERNAME": "${USERNAME}", "PASSWORD": "${GOOD_PASSWORD}"}}`,
      `{"constructor": {"prototype": {"polluted": "yes"}}, "ClientId": "${CLIENT_ID}", "Username": "${USERNAME}"}`,
      `{"AuthFlow": "USER_PASSWORD_AUTH", "ClientId": "${CLIENT_ID}", "AuthParameters": {"__proto__": {"USERNAME": "${USERNAME}", "PASSWORD": "${GOOD_PASSWORD}"}}}`,
      `{"AuthFlow": "USER_PASSWORD_AUTH", "ClientId": "${CLIENT_ID}", "AuthParameters": {"__proto__": "x", "constructor": "y", "USERNAME": "${USERNAME}", "PASSWORD": "${GOOD_PASSWORD}"}}`,
      `{"ChallengeName": "NEW_PASSWORD_REQUIRED", "ClientId": "${CLIENT_ID}", "Session": "abc", "ChallengeResponses": {"constructor": "x", "__proto__": "y", "NEW_PASSWORD": "${OTHER_PASSWORD}"}}`,
    ];
    const operations = ['InitiateAuth', 'ForgotPassword', 'InitiateAuth', 'InitiateAuth', 'RespondToAuthChallenge'];
    const answers = await Promise.all(polluting.map(async (text, index) => {
      const response = await post(operations[index]!, text);
      return { status: response.status, body: (await response.json()) as { __type?: string } };
    }));
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    // Neither __proto__ supplied the missing fields...
    expect(answers[0]!.body.__type).toBe('InvalidParameterException');
    expect(answers[2]!.body.__type).toBe('InvalidParameterException');
    // ...and plain string entries named like prototype keys are ignored.
    expect(answers[3]!.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('USERNAME');
  });
});

describe('the log', () => {
  it('holds none of the values sent to it above, and no username', () => {
    // Runs last in this file: every hostile request above has been answered by now.
    const text = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(text).not.toContain(MARK);
    expect(text).not.toContain(USERNAME);
    expect(text).not.toMatch(/"level":50/);
  });
});
