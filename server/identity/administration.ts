/**
 * What an administrator (the admin CLI, the demo seed, tests) does with a pool besides the
 * protocol: create users, set passwords, set an account's multi-factor policy, turn off a user's
 * authenticator (a lost phone), give a user an authenticator (the demo seed), read the mail queue,
 * wait for background work.
 */
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accounts, MFA_POLICIES, users, type MfaPolicy } from '../db/schema';
import { sealSecret, turnAuthenticatorOff } from './authenticator';
import type { PoolContext } from './context';
import { latestMail } from '../mail/queue';
import { identityUsers } from './schema';
import { createPoolUser, findPoolUser, PoolUserError, setPoolUserPassword, type CreatePoolUserInput, type SetPoolUserPasswordInput } from './users';

/** Sets an account's multi-factor policy ('off' | 'optional' | 'required'). */
export async function setAccountMfaPolicy(db: Db, accountId: string, policy: string): Promise<MfaPolicy> {
  const known = MFA_POLICIES.find((candidate) => candidate === policy);
  if (!known) throw new PoolUserError(`The policy must be one of ${MFA_POLICIES.join(', ')}, not "${policy}".`);
  const [row] = await db.update(accounts).set({ mfaPolicy: known }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
  if (!row) throw new PoolUserError(`No account has the id ${accountId}.`);
  return known;
}

/** Turns off a user's authenticator and forgets their devices: their next sign-in asks for no code (or a new setup). */
export async function resetPoolUserMfa(db: Db, poolId: string, email: string, now: Date): Promise<void> {
  const user = await findPoolUser(db, poolId, email);
  if (!user) throw new PoolUserError(`No pool user has the email ${email}.`);
  await turnAuthenticatorOff({ db }, user.id, now);
}

export function poolAdministration(context: PoolContext) {
  const { db, poolId, now, background, issuer } = context;
  return {
    /** Creates a user in this pool (see createPoolUser). */
    createUser: (input: Omit<CreatePoolUserInput, 'poolId' | 'issuer'>) => createPoolUser(db, { ...input, poolId, issuer, now: input.now ?? now() }),
    /**
     * Records this pool's issuer on every Cannery user linked to one of its users (the server runs
     * it at start): links made by the admin CLI or before issuers were recorded, and links made
     * under another public origin (the issuer follows PUBLIC_ORIGIN). The sub is a UUID the pool
     * made, so the pool is the issuer that owns it.
     */
    recordIssuerOfLinkedUsers: async (): Promise<number> => {
      const updated = await db
        .update(users)
        .set({ cognitoIssuer: issuer })
        .where(
          and(
            or(isNull(users.cognitoIssuer), ne(users.cognitoIssuer, issuer)),
            inArray(users.cognitoSub, db.select({ id: identityUsers.id }).from(identityUsers).where(eq(identityUsers.poolId, poolId))),
          ),
        )
        .returning({ id: users.id });
      return updated.length;
    },
    setPassword: (input: Omit<SetPoolUserPasswordInput, 'poolId'>) => setPoolUserPassword(db, { ...input, poolId, now: input.now ?? now() }),
    setMfaPolicy: (accountId: string, policy: string) => setAccountMfaPolicy(db, accountId, policy),
    resetMfa: (email: string) => resetPoolUserMfa(db, poolId, email, now()),
    /** Gives a user an authenticator with a known secret (base32), on and preferred: the demo user's. */
    enableAuthenticator: async (input: { email: string; secret: string; name?: string }) => {
      const user = await findPoolUser(db, poolId, input.email);
      if (!user) throw new PoolUserError(`No pool user has the email ${input.email}.`);
      await db
        .update(identityUsers)
        .set({
          totpSecret: await sealSecret(context, user.id, input.secret),
          totpPendingSecret: null,
          totpEnabled: true,
          totpPreferred: true,
          totpName: input.name ?? 'My TOTP device',
          updatedAt: now(),
        })
        .where(eq(identityUsers.id, user.id));
    },
    /** The newest messages of the mail queue, content included (the development outbox). */
    latestOutbox: (limit?: number) => latestMail(db, limit),
    /** Resolves when the pool's background work (sweeps of expired counters) is done. */
    idle: async () => {
      await Promise.all([...background]);
    },
  };
}
