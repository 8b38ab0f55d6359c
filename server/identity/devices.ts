/**
 * Remembered devices: a sign-in that answered an authenticator code hands the client a new device
 * (`NewDeviceMetadata`: a device key and group key). Amplify confirms it at once (ConfirmDevice,
 * with an SRP verifier of a random password only the device holds); the user may then remember it
 * (UpdateDeviceStatus), and later sign-ins from it prove the device with SRP instead of a code
 * (second-factor.ts). Devices are listed (ListDevices) and forgotten (ForgetDevice) with an
 * access token. Unconfirmed devices are invisible to every operation; another user's device and
 * an unknown one are answered alike (ResourceNotFoundException).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { addSeconds, type PoolContext, type PoolOperation } from './context';
import { CognitoError, MESSAGES, invalidParameter, missingParameter } from './errors';
import { optionalNumber, optionalObject, optionalString, requiredString } from './input';
import { identityDevices } from './schema';
import { userOfAccessToken } from './sessions';
import type { OperationInput } from './types';
import type { PoolUser } from './users';

export type PoolDevice = typeof identityDevices.$inferSelect;

/** Cognito's page size for ListDevices, and its maximum. */
export const DEVICE_PAGE = 60;
/** Devices handed out but never confirmed are dropped after this. */
const UNCONFIRMED_SECONDS = 24 * 3600;

const notFound = () => new CognitoError('ResourceNotFoundException', MESSAGES.deviceNotFound);

/** A new, unconfirmed device for the user; returns what AuthenticationResult.NewDeviceMetadata carries. */
export async function issueDevice(context: PoolContext, user: PoolUser, ip: string): Promise<{ DeviceKey: string; DeviceGroupKey: string }> {
  const at = context.now();
  const region = context.poolId.split('_')[0] ?? 'local';
  const device = { deviceKey: `${region}_${randomUUID()}`, groupKey: `-${randomBytes(9).toString('base64url')}` };
  await context.db
    .delete(identityDevices)
    .where(and(eq(identityDevices.userId, user.id), isNull(identityDevices.srpVerifier), lt(identityDevices.createdAt, addSeconds(at, -UNCONFIRMED_SECONDS))));
  await context.db.insert(identityDevices).values({ ...device, userId: user.id, lastIp: ip, createdAt: at, updatedAt: at, lastAuthenticatedAt: at });
  return { DeviceKey: device.deviceKey, DeviceGroupKey: device.groupKey };
}

/** The user's device of that key, confirmed or not. */
export async function deviceOfUser(context: PoolContext, userId: string, deviceKey: string | undefined): Promise<PoolDevice | undefined> {
  if (!deviceKey) return undefined;
  const [row] = await context.db
    .select()
    .from(identityDevices)
    .where(and(eq(identityDevices.deviceKey, deviceKey), eq(identityDevices.userId, userId)))
    .limit(1);
  return row;
}

/** The device, when it is the user's, confirmed and remembered: it may stand in for a code. */
export async function rememberedDevice(context: PoolContext, userId: string, deviceKey: string | undefined): Promise<PoolDevice | undefined> {
  const device = await deviceOfUser(context, userId, deviceKey);
  return device?.srpVerifier && device.srpSalt && device.remembered ? device : undefined;
}

/** Notes a sign-in proved by the device. */
export async function touchDevice(context: PoolContext, device: PoolDevice, ip: string): Promise<void> {
  await context.db
    .update(identityDevices)
    .set({ lastAuthenticatedAt: context.now(), lastIp: ip })
    .where(eq(identityDevices.deviceKey, device.deviceKey));
}

async function confirmedDevice(context: PoolContext, user: PoolUser, deviceKey: string): Promise<PoolDevice> {
  const device = await deviceOfUser(context, user.id, deviceKey);
  if (!device?.srpVerifier) throw notFound();
  return device;
}

/** Base64 that decodes to between 1 and `max` bytes, as hex; InvalidParameterException otherwise. */
function base64Hex(value: string | boolean | undefined, name: string, max: number): string {
  if (typeof value !== 'string' || value === '') throw missingParameter(`DeviceSecretVerifierConfig.${name}`);
  const bytes = Buffer.from(value, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || bytes.length === 0 || bytes.length > max) {
    throw invalidParameter(`DeviceSecretVerifierConfig.${name} must be base64 of at most ${max} bytes`);
  }
  return bytes.toString('hex');
}

const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : undefined);

