import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { assertPasswordAllowed } from './password-policy';
import { identityUsers, type PoolUserStatus } from './schema';
import { computeVerifier, newSalt, poolNameOf } from './srp';

export type PoolUser = typeof identityUsers.$inferSelect;

/** USERNAME as the pool keys it: the email, trimmed and lower-cased, so sign-in ignores case. */
export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a username (normalized) has the shape of an email address. */
export const isEmailAddress = (username: string) => EMAIL.test(username);

export class PoolUserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoolUserError';
  }
}

/** The pool already has a user of that email. */
export class PoolUserExistsError extends PoolUserError {}

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505): two creations of one username raced. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505';
}

export async function findPoolUser(db: Db, poolId: string, username: string): Promise<PoolUser | undefined> {
  const [row] = await db
    .select()
    .from(identityUsers)
    .where(and(eq(identityUsers.poolId, poolId), eq(identityUsers.username, normalizeUsername(username))))
    .limit(1);
  return row;
}

export async function poolUserById(db: Db, id: string): Promise<PoolUser | undefined> {
  const [row] = await db.select().from(identityUsers).where(eq(identityUsers.id, id)).limit(1);
  return row;
}

/** The columns a password change writes: a fresh salt and verifier, status, and a cleared lockout. */
export function passwordColumns(poolId: string, username: string, password: string, status: PoolUserStatus, now: Date) {
  const srpSalt = newSalt();
  return {
    srpSalt,
    srpVerifier: computeVerifier(poolNameOf(poolId), username, password, srpSalt),
    status,
    failedAttempts: 0,
    firstFailedAt: null,
    lockedUntil: null,
    passwordChangedAt: now,
    updatedAt: now,
  };
}

export interface CreatePoolUserInput {
  poolId: string;
  email: string;
  /** The first sign-in then asks for a new password (NEW_PASSWORD_REQUIRED). */
  temporaryPassword?: string;
  /** A permanent password instead: the user is CONFIRMED at once (demo users). */
  password?: string;
  /** Creates the Cannery `users` row in this account when none exists for the email. */
  accountId?: string;
  teams?: string[];
  adminTeams?: string[];
  /** The `name` attribute (the user's display name), already checked by the caller. */
  name?: string | undefined;
  /**
   * False creates the pool user only, leaving Cannery's users alone (provisioning: the admin API
   * links its member by the returned sub). Default true: the admin CLI and the demo seed.
   */
  link?: boolean;
  now?: Date;
  /** The pool's token issuer, recorded with the link (`users.cognito_issuer`); the pool passes it. */
  issuer?: string;
}

export interface CreatedPoolUser {
  sub: string;
  username: string;
  status: PoolUserStatus;
  /** The Cannery user now linked by `cognito_sub`, when there is one. */
  canneryUserId: string | null;
}

/**
 * Creates a pool user (the admin path: there is no self sign-up) and links the Cannery user of
 * the same email to it by `cognito_sub`, creating that user when an account is given. Passwords
 * must meet the policy, temporary ones included, as in Cognito.
 */
export async function createPoolUser(db: Db, input: CreatePoolUserInput): Promise<CreatedPoolUser> {
  const now = input.now ?? new Date();
  const username = normalizeUsername(input.email);
  if (!EMAIL.test(username)) throw new PoolUserError(`"${input.email}" is not an email address.`);
  const password = input.password ?? input.temporaryPassword;
  if (!password || (input.password && input.temporaryPassword)) {
    throw new PoolUserError('Give exactly one of a temporary password and a permanent password.');
  }
  assertPasswordAllowed(password);
  if ((input.teams?.length || input.adminTeams?.length) && !input.accountId) {
    throw new PoolUserError('Teams need an account: pass the account id too.');
  }
  const status: PoolUserStatus = input.password ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
  const sub = randomUUID();

  return db.transaction(async (tx) => {
    if (await findPoolUser(tx, input.poolId, username)) {
      throw new PoolUserExistsError(`A pool user with the email ${username} already exists.`);
    }
    try {
      await tx.insert(identityUsers).values({
        id: sub,
        poolId: input.poolId,
        username,
        email: username,
        emailVerified: true,
        enabled: true,
        name: input.name ?? null,
        createdAt: now,
        ...passwordColumns(input.poolId, username, password, status, now),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new PoolUserExistsError(`A pool user with the email ${username} already exists.`);
      throw error;
    }
    if (input.link === false) return { sub, username, status, canneryUserId: null };

    // One address may be a member of several accounts (only one of them linked): the given account's, else the only one.
    const candidates = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${username}`, input.accountId ? eq(users.accountId, input.accountId) : undefined))
      .limit(2);
    if (candidates.length > 1) throw new PoolUserError(`Several accounts have a Cannery user with the email ${username}: pass the account to link.`);
    const [existing] = candidates;
    let canneryUserId: string | null = null;
    if (existing) {
      if (existing.cognitoSub && existing.cognitoSub !== sub) {
        throw new PoolUserError(`The Cannery user ${username} is already linked to another pool user (${existing.cognitoSub}).`);
      }
      await tx
        .update(users)
        .set({
          cognitoSub: sub,
          cognitoIssuer: input.issuer ?? null,
          ...(input.teams ? { teams: input.teams } : {}),
          ...(input.adminTeams ? { adminTeams: input.adminTeams } : {}),
        })
        .where(eq(users.id, existing.id));
      canneryUserId = existing.id;
    } else if (input.accountId) {
      canneryUserId = newId(now);
      await tx.insert(users).values({
        id: canneryUserId,
        email: username,
        accountId: input.accountId,
        teams: input.teams ?? [],
        adminTeams: input.adminTeams ?? [],
        cognitoSub: sub,
        cognitoIssuer: input.issuer ?? null,
      });
    }
    return { sub, username, status, canneryUserId };
  });
}

export interface SetPoolUserPasswordInput {
  poolId: string;
  email: string;
  password: string;
  /** False makes it a temporary password (FORCE_CHANGE_PASSWORD); default permanent (CONFIRMED). */
  permanent?: boolean;
  now?: Date;
}

/** Sets a user's password as an administrator would; clears any lockout. */
export async function setPoolUserPassword(db: Db, input: SetPoolUserPasswordInput): Promise<PoolUser> {
  const now = input.now ?? new Date();
  const username = normalizeUsername(input.email);
  assertPasswordAllowed(input.password);
  const [row] = await db
    .update(identityUsers)
    .set(passwordColumns(input.poolId, username, input.password, input.permanent === false ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED', now))
    .where(and(eq(identityUsers.poolId, input.poolId), eq(identityUsers.username, username)))
    .returning();
  if (!row) throw new PoolUserError(`No pool user has the email ${username}.`);
  return row;
}
