import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Database } from '../../../server/db/database';
import { identityUsers } from '../../../server/identity/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { ADMIN_CREDENTIALS, CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, POOL_ID, capturedLogger, rejection, servePool, type ServedPool } from './support';

/**
 * The pool's Admin* operations on its protocol endpoint: Cognito's answers to the AWS SDK, and
 * the SigV4 check in front of them. Every refused request is shown to change nothing.
 */
let database: Database;
let served: ServedPool;
let unconfigured: ServedPool;
const logs = capturedLogger();

beforeAll(async () => {
  database = await testDatabase();
  served = await servePool(database, { adminCredentials: ADMIN_CREDENTIALS, logger: logs.logger });
  unconfigured = await servePool(database);
});
afterAll(async () => {
  await served.close();
  await unconfigured.close();
});
beforeEach(async () => {
  await resetDatabase(database);
  await served.pool.createUser({ email: EMAIL, password: GOOD_PASSWORD });
});

const EMAIL = 'clerk@alder.test';
const TEMPORARY = 'Temporary-Pass-19';
const sdk = (options: { region?: string; credentials?: { accessKeyId: string; secretAccessKey: string } } = {}) =>
  new CognitoIdentityProviderClient({
    region: options.region ?? 'local',
    endpoint: served.endpoint,
    credentials: options.credentials ?? ADMIN_CREDENTIALS,
    maxAttempts: 1,
  });

async function enabled(): Promise<boolean | undefined> {
  const [row] = await database.db.select().from(identityUsers);
  return row?.enabled;
}

describe('answers as Cognito does', () => {
  it('AdminCreateUser answers the User with sub, status and Enabled; AdminGetUser reads it back', async () => {
    const { User } = await sdk().send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'New@Alder.test',
        TemporaryPassword: TEMPORARY,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: 'new@alder.test' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: 'Nia New' },
        ],
      }),
    );
    expect(User).toMatchObject({ Username: 'new@alder.test', Enabled: true, UserStatus: 'FORCE_CHANGE_PASSWORD' });
    expect(User?.UserCreateDate).toBeInstanceOf(Date);
    const sub = User?.Attributes?.find((entry) => entry.Name === 'sub')?.Value;
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(User?.Attributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'new@alder.test' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Nia New' },
      ]),
    );
    const read = await sdk().send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'new@alder.test' }));
    expect(read).toMatchObject({ Username: 'new@alder.test', Enabled: true, UserStatus: 'FORCE_CHANGE_PASSWORD' });
    expect(read.UserAttributes).toContainEqual({ Name: 'sub', Value: sub });
    expect(read.UserMFASettingList).toBeUndefined();
  });

  it("refuses with Cognito's error types and messages", async () => {
    const create = (input: Partial<ConstructorParameters<typeof AdminCreateUserCommand>[0]>) =>
      rejection(sdk().send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'x@alder.test', TemporaryPassword: TEMPORARY, MessageAction: 'SUPPRESS', ...input })));
    expect(await create({ Username: 'CLERK@alder.test' })).toMatchObject({ name: 'UsernameExistsException', message: 'An account with the given email already exists.' });
    expect(await create({ TemporaryPassword: 'short' })).toMatchObject({ name: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough' });
    expect(await create({ MessageAction: undefined })).toMatchObject({ name: 'InvalidParameterException' });
    expect(await create({ MessageAction: 'RESEND' })).toMatchObject({ name: 'InvalidParameterException' });
    expect(await create({ TemporaryPassword: undefined })).toMatchObject({ name: 'InvalidParameterException', message: 'Missing required parameter TemporaryPassword' });
    expect(await create({ UserAttributes: [{ Name: 'email', Value: 'other@alder.test' }] })).toMatchObject({ name: 'InvalidParameterException' });
    expect(await create({ UserAttributes: [{ Name: 'email_verified', Value: 'false' }] })).toMatchObject({ name: 'InvalidParameterException' });
    expect(await create({ UserAttributes: [{ Name: 'phone_number', Value: '+15555550100' }] })).toMatchObject({
      name: 'InvalidParameterException',
      message: 'user.phone_number: Attribute does not exist in the schema.',
    });
    expect(await create({ UserPoolId: 'local_otherpool' })).toMatchObject({ name: 'ResourceNotFoundException', message: 'User pool local_otherpool does not exist.' });
    expect(await rejection(sdk().send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'nobody@alder.test' })))).toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    expect(await rejection(sdk().send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: POOL_ID, Username: EMAIL, SoftwareTokenMfaSettings: { Enabled: true } })))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'User has not verified software token mfa',
    });
    expect(await rejection(sdk().send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: POOL_ID, Username: EMAIL, SMSMfaSettings: { Enabled: true } })))).toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(await database.db.select().from(identityUsers)).toHaveLength(1);
  });

  it('AdminSetUserPassword with Permanent confirms the user with that password', async () => {
    await sdk().send(new AdminSetUserPasswordCommand({ UserPoolId: POOL_ID, Username: EMAIL, Password: OTHER_PASSWORD, Permanent: true }));
    const signedIn = await served.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: EMAIL, PASSWORD: OTHER_PASSWORD } });
    expect(signedIn.body.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('an Admin operation the pool does not serve is UnknownOperationException, once signed', async () => {
    const response = await served.signedCall('AdminAddUserToGroup', { UserPoolId: POOL_ID, Username: EMAIL, GroupName: 'x' });
    expect(response.body.__type).toBe('UnknownOperationException');
  });

  it('the non-admin operations stay unsigned: Amplify calls them from browsers', async () => {
    const response = await served.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: EMAIL, PASSWORD: GOOD_PASSWORD } });
    expect(response.status).toBe(200);
  });
});

