/**
 * The email domains an account claims for its work accounts (`.../domains`, account admins only).
 * A claim links nobody until the account proves it owns the domain: a TXT record at
 * `_cannery.<domain>` holding the claim's code, checked when the admin asks, or the operator's
 * word (`npm run cannery -- users assign-domain`). A proven domain belongs to one account; the DNS decides
 * when two claim it. No answer tells an account whether another one claims a domain.
 */
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accountDomains, type DomainProof } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import type { AccountDomain } from '../../src/api/contract/people';
import { actorOfCaller, recordAudit, type AuditEntry } from '../library/audit';
import type { TxtResolver } from '../app-env';
import type { PeopleContext } from './members';


export const DOMAIN_RECORD_PREFIX = '_cannery';
const VALUE_PREFIX = 'cannery-domain-verification=';

type ClaimRow = typeof accountDomains.$inferSelect;

export const recordNameOf = (domain: string) => `${DOMAIN_RECORD_PREFIX}.${domain}`;
const recordValueOf = (token: string) => `${VALUE_PREFIX}${token}`;

function toDomain(row: ClaimRow): AccountDomain {
  return {
    domain: row.domain,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    record: { type: 'TXT', name: recordNameOf(row.domain), value: recordValueOf(row.token) },
  };
}

/** The system's resolver, or the given servers' (`127.0.0.1:5353`, `[::1]:53`). */
export function txtResolver(servers: readonly string[] = [], timeoutMs = 5_000): TxtResolver {
  return async (name) => {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    if (servers.length > 0) resolver.setServers([...servers]);
    return resolver.resolveTxt(name);
  };
}

/** The account that owns `domain` (a proven claim), or null. */
export async function ownerOfDomain(db: Db, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: accountDomains.accountId })
    .from(accountDomains)
    .where(and(eq(accountDomains.domain, domain.toLowerCase()), isNotNull(accountDomains.verifiedAt)))
    .limit(1);
  return row?.accountId ?? null;
}

/** The account's claims, proven or not, by name. */
export async function claimedDomains(db: Db, accountId: string): Promise<ClaimRow[]> {
  return db.select().from(accountDomains).where(eq(accountDomains.accountId, accountId)).orderBy(asc(accountDomains.domain));
}

export async function listDomains(context: PeopleContext): Promise<AccountDomain[]> {
  return (await claimedDomains(context.db, context.caller.accountId)).map(toDomain);
}

const newToken = () => randomBytes(16).toString('hex');

/** Claims the domains the account does not claim yet; each starts unproven with a code of its own. */
export async function addClaims(db: Db, accountId: string, domains: readonly string[], now: Date): Promise<void> {
  if (domains.length === 0) return;
  await db
    .insert(accountDomains)
    .values([...new Set(domains.map((domain) => domain.toLowerCase()))].map((domain) => ({ accountId, domain, token: newToken(), createdAt: now })))
    .onConflictDoNothing();
}

/** `POST .../domains`: claims one more domain (again: the same claim, unchanged). */
export async function claimDomain(context: PeopleContext, domain: string): Promise<AccountDomain> {
  const { db, caller } = context;
  const now = context.now();
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(accountDomains)
      .values({ accountId: caller.accountId, domain: domain.toLowerCase(), token: newToken(), createdAt: now })
      .onConflictDoNothing()
      .returning({ domain: accountDomains.domain });
    if (claimed.length > 0) await recordAudit(tx, domainEntry(context, 'account.domain_added', domain.toLowerCase(), now));
  });
  return toDomain((await claimOf(context, domain))!);
}

const domainEntry = (context: PeopleContext, action: 'account.domain_added' | 'account.domain_removed', domain: string, at: Date): AuditEntry => ({
  accountId: context.caller.accountId,
  teamId: null,
  actor: actorOfCaller(context.caller),
  action,
  entityKind: 'account',
  entityId: context.caller.accountId,
  changes: { domain },
  at,
});

