/**
 * Provisioning on the built-in pool, in process: what Cognito's Admin* operations do to a user,
 * over the pool's own tables and code. `poolUserAdministration` is shared by the in-process
 * provisioner (`builtInProvisioner`) and the signed Admin* operations of the pool's protocol
 * endpoint (admin-protocol.ts), so both behave alike; it throws CognitoError with Cognito's names.
 * - create: a user whose first sign-in must set a new password (FORCE_CHANGE_PASSWORD), email
 *   verified, no mail from the pool (Cannery mails the invitation itself);
 * - disable: refuses sign-in ("User is disabled."), refresh and the user's access tokens, and
 *   revokes every refresh token, so enabling again does not bring old sessions back;
 * - reset required: RESET_REQUIRED, sessions revoked, a reset code mailed; sign-in then answers
 *   PasswordResetRequiredException until the forgotten-password flow sets a new password;
 * - reset authenticator: the authenticator app off, its secrets dropped, remembered devices forgotten;
 * - delete: the user and everything of theirs in the pool (sessions, devices, codes).
 */
import { eq } from 'drizzle-orm';
import { textProblem } from '../../src/api/contract/text';
import { MAX_ATTRIBUTE_VALUE } from './attributes';
import { turnAuthenticatorOff } from './authenticator';
import type { PoolContext } from './context';
import { CognitoError, MESSAGES, invalidParameter } from './errors';
import { issueResetCode } from './passwords';
import { assertPasswordAllowed } from './password-policy';
import { identityUsers } from './schema';
import { revokeSessions } from './sessions';
import { createPoolUser, findPoolUser, isEmailAddress, isUniqueViolation, normalizeUsername, passwordColumns, PoolUserExistsError, type PoolUser } from './users';
import { ProvisioningError, type IdentityProvisioner, type ProvisionedUser } from './provisioning';

/** Cognito's limit on a username. */
const MAX_USERNAME = 128;

/** Whether the user's authenticator app is on (what an administrator sees, whatever the account's policy). */
export const authenticatorOn = (user: PoolUser) => user.totpEnabled && user.totpSecret !== null;

export function provisionedUserOf(user: PoolUser): ProvisionedUser {
  return { sub: user.id, status: user.status, enabled: user.enabled, authenticator: authenticatorOn(user) };
}

/** A username as the Admin* operations take it: an email address, one line, at most 128 characters. */
function checkedUsername(value: string): string {
  const username = normalizeUsername(value);
  if (username.length > MAX_USERNAME || textProblem(username, 'line') || !isEmailAddress(username)) {
    throw invalidParameter('Username must be an email address of at most 128 characters.');
  }
  return username;
}

/** A display name: one line of at most 2048 characters, trimmed; empty means none. */
function checkedName(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > MAX_ATTRIBUTE_VALUE) throw invalidParameter(`user.name: String must be no longer than ${MAX_ATTRIBUTE_VALUE} characters`);
  const problem = textProblem(value, 'line');
  if (problem) throw invalidParameter(`user.name: Value ${problem}`);
  return value.trim() || undefined;
}