describe('refuses what is not signed with the configured credentials, and changes nothing', () => {
  const DISABLE = { UserPoolId: POOL_ID, Username: EMAIL };

  it('a correctly signed request goes through (the control for the cases below)', async () => {
    expect((await served.signedCall('AdminDisableUser', DISABLE)).status).toBe(200);
    expect(await enabled()).toBe(false);
  });

  it('unsigned: MissingAuthenticationTokenException (403), for served and unknown Admin operations alike', async () => {
    for (const operation of ['AdminDisableUser', 'AdminDeleteUser', 'AdminAddUserToGroup']) {
      const response = await served.call(operation, DISABLE);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' });
    }
    expect(await enabled()).toBe(true);
  });

  it('signed with other credentials: UnrecognizedClientException; with the right key id and another secret: InvalidSignatureException', async () => {
    const otherKey = await rejection(sdk({ credentials: { accessKeyId: 'AKIAOTHERKEY000001', secretAccessKey: ADMIN_CREDENTIALS.secretAccessKey } }).send(new AdminDisableUserCommand(DISABLE)));
    expect(otherKey).toMatchObject({ name: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' });
    const otherSecret = await rejection(sdk({ credentials: { accessKeyId: ADMIN_CREDENTIALS.accessKeyId, secretAccessKey: 'another-secret-of-forty-characters-000000' } }).send(new AdminDisableUserCommand(DISABLE)));
    expect(otherSecret).toMatchObject({ name: 'InvalidSignatureException' });
    expect(await enabled()).toBe(true);
  });

  it('scoped to another region or service: InvalidSignatureException', async () => {
    expect(await rejection(sdk({ region: 'eu-west-1' }).send(new AdminDisableUserCommand(DISABLE)))).toMatchObject({ name: 'InvalidSignatureException' });
    const otherService = await served.signedCall('AdminDisableUser', DISABLE, { service: 's3' });
    expect(otherService.status).toBe(403);
    expect(otherService.body.__type).toBe('InvalidSignatureException');
    expect(await enabled()).toBe(true);
  });

  it('signed more than 5 minutes from the server time, either way: InvalidSignatureException; within 5 minutes: accepted', async () => {
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const response = await served.signedCall('AdminDisableUser', DISABLE, { signingDate: new Date(Date.now() + offset) });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ __type: 'InvalidSignatureException', message: expect.stringContaining('Signature expired') as string });
    }
    expect(await enabled()).toBe(true);
    expect((await served.signedCall('AdminDisableUser', DISABLE, { signingDate: new Date(Date.now() - 4 * 60_000) })).status).toBe(200);
  });

  it('a signed request replayed after 5 minutes is refused', async () => {
    let captured: { headers: Record<string, string>; body: string } | undefined;
    expect((await served.signedCall('AdminGetUser', DISABLE, {}, (request) => void (captured = request))).status).toBe(200);
    served.advance(6 * 60);
    try {
      const replay = await fetch(`${served.endpoint}/`, { method: 'POST', headers: Object.fromEntries(Object.entries(captured!.headers).filter(([name]) => name !== 'host')), body: captured!.body });
      expect(replay.status).toBe(403);
      expect(((await replay.json()) as { __type: string }).__type).toBe('InvalidSignatureException');
    } finally {
      served.advance(-6 * 60);
    }
  });

  it('changed after signing (the body, the operation, a signed header) or a signature of the wrong form: refused', async () => {
    const tampered: Array<[string, (request: { headers: Record<string, string>; body: string }) => void, string]> = [
      ['another user in the body', (request) => void (request.body = request.body.replace('clerk@', 'other@')), 'InvalidSignatureException'],
      [
        'another body with its own content hash',
        (request) => {
          request.body = JSON.stringify({ UserPoolId: POOL_ID, Username: 'boss@alder.test' });
          delete request.headers['x-amz-content-sha256'];
        },
        'InvalidSignatureException',
      ],
      ['another operation', (request) => void (request.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.AdminDeleteUser'), 'InvalidSignatureException'],
      ['one character of the signature', (request) => void (request.headers.authorization = request.headers.authorization!.replace(/.$/, (last) => (last === '0' ? '1' : '0'))), 'InvalidSignatureException'],
      ['a signature of the wrong length', (request) => void (request.headers.authorization = `${request.headers.authorization!}00`), 'IncompleteSignatureException'],
      ['another algorithm', (request) => void (request.headers.authorization = request.headers.authorization!.replace('AWS4-HMAC-SHA256', 'AWS4-HMAC-SHA1')), 'IncompleteSignatureException'],
      ['a garbled header', (request) => void (request.headers.authorization = 'Bearer abc'), 'IncompleteSignatureException'],
      ['no X-Amz-Date', (request) => void delete request.headers['x-amz-date'], 'IncompleteSignatureException'],
      [
        'the target left out of the signed headers',
        (request) => void (request.headers.authorization = request.headers.authorization!.replace(';x-amz-target', '')),
        'InvalidSignatureException',
      ],
    ];
    for (const [name, tamper, type] of tampered) {
      const response = await served.signedCall('AdminDisableUser', DISABLE, {}, tamper);
      expect([name, response.body.__type]).toEqual([name, type]);
      expect(response.status).toBeLessThan(500);
    }
    expect(await enabled()).toBe(true);
    expect(await database.db.select().from(identityUsers)).toHaveLength(1);
  });

  it('from a browser (an Origin header), even correctly signed: AccessDeniedException', async () => {
    const response = await served.signedCall('AdminDisableUser', DISABLE, {}, (request) => void (request.headers.origin = 'https://localhost:8443'));
    expect(response.status).toBe(403);
    expect(response.body.__type).toBe('AccessDeniedException');
    expect(await enabled()).toBe(true);
  });

  it('a server without configured credentials refuses every Admin operation', async () => {
    const response = await unconfigured.signedCall('AdminDisableUser', DISABLE);
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('UnrecognizedClientException');
    expect(await enabled()).toBe(true);
  });

  it('logs refusals by type, never the credentials, the signature or the username', () => {
    const text = logs.lines.join('\n');
    expect(text).toContain('InvalidSignatureException');
    expect(text).not.toContain(ADMIN_CREDENTIALS.secretAccessKey);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toMatch(/Signature=/);
  });
});
