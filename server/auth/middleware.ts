import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { accounts, teams, users } from '../db/schema';
import { linkWorkAccount } from '../people/work-accounts';
import { ApiProblem } from '../errors';
import { clientAddress } from '../http/client-address';
import { TokenError } from './verifier';

/** How stale `users.last_seen_at` may get before a call writes it again. */
const LAST_SEEN_PRECISION_MS = 5 * 60_000;

/** Requires a valid bearer ID token and records who it names in `c.var.identity`. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ApiProblem(401, 'unauthenticated', 'Sign in first: this request carries no bearer token.');
  try {
    c.set('identity', await c.var.services.verifyIdToken(match[1]));
  } catch (error) {
    if (error instanceof TokenError) throw new ApiProblem(401, 'invalid_token', error.message);
    throw error;
  }
  await next();
};

/**
 * Finds the Cannery user behind the verified identity and records it in `c.var.caller`. A user is
 * matched by issuer and sub together: a sub is unique only within its issuer, so a token of another
 * trusted issuer that carries the same sub is somebody else. A user linked before issuers were
 * recorded (no issuer on the row) is matched only while one issuer of that kind is trusted, and is
 * then bound to it, so a second issuer added later cannot claim the user. A first work-account
 * sign-in is linked to its invitation, or let in by its domain (server/people/work-accounts.ts). A
 * sign-in without a Cannery user gets 404 `user_not_found`, which the client turns into the
 * could-not-find-user screen; a disabled user gets 401 `user_disabled`.
 */
export const loadCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  const identity = c.var.identity;
  const { db } = c.var.services.database;
  const [subColumn, issuerColumn] = identity.kind === 'cognito' ? [users.cognitoSub, users.cognitoIssuer] : [users.microsoftSub, users.microsoftIssuer];
  let [row] = await db.select().from(users).where(eq(subColumn, identity.sub)).limit(1);
  row ??= await linkWorkAccount(db, identity, new Date(), clientAddress(c));
  const linkedIssuer = row ? (identity.kind === 'cognito' ? row.cognitoIssuer : row.microsoftIssuer) : null;
  const matches = row !== undefined && (linkedIssuer === null ? identity.soleIssuerOfKind : linkedIssuer === identity.issuer);
  if (!row || !matches) {
    if (row && linkedIssuer === null) {
      c.var.services.logger.warn({ kind: identity.kind }, 'a user linked without an issuer was refused: several issuers of its kind are trusted');
    }
    throw new ApiProblem(404, 'user_not_found', 'No Cannery user is linked to this sign-in.');
  }
  // The pool's own refusal ("User is disabled.") ends the session at the next refresh; the API
  // refuses at once, with the same words, so the client signs the user out (rules §8).
  if (row.disabledAt) throw new ApiProblem(401, 'user_disabled', 'User is disabled.');
  if (identity.kind === 'microsoft') await assertTenantAllowed(db, row.accountId, identity.tenant);
  const now = new Date();
  // "Last active" on the People page: written when older than a few minutes, not on every call.
  const seenLongAgo = row.lastSeenAt === null || now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS;
  if (linkedIssuer === null || row.joinedAt === null || seenLongAgo) {
    await db
      .update(users)
      .set({
        ...(linkedIssuer === null ? (identity.kind === 'cognito' ? { cognitoIssuer: identity.issuer } : { microsoftIssuer: identity.issuer }) : {}),
        joinedAt: row.joinedAt ?? now,
        lastSeenAt: now,
      })
      .where(and(eq(users.id, row.id), linkedIssuer === null ? isNull(issuerColumn) : undefined));
  }
  // Archived teams are out of sight for everyone until the account admin brings them back.
  const archived = row.teams.length + row.adminTeams.length + row.editorTeams.length === 0 ? [] : await archivedTeamsOf(db, row.accountId);
  const live = (ids: string[]) => (archived.length === 0 ? ids : ids.filter((id) => !archived.includes(id.toLowerCase())));
  const [memberOf, administers, edits] = [live(row.teams), live(row.adminTeams), live(row.editorTeams)];
  c.set('caller', {
    id: row.id,
    email: row.email,
    accountId: row.accountId,
    teams: memberOf,
    adminTeams: administers,
    editorTeams: edits,
    teamIds: [...new Set([...administers, ...edits, ...memberOf])],
    accountAdmin: row.accountAdmin,
    cognitoSub: row.cognitoSub,
    microsoftSub: row.microsoftSub,
    address: clientAddress(c),
  });
  await next();
};

/**
 * A work account signs in to an account only from one of its Entra tenants, when the account names
 * any (Account settings): the server may trust several tenants, for several offices.
 */
async function assertTenantAllowed(db: Db, accountId: string, tenant: string | null): Promise<void> {
  const [account] = await db.select({ tenants: accounts.workAccountTenants }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  const allowed = account?.tenants ?? [];
  if (allowed.length > 0 && (tenant === null || !allowed.includes(tenant))) {
    throw new ApiProblem(403, 'tenant_not_allowed', 'Your organisation’s work accounts cannot sign in to this Cannery account. Ask its administrator to allow your directory.');
  }
}

async function archivedTeamsOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), isNotNull(teams.archivedAt)));
  return rows.map((team) => team.id);
}

/**
 * Double-submit XSRF check: a state-changing request that carries the `XSRF-TOKEN` cookie must
 * echo it in `X-XSRF-TOKEN`. Requests authenticated by bearer token alone cannot be forged by
 * another site, so they pass.
 */
export const xsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
    const cookie = getCookie(c, 'XSRF-TOKEN');
    if (cookie !== undefined && c.req.header('X-XSRF-TOKEN') !== cookie) {
      throw new ApiProblem(403, 'xsrf', 'The X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie.');
    }
  }
  await next();
};

/** 404 unless the caller belongs to the account in the path; foreign accounts do not exist for them. */
export const requireAccountMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  const accountId = c.req.param('accountId');
  if (!accountId || accountId.toLowerCase() !== c.var.caller.accountId) throw new ApiProblem(404, 'not_found', 'Account was not found.');
  await next();
};

/** Throws 404 for any team the caller is not a member of. */
export function assertCallerTeams(caller: { teamIds: string[] }, teamIds: string[]): void {
  const own = new Set(caller.teamIds);
  for (const teamId of teamIds) {
    if (!own.has(teamId.toLowerCase())) throw new ApiProblem(404, 'not_found', `Team ${teamId} was not found.`);
  }
}

/** 404 unless the caller is a member (or admin) of the team in the path. */
export const requireTeamMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertCallerTeams(c.var.caller, [c.req.param('teamId') ?? '']);
  await next();
};

/** The `Idempotency-Key` header, validated; `null` when the client sent none. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!/^[\w.:-]{8,128}$/.test(header)) {
    throw new ApiProblem(400, 'invalid_request', 'Idempotency-Key must be 8 to 128 letters, digits, "_", "-", "." or ":".');
  }
  return header;
}

/**
 * The teams a list request covers: the named ones (each must be the caller's, else 404), or all of
 * the caller's teams when none is named.
 */
export function teamsInScope(caller: { teamIds: string[] }, named: string[]): string[] {
  if (named.length === 0) return caller.teamIds;
  assertCallerTeams(caller, named);
  return [...new Set(named)];
}
