/**
 * A user's authenticator app as the pool keeps it, and the account policy that governs it: the
 * sealed secrets (secret-box.ts), checking a code against them once per time step (totp.ts), and
 * the policy of the Cannery account the user belongs to (`accounts.mfa_policy`, found through the
 * Cannery user linked by `cognito_sub`; a pool user without one is 'optional').
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { accounts, users, type MfaPolicy } from '../db/schema';
import type { PoolContext } from './context';
import { CognitoError } from './errors';
import { identityDevices, identityUsers } from './schema';
import { open, seal } from './secret-box';
import { acceptedStep } from './totp';
import type { PoolUser } from './users';

export type { MfaPolicy } from '../db/schema';

/** The policy of the account the pool user belongs to. */
export async function mfaPolicyOf(context: PoolContext, userId: string): Promise<MfaPolicy> {
  const [row] = await context.db
    .select({ policy: accounts.mfaPolicy })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    // The Cannery user linked to this pool's user: same sub, and this pool's issuer (or none recorded).
    .where(and(eq(users.cognitoSub, userId), or(isNull(users.cognitoIssuer), eq(users.cognitoIssuer, context.issuer))))
    .limit(1);
  return row?.policy ?? 'optional';
}

export async function sealSecret(context: PoolContext, userId: string, secret: string): Promise<string> {
  return seal(await context.dataKey(), userId, secret);
}

/** Stores a new secret waiting for its first code; it replaces any other waiting one. */
export async function storePendingSecret(context: PoolContext, user: PoolUser, secret: string): Promise<void> {
  await context.db
    .update(identityUsers)
    .set({ totpPendingSecret: await sealSecret(context, user.id, secret), updatedAt: context.now() })
    .where(eq(identityUsers.id, user.id));
}

/**
 * A sealed secret of the user, opened. One that does not open (sealed under another data key:
 * CANNERY_POOL_DATA_KEY changed or was set after secrets were sealed with the development key) is
 * an error for an administrator to clear with `reset-mfa`, never a wrong code.
 */
async function openSecret(context: PoolContext, user: PoolUser, sealed: string): Promise<string> {
  const key = await context.dataKey();
  try {
    return open(key, user.id, sealed);
  } catch {
    context.logger.error({ sub: user.id }, 'authenticator secret does not open with the data key: reset-mfa clears it');
    throw new CognitoError('InternalErrorException', 'The authenticator app of this user cannot be read; an administrator must reset it.', 500);
  }
}

/**
 * Whether `code` is right for the user's secret (`which`) now, at a time step after the last one
 * accepted; a right code takes its step, in one statement, so two requests cannot both use it.
 */
export async function acceptCode(context: PoolContext, user: PoolUser, which: 'verified' | 'pending', code: string): Promise<boolean> {
  const sealed = which === 'verified' ? user.totpSecret : user.totpPendingSecret;
  if (!sealed) return false;
  const step = acceptedStep(await openSecret(context, user, sealed), code, context.now(), user.totpLastStep);
  if (step === null) return false;
  const [taken] = await context.db
    .update(identityUsers)
    .set({ totpLastStep: step })
    .where(and(eq(identityUsers.id, user.id), or(isNull(identityUsers.totpLastStep), lt(identityUsers.totpLastStep, step))))
    .returning({ id: identityUsers.id });
  return taken !== undefined;
}

/** Makes the waiting secret the user's authenticator (not yet enabled, unless `enable`). */
export async function promotePendingSecret(context: PoolContext, user: PoolUser, name: string, enable: boolean): Promise<void> {
  await context.db
    .update(identityUsers)
    .set({
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpName: name,
      ...(enable ? { totpEnabled: true, totpPreferred: true } : {}),
      updatedAt: context.now(),
    })
    .where(eq(identityUsers.id, user.id));
}

/** The columns that turn a user's authenticator off and drop its secrets. */
export const AUTHENTICATOR_OFF = {
  totpSecret: null,
  totpPendingSecret: null,
  totpEnabled: false,
  totpPreferred: false,
  totpName: null,
} as const;

/** What GetUser says of the user's authenticator (on only where the policy asks for codes) and account policy. */
export async function mfaFieldsOf(context: PoolContext, user: PoolUser) {
  const policy: MfaPolicy = await mfaPolicyOf(context, user.id);
  const on = policy !== 'off' && user.totpEnabled && user.totpSecret !== null;
  return {
    policy,
    fields: on ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], ...(user.totpPreferred ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}) } : {},
  };
}

/** Turns the authenticator off and forgets the user's devices (SetUserMFAPreference, an administrator). */
export async function turnAuthenticatorOff(context: Pick<PoolContext, 'db'>, userId: string, at: Date): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.update(identityUsers).set({ ...AUTHENTICATOR_OFF, updatedAt: at }).where(eq(identityUsers.id, userId));
    await tx.delete(identityDevices).where(eq(identityDevices.userId, userId));
  });
}