/** `DELETE .../domains/{domain}`: the account gives the domain up; its work accounts already in stay. */
export async function dropClaim(context: PeopleContext, domain: string): Promise<void> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(accountDomains)
      .where(and(eq(accountDomains.accountId, context.caller.accountId), eq(accountDomains.domain, domain.toLowerCase())))
      .returning({ domain: accountDomains.domain });
    if (deleted.length === 0) throw notFound('Domain');
    await recordAudit(tx, domainEntry(context, 'account.domain_removed', deleted[0]!.domain, now));
  });
}

async function claimOf(context: PeopleContext, domain: string): Promise<ClaimRow | undefined> {
  const [claim] = await context.db
    .select()
    .from(accountDomains)
    .where(and(eq(accountDomains.accountId, context.caller.accountId), eq(accountDomains.domain, domain.toLowerCase())))
    .limit(1);
  return claim;
}

const notProven = (domain: string) =>
  new ApiProblem(
    422,
    'domain_not_proven',
    `No TXT record at ${recordNameOf(domain)} holds this account's code yet. Add the record shown, then try again: DNS changes can take a while to be seen.`,
  );

/** The TXT strings published for the domain's record; an empty list when it has none. */
async function publishedValues(resolve: TxtResolver, domain: string): Promise<string[]> {
  try {
    return (await resolve(recordNameOf(domain))).map((chunks) => chunks.join('').trim());
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NOTFOUND' || code === 'NODATA') return [];
    throw new ApiProblem(503, 'dns_unavailable', `The DNS of ${domain} did not answer. Try again in a moment.`);
  }
}

/**
 * Checks the claim's TXT record now (a proven claim stays proven). Proven, the domain moves to this account even when another
 * account proved it before, unless that account's record is still published too (then the DNS
 * owner has to choose, and the answer names no account).
 */
export async function verifyDomain(context: PeopleContext, domain: string, resolve: TxtResolver): Promise<AccountDomain> {
  const { db, caller } = context;
  const claim = await claimOf(context, domain);
  if (!claim) throw notFound('Domain');
  if (claim.verifiedAt) return toDomain(claim);
  const published = await publishedValues(resolve, claim.domain);
  if (!published.includes(recordValueOf(claim.token))) throw notProven(claim.domain);
  const [holder] = await db
    .select()
    .from(accountDomains)
    .where(and(eq(accountDomains.domain, claim.domain), isNotNull(accountDomains.verifiedAt), ne(accountDomains.accountId, caller.accountId)))
    .limit(1);
  if (holder && published.includes(recordValueOf(holder.token))) {
    throw new ApiProblem(409, 'domain_proven_twice', `The DNS of ${claim.domain} proves another Cannery account too: remove the other ${DOMAIN_RECORD_PREFIX} TXT record first.`);
  }
  const now = context.now();
  const saved = await db.transaction(async (tx) => {
    const row = await prove(tx, caller.accountId, claim.domain, 'dns', now);
    await recordAudit(tx, { accountId: caller.accountId, teamId: null, actor: actorOfCaller(caller), action: 'account.domain_verified', entityKind: 'account', entityId: caller.accountId, changes: { domain: claim.domain }, at: now });
    return row;
  });
  return toDomain(saved);
}

/** Marks the domain proven for `accountId` (claiming it first when needed); another account's proof of it ends. */
async function prove(tx: Db, accountId: string, domain: string, by: DomainProof, now: Date): Promise<ClaimRow> {
  await tx
    .update(accountDomains)
    .set({ verifiedAt: null, verifiedBy: null })
    .where(and(eq(accountDomains.domain, domain), ne(accountDomains.accountId, accountId), isNotNull(accountDomains.verifiedAt)));
  const [row] = await tx
    .insert(accountDomains)
    .values({ accountId, domain, token: newToken(), verifiedAt: now, verifiedBy: by, createdAt: now })
    .onConflictDoUpdate({ target: [accountDomains.accountId, accountDomains.domain], set: { verifiedAt: sql`coalesce(${accountDomains.verifiedAt}, ${now})`, verifiedBy: sql`coalesce(${accountDomains.verifiedBy}, ${by})` } })
    .returning();
  return row!;
}

/** The operator's assignment (a self-hosted office's own server): the domain is this account's from now on. */
export async function assignDomain(db: Db, accountId: string, domain: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await prove(tx, accountId, domain.toLowerCase(), 'operator', now);
  });
}
