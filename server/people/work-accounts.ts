/**
 * A work-account sign-in that no Cannery user is linked to yet links only to the account that has
 * proven the email's domain (server/people/domains.ts):
 * - an invitation of that account waits for its email (`sign_in = 'work-account'`, no Microsoft
 *   sub): the sign-in is linked to it; another account's invitation never captures it;
 * - otherwise, when that account lists the domain for just-in-time access, the person becomes a
 *   member of its default team.
 * Both only for an email the issuer vouches for (`emailVerified`): anyone can put any address in
 * an unverified claim.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/verifier';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { accounts, teams, users } from '../db/schema';
import { recordAudit } from '../library/audit';
import { ownerOfDomain } from './domains';

type UserRow = typeof users.$inferSelect;

/** The domain of an address, lower-cased; null when it has none. */
function domainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).toLowerCase() : null;
}

/**
 * The user a first work-account sign-in belongs to, linked now; undefined when the sign-in is
 * nobody's (the could-not-find-user screen).
 */
export async function linkWorkAccount(db: Db, identity: VerifiedIdentity, now: Date, address: string): Promise<UserRow | undefined> {
  if (identity.kind !== 'microsoft' || !identity.emailVerified || !identity.email) return undefined;
  const email = identity.email.trim().toLowerCase();
  const domain = domainOf(email);
  const owner = domain ? await ownerOfDomain(db, domain) : null;
  if (!owner) return undefined;
  const [invited] = await db
    .update(users)
    .set({ microsoftSub: identity.sub, microsoftIssuer: identity.issuer })
    .where(and(eq(users.accountId, owner), sql`lower(${users.email}) = ${email}`, eq(users.signIn, 'work-account'), isNull(users.microsoftSub)))
    .returning();
  if (invited) return invited;
  const [account] = await db
    .select({ id: accounts.id, teamId: accounts.workAccountTeam })
    .from(accounts)
    .innerJoin(teams, and(eq(teams.id, accounts.workAccountTeam), eq(teams.accountId, accounts.id), isNull(teams.archivedAt)))
    .where(
      and(
        eq(accounts.id, owner),
        sql`${domain} = any(${accounts.workAccountDomains})`,
        // Just in time only from the account's own tenants, when it names any.
        sql`(cardinality(${accounts.workAccountTenants}) = 0 or ${identity.tenant ?? ''} = any(${accounts.workAccountTenants}))`,
      ),
    )
    .limit(1);
  if (!account?.teamId) return undefined;
  const teamId = account.teamId;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(now),
        email,
        accountId: account.id,
        teams: [teamId],
        signIn: 'work-account',
        microsoftSub: identity.sub,
        microsoftIssuer: identity.issuer,
      })
      // A user of this email in the account already (a password user): not this sign-in's.
      .onConflictDoNothing()
      .returning();
    if (!created) return undefined;
    await recordAudit(tx, {
      accountId: account.id,
      teamId: null,
      actor: { via: 'sign-in', userId: created.id, address },
      action: 'member.joined',
      entityKind: 'member',
      entityId: created.id,
      changes: { justInTime: true, teamsAdded: [teamId] },
      at: now,
    });
    return created;
  });
}