function deviceType(device: PoolDevice) {
  return {
    DeviceKey: device.deviceKey,
    DeviceAttributes: [
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
      ...(device.lastIp ? [{ Name: 'last_ip_used', Value: device.lastIp }] : []),
    ],
    DeviceCreateDate: seconds(device.createdAt),
    DeviceLastModifiedDate: seconds(device.updatedAt),
    DeviceLastAuthenticatedDate: seconds(device.lastAuthenticatedAt),
  };
}

/** The opaque ListDevices cursor: the last device listed, by creation time and key. */
const pageToken = (device: PoolDevice) => Buffer.from(JSON.stringify([device.createdAt.getTime(), device.deviceKey]), 'utf8').toString('base64url');

function readPageToken(token: string): { createdAt: Date; deviceKey: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string') {
      const createdAt = new Date(value[0] as number);
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, deviceKey: value[1] };
    }
  } catch {
    // Answered below, as any other token that is not ours.
  }
  throw invalidParameter('PaginationToken is not valid.');
}

// --- operations -----------------------------------------------------------------------------------

/** Amplify confirms a new device by itself after a code sign-in (getNewDeviceMetadata). */
export const confirmDevice: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  const deviceKey = requiredString(input, 'DeviceKey');
  const config = optionalObject(input, 'DeviceSecretVerifierConfig');
  if (!config) throw missingParameter('DeviceSecretVerifierConfig');
  const srpVerifier = base64Hex(config.PasswordVerifier, 'PasswordVerifier', 400);
  const srpSalt = base64Hex(config.Salt, 'Salt', 64);
  const device = await deviceOfUser(context, user.id, deviceKey);
  if (!device || device.srpVerifier) throw notFound();
  const name = optionalString(input, 'DeviceName');
  await context.db
    .update(identityDevices)
    .set({ srpSalt, srpVerifier, name: name ?? null, updatedAt: context.now() })
    .where(and(eq(identityDevices.deviceKey, deviceKey), isNull(identityDevices.srpVerifier)));
  // Devices are remembered only when the user says so (UpdateDeviceStatus).
  return { UserConfirmationNecessary: true };
};

/** Amplify's `rememberDevice` (and remembering off: `not_remembered`). */
export const updateDeviceStatus: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  const device = await confirmedDevice(context, user, requiredString(input, 'DeviceKey'));
  const status = optionalString(input, 'DeviceRememberedStatus') ?? 'not_remembered';
  if (status !== 'remembered' && status !== 'not_remembered') {
    throw invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
  }
  await context.db
    .update(identityDevices)
    .set({ remembered: status === 'remembered', updatedAt: context.now() })
    .where(eq(identityDevices.deviceKey, device.deviceKey));
  return {};
};

/** A page of the user's confirmed devices, newest first (ListDevices and AdminListDevices). */
export async function devicesPage(context: PoolContext, userId: string, input: OperationInput) {
  const limit = optionalNumber(input, 'Limit') || DEVICE_PAGE;
  const token = optionalString(input, 'PaginationToken');
  const after = token ? readPageToken(token) : undefined;
  const rows = await context.db
    .select()
    .from(identityDevices)
    .where(
      and(
        eq(identityDevices.userId, userId),
        isNotNull(identityDevices.srpVerifier),
        after
          ? or(
              lt(identityDevices.createdAt, after.createdAt),
              and(eq(identityDevices.createdAt, after.createdAt), lt(identityDevices.deviceKey, after.deviceKey)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(identityDevices.createdAt), desc(identityDevices.deviceKey))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { Devices: page.map(deviceType), ...(rows.length > limit && last ? { PaginationToken: pageToken(last) } : {}) };
}

/** Forgets a confirmed device of the user (ForgetDevice and AdminForgetDevice); ResourceNotFoundException otherwise. */
export async function forgetDeviceOf(context: PoolContext, user: PoolUser, deviceKey: string): Promise<void> {
  const device = await confirmedDevice(context, user, deviceKey);
  await context.db.delete(identityDevices).where(eq(identityDevices.deviceKey, device.deviceKey));
}

/** Amplify's `fetchDevices`: the user's confirmed devices, newest first, up to 60 a page. */
export const listDevices: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  return devicesPage(context, user.id, input);
};

/** Amplify's `forgetDevice`: the device must sign in with a code again. */
export const forgetDevice: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  await forgetDeviceOf(context, user, requiredString(input, 'DeviceKey'));
  return {};
};
