/**
 * The Admin* operations of Cognito's user-pool protocol, as the AWS SDK
 * (`@aws-sdk/client-cognito-identity-provider`) sends them: the same provisioning the server does
 * in process (provisioning-pool.ts), reachable by an administrator's script, and what lets the
 * Cognito implementation of provisioning (provisioning-cognito.ts) be tested against this pool.
 *
 * Every request must be signed with AWS Signature Version 4 under the credentials the server is
 * configured with (sigv4.ts; routes.ts checks it before the body is read as JSON); without
 * configured credentials every Admin operation is refused. Browsers never reach them: a request
 * that carries an Origin header is refused.
 *
 * Differences from Cognito: AdminCreateUser takes a TemporaryPassword and MessageAction SUPPRESS
 * (the pool mails no invitations: Cannery does), and only the attributes this pool keeps (`email`,
 * which must be the username, `email_verified` true, `name`).
 */
import { eq } from 'drizzle-orm';
import { READ_ONLY } from './attributes';
import { turnAuthenticatorOff } from './authenticator';
import { refuseOtherMfa } from './mfa';
import type { PoolContext, PoolOperation } from './context';
import { devicesPage, forgetDeviceOf } from './devices';
import { CognitoError, MESSAGES, invalidParameter, missingParameter } from './errors';
import { optionalObject, optionalString, requiredString } from './input';
import { authenticatorOn, poolUserAdministration } from './provisioning-pool';
import { identityUsers } from './schema';
import { normalizeUsername, type PoolUser } from './users';

/** At most this many attributes in one AdminCreateUser (Cognito's schema has fewer). */
const MAX_ATTRIBUTES = 50;

const seconds = (date: Date) => date.getTime() / 1000;

function attributesOf(user: PoolUser) {
  return [
    { Name: 'sub', Value: user.id },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
    ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
  ];
}

function mfaOf(user: PoolUser) {
  return authenticatorOn(user) ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], ...(user.totpPreferred ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}) } : {};
}

/** UserPoolId must name this pool. */
function requirePool(context: PoolContext, input: Record<string, unknown>): void {
  const requested = requiredString(input, 'UserPoolId');
  if (requested !== context.poolId) throw new CognitoError('ResourceNotFoundException', `User pool ${requested} does not exist.`);
}

function optionalBoolean(input: Record<string, unknown>, key: string): boolean | undefined {
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidParameter(`${key} must be true or false`);
  return value;
}

/** The attributes of AdminCreateUser: `name` is kept; `email` and `email_verified` must agree with what the pool stores. */
function createAttributes(input: Record<string, unknown>, username: string): { name?: string } {
  const list = Object.hasOwn(input, 'UserAttributes') ? input.UserAttributes : undefined;
  if (list === undefined || list === null) return {};
  if (!Array.isArray(list)) throw invalidParameter('UserAttributes must be a list of attributes');
  if (list.length > MAX_ATTRIBUTES) throw invalidParameter(`UserAttributes must hold at most ${MAX_ATTRIBUTES} attributes`);
  const result: { name?: string } = {};
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalidParameter('UserAttributes must be a list of attributes');
    const fields = entry as Record<string, unknown>;
    const name = Object.hasOwn(fields, 'Name') ? fields.Name : undefined;
    const value = Object.hasOwn(fields, 'Value') ? fields.Value : undefined;
    if (typeof name !== 'string' || !name) throw invalidParameter('UserAttributes has an attribute without a Name');
    if (value !== undefined && value !== null && typeof value !== 'string') throw invalidParameter('UserAttributes has an attribute whose Value is not a string');
    const text = typeof value === 'string' ? value : '';
    if (name === 'email') {
      if (normalizeUsername(text) !== username) throw invalidParameter('The email attribute must be the username: this pool names users by their email.');
    } else if (name === 'email_verified') {
      if (text.toLowerCase() !== 'true') throw invalidParameter('email_verified must be true: this pool mails codes to the address an administrator gave.');
    } else if (name === 'name') {
      result.name = text;
    } else {
      // Named only when it is one of Cognito's own: anything else the caller made up is not repeated.
      throw invalidParameter(READ_ONLY.has(name) ? `user.${name}: Attribute does not exist in the schema.` : 'Attribute does not exist in the schema.');
    }
  }
  return result;
}

const users = (context: PoolContext) => poolUserAdministration(context);

