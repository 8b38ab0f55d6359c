import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmSignIn, fetchAuthSession, fetchDevices, forgetDevice, rememberDevice, setUpTOTP, signIn, signOut, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { identityDevices, identityUsers } from '../../../server/identity/schema';
import { totpCode } from '../../../server/identity/totp';
import { resetDatabase, testDatabase } from '../support/database';
import { GOOD_PASSWORD, configureAmplify, rejection, servePool, type ServedPool } from './support';

/**
 * Remembered devices through the real aws-amplify client: a code sign-in hands out a device that
 * Amplify confirms, remembering it skips the code (device SRP), forgetting it brings the code back;
 * and ListDevices, UpdateDeviceStatus and ForgetDevice on the wire.
 */
let database: Database;
let served: ServedPool;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const code = (secret: string) => totpCode(secret, now());
const EMAIL = 'alice@alder.test';

beforeAll(async () => {
  // Amplify names a new device from navigator (getDeviceName), which Node 20 lacks: a browser's stand-in.
  if (!('navigator' in globalThis)) Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node test runner' }, configurable: true });
  database = await testDatabase();
  served = await servePool(database, { now, limits: { signInsPerUsername: 1000, challengeAnswersPerIp: 1000 } });
  configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(() => resetDatabase(database));
afterEach(() => signOut());

/** A user with a preferred authenticator, signed in with a code on this (new) device. */
async function signedInWithCode(): Promise<string> {
  await served.pool.createUser({ email: EMAIL, password: GOOD_PASSWORD });
  await signIn({ username: EMAIL, password: GOOD_PASSWORD });
  const { sharedSecret } = await setUpTOTP();
  await verifyTOTPSetup({ code: code(sharedSecret) });
  await updateMFAPreference({ totp: 'PREFERRED' });
  await signOut();
  offsetMs += 30_000;
  await signIn({ username: EMAIL, password: GOOD_PASSWORD });
  expect((await confirmSignIn({ challengeResponse: code(sharedSecret) })).isSignedIn).toBe(true);
  return sharedSecret;
}

async function accessToken(): Promise<string> {
  return (await fetchAuthSession()).tokens?.accessToken.toString() ?? '';
}

describe('remembering a device', () => {
  it('confirms the device handed out with a code sign-in, not yet remembered', async () => {
    await signedInWithCode();
    expect(served.operations).toContain('ConfirmDevice');
    const devices = await fetchDevices();
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({
      id: expect.stringMatching(/^local_[0-9a-f-]{36}$/),
      attributes: { device_status: 'valid', device_remembered_status: 'not_remembered', last_ip_used: '127.0.0.1' },
    });
    expect(devices[0]?.createDate).toBeInstanceOf(Date);
  });

  it('skips the code on a remembered device, and asks again once it is forgotten', async () => {
    const secret = await signedInWithCode();
    await rememberDevice();
    const [listed] = await fetchDevices();
    expect(listed?.attributes.device_remembered_status).toBe('remembered');
    expect(listed?.name).toBeTruthy();
    await signOut();

    const before = served.operations.length;
    expect(await signIn({ username: EMAIL, password: GOOD_PASSWORD })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(served.operations.slice(before)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RespondToAuthChallenge', 'RespondToAuthChallenge']);
    const [row] = await database.db.select().from(identityDevices);
    expect(row?.lastAuthenticatedAt).not.toBeNull();
    // A refresh on the remembered device (Amplify sends its DEVICE_KEY along) gives new tokens.
    const held = await accessToken();
    expect((await fetchAuthSession({ forceRefresh: true })).tokens?.accessToken.toString()).not.toBe(held);

    await forgetDevice();
    expect(await fetchDevices()).toEqual([]);
    await signOut();
    offsetMs += 30_000;
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: code(secret) })).isSignedIn).toBe(true);
  });

  it('skips the code with USER_PASSWORD_AUTH too', async () => {
    await signedInWithCode();
    await rememberDevice();
    await signOut();
    const before = served.operations.length;
    const result = await signIn({ username: EMAIL, password: GOOD_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(result.isSignedIn).toBe(true);
    expect(served.operations.slice(before)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RespondToAuthChallenge']);
  });

  it('hands out no new device when the sign-in used a remembered one, and one per new code sign-in otherwise', async () => {
    const secret = await signedInWithCode();
    await rememberDevice();
    await signOut();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await database.db.select().from(identityDevices)).toHaveLength(1);
    await forgetDevice();
    await signOut();
    offsetMs += 30_000;
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    await confirmSignIn({ challengeResponse: code(secret) });
    const devices = await fetchDevices();
    expect(devices).toHaveLength(1);
    expect(devices[0]?.attributes.device_remembered_status).toBe('not_remembered');
  });

  it('asks for the code on a device set back to not remembered', async () => {
    await signedInWithCode();
    await rememberDevice();
    const [device] = await fetchDevices();
    const answer = await served.call('UpdateDeviceStatus', { AccessToken: await accessToken(), DeviceKey: device?.id, DeviceRememberedStatus: 'not_remembered' });
    expect(answer).toMatchObject({ status: 200, body: {} });
    await signOut();
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it('counts a failed device proof as a failed sign-in', async () => {
    await signedInWithCode();
    await rememberDevice();
    const [device] = await fetchDevices();
    await signOut();
    // The device's verifier no longer matches the password only the device holds.
    await database.db.update(identityDevices).set({ srpVerifier: 'abcdef' });
    expect(await rejection(signIn({ username: EMAIL, password: GOOD_PASSWORD }))).toMatchObject({ name: 'NotAuthorizedException' });
    const [user] = await database.db.select().from(identityUsers);
    expect(user?.failedAttempts).toBe(1);
    expect(device).toBeDefined();
  });
});

describe('the device operations on the wire', () => {
  it('pages ListDevices at 60, newest first, with an opaque token', async () => {
    await signedInWithCode();
    const [user] = await database.db.select().from(identityUsers);
    const base = Date.now();
    await database.db.insert(identityDevices).values(
      Array.from({ length: 64 }, (_, index) => ({
        deviceKey: `local_00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        userId: user!.id,
        groupKey: '-group',
        name: `Device ${index}`,
        srpSalt: 'ab',
        srpVerifier: 'cd',
        createdAt: new Date(base - (index % 10) * 1000),
        updatedAt: new Date(base),
      })),
    );
    const token = await accessToken();
    const first = await served.call('ListDevices', { AccessToken: token, Limit: 60 });
    expect(first.status).toBe(200);
    expect(first.body.Devices).toHaveLength(60);
    expect(typeof first.body.PaginationToken).toBe('string');
    expect(first.body.Devices[0]).toMatchObject({
      DeviceKey: expect.any(String),
      DeviceAttributes: expect.arrayContaining([{ Name: 'device_status', Value: 'valid' }]),
      DeviceCreateDate: expect.any(Number),
      DeviceLastModifiedDate: expect.any(Number),
    });
    const second = await served.call('ListDevices', { AccessToken: token, PaginationToken: first.body.PaginationToken });
    // The 64 above and the device this test signed in on.
    expect(second.body.Devices).toHaveLength(5);
    expect(second.body.PaginationToken).toBeUndefined();
    const keys = [...first.body.Devices, ...second.body.Devices].map((device: { DeviceKey: string }) => device.DeviceKey);
    expect(new Set(keys).size).toBe(65);
    const dates = [...first.body.Devices, ...second.body.Devices].map((device: { DeviceCreateDate: number }) => device.DeviceCreateDate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await served.call('ListDevices', { AccessToken: token, Limit: 61 })).body.__type).toBe('InvalidParameterException');
    for (const forged of ['bm90LW91cnM', Buffer.from('[9e15,"x"]').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      expect((await served.call('ListDevices', { AccessToken: token, PaginationToken: forged })).body.__type).toBe('InvalidParameterException');
    }
  });

  it("answers an unknown device and another user's device alike", async () => {
    await served.pool.createUser({ email: 'bob@alder.test', password: GOOD_PASSWORD });
    const [bob] = await database.db.select().from(identityUsers);
    await database.db.insert(identityDevices).values({
      deviceKey: 'local_bobs-device',
      userId: bob!.id,
      groupKey: '-g',
      srpSalt: 'ab',
      srpVerifier: 'cd',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await signedInWithCode();
    const token = await accessToken();
    for (const DeviceKey of ['local_bobs-device', 'local_nothing']) {
      for (const [operation, extra] of [
        ['ForgetDevice', {}],
        ['UpdateDeviceStatus', { DeviceRememberedStatus: 'remembered' }],
      ] as const) {
        const answer = await served.call(operation, { AccessToken: token, DeviceKey, ...extra });
        expect(answer.body).toEqual({ __type: 'ResourceNotFoundException', message: 'Device does not exist.' });
      }
    }
    const confirm = await served.call('ConfirmDevice', {
      AccessToken: token,
      DeviceKey: 'local_bobs-device',
      DeviceSecretVerifierConfig: { PasswordVerifier: 'q80=', Salt: 'q80=' },
    });
    expect(confirm.body.__type).toBe('ResourceNotFoundException');
    // Bob's device is as it was: none of the calls reached it.
    const [bobsDevice] = await database.db.select().from(identityDevices).where(eq(identityDevices.deviceKey, 'local_bobs-device'));
    expect(bobsDevice).toMatchObject({ userId: bob!.id, srpSalt: 'ab', srpVerifier: 'cd' });
  });
});