export function poolUserAdministration(context: PoolContext) {
  const { db, poolId } = context;

  async function existing(username: string): Promise<PoolUser> {
    const user = await findPoolUser(db, poolId, checkedUsername(username));
    if (!user) throw new CognitoError('UserNotFoundException', MESSAGES.userDoesNotExist);
    return user;
  }

  async function update(user: PoolUser, values: Partial<typeof identityUsers.$inferInsert>): Promise<PoolUser> {
    const [row] = await db
      .update(identityUsers)
      .set({ ...values, updatedAt: context.now() })
      .where(eq(identityUsers.id, user.id))
      .returning();
    // Deleted between the read and the write.
    if (!row) throw new CognitoError('UserNotFoundException', MESSAGES.userDoesNotExist);
    return row;
  }

  return {
    /** AdminCreateUser: a FORCE_CHANGE_PASSWORD user with a temporary password. */
    async create(input: { username: string; name?: string | undefined; temporaryPassword: string }): Promise<PoolUser> {
      const username = checkedUsername(input.username);
      const name = checkedName(input.name);
      assertPasswordAllowed(input.temporaryPassword, 'temporaryPassword');
      try {
        await createPoolUser(db, { poolId, email: username, temporaryPassword: input.temporaryPassword, name, link: false, now: context.now() });
      } catch (error) {
        if (error instanceof PoolUserExistsError || isUniqueViolation(error)) throw new CognitoError('UsernameExistsException', MESSAGES.usernameExists);
        throw error;
      }
      return existing(username);
    },

    /** AdminGetUser: the user, or undefined. */
    async find(username: string): Promise<PoolUser | undefined> {
      return findPoolUser(db, poolId, checkedUsername(username));
    },

    /** AdminGetUser, UserNotFoundException when there is none. */
    get: existing,

    /** AdminSetUserPassword: permanent (CONFIRMED) or temporary (FORCE_CHANGE_PASSWORD); clears a lockout. */
    async setPassword(username: string, password: string, permanent: boolean): Promise<void> {
      const user = await existing(username);
      assertPasswordAllowed(password);
      await update(user, passwordColumns(poolId, user.username, password, permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD', context.now()));
    },

    /**
     * AdminResetUserPassword: the password stops working, sessions end, and a reset code is mailed;
     * a user who never set a password (FORCE_CHANGE_PASSWORD) or is disabled cannot be reset.
     */
    async requireReset(username: string): Promise<void> {
      const user = await existing(username);
      if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
      if (user.status === 'FORCE_CHANGE_PASSWORD') throw new CognitoError('NotAuthorizedException', MESSAGES.cannotResetInState);
      // Without mail the user could never get the code: the password keeps working instead.
      if (context.mailOff) throw new CognitoError('InvalidParameterException', MESSAGES.noVerifiedEmail);
      const updated = await update(user, { status: 'RESET_REQUIRED' });
      await revokeSessions(context, user.id);
      if (updated.emailVerified) await issueResetCode(context, updated);
      context.logger.info({ sub: user.id }, 'pool user must reset the password');
    },

    /** AdminDisableUser / AdminEnableUser. Disabling revokes every session too. */
    async setEnabled(username: string, enabled: boolean): Promise<void> {
      const user = await existing(username);
      if (user.enabled !== enabled) await update(user, { enabled });
      if (!enabled) await revokeSessions(context, user.id);
      context.logger.info({ sub: user.id, enabled }, 'pool user enabled or disabled');
    },

    /** AdminUserGlobalSignOut: every refresh token of the user stops working, and their access tokens with them. */
    async signOutEverywhere(username: string): Promise<void> {
      const user = await existing(username);
      await revokeSessions(context, user.id);
    },

    /** AdminSetUserMFAPreference with the authenticator off: its secrets dropped, devices forgotten. */
    async resetAuthenticator(username: string): Promise<void> {
      const user = await existing(username);
      await turnAuthenticatorOff(context, user.id, context.now());
      context.logger.info({ sub: user.id }, 'pool user authenticator reset');
    },

    /** AdminDeleteUser: the user and their sessions, devices and codes (the tables cascade). */
    async delete(username: string): Promise<void> {
      const user = await existing(username);
      const deleted = await db.delete(identityUsers).where(eq(identityUsers.id, user.id)).returning({ id: identityUsers.id });
      if (deleted.length === 0) throw new CognitoError('UserNotFoundException', MESSAGES.userDoesNotExist);
      context.logger.info({ sub: user.id }, 'pool user deleted');
    },
  };
}

export type PoolUserAdministration = ReturnType<typeof poolUserAdministration>;

/** A CognitoError of the pool as the provisioning interface reports it; anything else is thrown as it is. */
export function provisioningErrorOf(error: unknown): unknown {
  if (!(error instanceof CognitoError)) return error;
  switch (error.type) {
    case 'UsernameExistsException':
      return new ProvisioningError('exists', error.message);
    case 'UserNotFoundException':
      return new ProvisioningError('not_found', error.message);
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
    case 'NotAuthorizedException':
      return new ProvisioningError('invalid', error.message);
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return new ProvisioningError('unavailable', error.message);
    default:
      return error;
  }
}

async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw provisioningErrorOf(error);
  }
}

/** The built-in pool as an IdentityProvisioner (the server's, when it runs its own pool). */
export function builtInProvisioner(context: PoolContext): IdentityProvisioner {
  const users = poolUserAdministration(context);
  return {
    kind: 'built-in',
    createUser: ({ email, name, temporaryPassword }) => translated(async () => provisionedUserOf(await users.create({ username: email, name, temporaryPassword }))),
    getUser: (email) =>
      translated(async () => {
        const user = await users.find(email);
        return user ? provisionedUserOf(user) : null;
      }),
    setTemporaryPassword: (email, temporaryPassword) => translated(() => users.setPassword(email, temporaryPassword, false)),
    requirePasswordReset: (email) => translated(() => users.requireReset(email)),
    disableUser: (email) => translated(() => users.setEnabled(email, false)),
    enableUser: (email) => translated(() => users.setEnabled(email, true)),
    signOutEverywhere: (email) => translated(() => users.signOutEverywhere(email)),
    resetAuthenticator: (email) => translated(() => users.resetAuthenticator(email)),
    deleteUser: (email) => translated(() => users.delete(email)),
  };
}