const adminCreateUser: PoolOperation = async (context, input) => {
  requirePool(context, input);
  const username = normalizeUsername(requiredString(input, 'Username'));
  const action = optionalString(input, 'MessageAction');
  if (action !== 'SUPPRESS') {
    throw invalidParameter('MessageAction must be SUPPRESS: this user pool mails no invitations (give a TemporaryPassword and send it yourself).');
  }
  const temporaryPassword = optionalString(input, 'TemporaryPassword');
  if (!temporaryPassword) throw missingParameter('TemporaryPassword');
  const { name } = createAttributes(input, username);
  const user = await users(context).create({ username, name, temporaryPassword });
  return {
    User: {
      Username: user.username,
      Attributes: attributesOf(user),
      UserCreateDate: seconds(user.createdAt),
      UserLastModifiedDate: seconds(user.updatedAt),
      Enabled: user.enabled,
      UserStatus: user.status,
    },
  };
};

const adminGetUser: PoolOperation = async (context, input) => {
  requirePool(context, input);
  const user = await users(context).get(requiredString(input, 'Username'));
  return {
    Username: user.username,
    UserAttributes: attributesOf(user),
    UserCreateDate: seconds(user.createdAt),
    UserLastModifiedDate: seconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
    ...mfaOf(user),
  };
};

const adminSetUserPassword: PoolOperation = async (context, input) => {
  requirePool(context, input);
  const username = requiredString(input, 'Username');
  const password = requiredString(input, 'Password');
  await users(context).setPassword(username, password, optionalBoolean(input, 'Permanent') ?? false);
  return {};
};

/** Runs `work` on the named user and answers `{}`. */
const onUser =
  (work: (context: PoolContext, username: string) => Promise<void>): PoolOperation =>
  async (context, input) => {
    requirePool(context, input);
    await work(context, requiredString(input, 'Username'));
    return {};
  };

/** Only authenticator apps exist in this pool: SMS and email codes can be turned off (they are), never on. */
const adminSetUserMfaPreference: PoolOperation = async (context, input) => {
  requirePool(context, input);
  const user = await users(context).get(requiredString(input, 'Username'));
  refuseOtherMfa(input);
  const totp = optionalObject(input, 'SoftwareTokenMfaSettings');
  if (!totp) return {};
  const preferred = typeof totp.PreferredMfa === 'boolean' ? totp.PreferredMfa : undefined;
  if (totp.Enabled === false) {
    // As when the user turns it off: the secret is dropped and remembered devices forgotten.
    await turnAuthenticatorOff(context, user.id, context.now());
    context.logger.info({ sub: user.id }, 'pool user authenticator turned off by an administrator');
    return {};
  }
  if (totp.Enabled === true && !user.totpSecret) throw invalidParameter(MESSAGES.totpNotVerified);
  if (totp.Enabled === true || (preferred !== undefined && user.totpEnabled)) {
    await context.db
      .update(identityUsers)
      .set({ ...(totp.Enabled === true ? { totpEnabled: true } : {}), totpPreferred: preferred ?? user.totpPreferred, updatedAt: context.now() })
      .where(eq(identityUsers.id, user.id));
  }
  return {};
};

const adminListDevices: PoolOperation = async (context, input) => {
  requirePool(context, input);
  const user = await users(context).get(requiredString(input, 'Username'));
  return devicesPage(context, user.id, input);
};

const adminForgetDevice: PoolOperation = async (context, input) => {
  requirePool(context, input);
  const user = await users(context).get(requiredString(input, 'Username'));
  await forgetDeviceOf(context, user, requiredString(input, 'DeviceKey'));
  return {};
};

/** The Admin* operations the pool serves to signed requests. */
export const ADMIN_OPERATIONS: Readonly<Record<string, PoolOperation>> = {
  AdminCreateUser: adminCreateUser,
  AdminGetUser: adminGetUser,
  AdminSetUserPassword: adminSetUserPassword,
  AdminResetUserPassword: onUser((context, username) => users(context).requireReset(username)),
  AdminDisableUser: onUser((context, username) => users(context).setEnabled(username, false)),
  AdminEnableUser: onUser((context, username) => users(context).setEnabled(username, true)),
  AdminUserGlobalSignOut: onUser((context, username) => users(context).signOutEverywhere(username)),
  AdminSetUserMFAPreference: adminSetUserMfaPreference,
  AdminListDevices: adminListDevices,
  AdminForgetDevice: adminForgetDevice,
  AdminDeleteUser: onUser((context, username) => users(context).delete(username)),
};
