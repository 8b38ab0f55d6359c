/**
 * Inviting people (`POST .../members`, `.../resend-invitation`): what the caller may invite, the
 * account's daily budget of invitations, the pool sign-in a password user gets, and the mail. An
 * address another account has is answered as any new address; only the person learns why they
 * cannot join yet.
 */
import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../app-env';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { accounts, auditEvents, users } from '../db/schema';
import { ApiProblem } from '../errors';
import { ProvisioningError } from '../identity/provisioning';
import { isUniqueViolation } from '../identity/users';
import { enqueueMail, type MailMessage } from '../mail/queue';
import { memberName } from '../../src/api/contract/people';
import { DEFAULT_INVITATIONS_PER_DAY } from '../config';
import { assertAccountAdmin, assertMembershipChange } from './access';
import { ownerOfDomain } from './domains';
import { invitationMail, temporaryPassword } from './invitation';
import { assertTeamsOfAccount, audit, memberRow, provisionerOf, provisioningProblem, statusOf, type PeopleContext } from './members';

/** The name an invitation signs with: the caller's, else their address. */
async function inviterName(db: Db, caller: Caller): Promise<{ inviter: string; accountName: string }> {
  const [row] = await db
    .select({ name: users.name, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, caller.id))
    .limit(1);
  // A name that holds a link (saved before names were checked) never reaches the mail.
  const name = row?.name && memberName.safeParse(row.name).success ? row.name : null;
  return { inviter: name ?? caller.email, accountName: row?.accountName ?? 'your office' };
}

export interface InviteInput {
  email: string;
  name?: string | undefined;
  teams: string[];
  adminTeams: string[];
  signIn: 'password' | 'work-account';
  accountAdmin: boolean;
}

/** Refuses (403/400) what the caller may not invite. */
export async function assertInvitable(context: PeopleContext, input: InviteInput): Promise<void> {
  const { caller } = context;
  if (input.accountAdmin) assertAccountAdmin(caller, 'make account admins');
  const named = [...new Set([...input.teams, ...input.adminTeams])];
  if (!caller.accountAdmin && named.length === 0) {
    throw new ApiProblem(403, 'forbidden', 'Team admins invite people into the teams they administer: choose one or more of them.');
  }
  assertMembershipChange(caller, [], named);
  await assertTeamsOfAccount(context.db, caller.accountId, named);
  if (input.signIn === 'password') assertMailSent(context);
  if (input.signIn === 'work-account') await assertDomainProven(context, input.email);
}

/** A password sign-in starts from a mailed temporary password: refused (409) where nothing is mailed. */
export function assertMailSent(context: Pick<PeopleContext, 'mailDelivery'>): void {
  if (context.mailDelivery === 'off') {
    throw new ApiProblem(
      409,
      'mail_off',
      'This server sends no mail, so Cannery cannot send a temporary password. Invite them to sign in with their work account, or ask whoever runs Cannery to create their password sign-in.',
    );
  }
}

/** A work account links only to an account that has proven its domain (server/people/work-accounts.ts). */
async function assertDomainProven(context: PeopleContext, email: string): Promise<void> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if ((await ownerOfDomain(context.db, domain)) !== context.caller.accountId) {
    throw new ApiProblem(
      400,
      'domain_not_proven',
      `Work accounts of ${domain} can be invited once this account has proven the domain: add it under Settings, Work accounts, and verify it.`,
    );
  }
}

/**
 * Refuses (429) more invitations than the account may send in 24 hours (CANNERY_INVITATIONS_PER_DAY),
 * counted from the audit log, which every instance shares.
 */
export async function assertInvitationBudget(context: PeopleContext, wanted: number): Promise<void> {
  const limit = context.invitationsPerDay ?? DEFAULT_INVITATIONS_PER_DAY;
  const since = new Date(context.now().getTime() - 24 * 60 * 60 * 1000);
  const [row] = await context.db
    .select({ sent: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, context.caller.accountId), inArray(auditEvents.action, ['member.invited', 'member.invitation_resent']), gte(auditEvents.at, since)));
  const left = Math.max(0, limit - (row?.sent ?? 0));
  if (wanted > left) {
    throw new ApiProblem(
      429,
      'invitation_limit',
      left === 0
        ? `This account has sent ${limit.toLocaleString('en-US')} invitations in the last 24 hours, as many as it may. Try again later.`
        : `This account may send ${left.toLocaleString('en-US')} more invitations in the next hours, fewer than ${wanted.toLocaleString('en-US')}. Invite fewer people, or try again later.`,
    );
  }
}

const memberExists = () => new ApiProblem(409, 'member_exists', 'This email address is already a member of the account.');

/**
 * The pool sign-in an invitation gives a password user: a new one, or an unlinked one made by hand,
 * with a new temporary password. Null when the address already signs in to Cannery (another
 * account's person): that sign-in is left as it is, and the invitation says so to the person only.
 */
async function passwordSignIn(context: PeopleContext, email: string, name: string | undefined): Promise<{ sub: string; password: string; created: boolean } | null> {
  const provisioner = provisionerOf(context);
  const password = temporaryPassword();
  try {
    return { sub: (await provisioner.createUser({ email, name, temporaryPassword: password })).sub, password, created: true };
  } catch (error) {
    if (!(error instanceof ProvisioningError && error.reason === 'exists')) provisioningProblem(error);
  }
  const existing = await provisioner.getUser(email).catch(provisioningProblem);
  if (!existing) throw new ApiProblem(503, 'provisioning_unavailable', 'The user pool cannot be reached. Try again in a moment.');
  const [linked] = await context.db.select({ id: users.id }).from(users).where(eq(users.cognitoSub, existing.sub)).limit(1);
  if (linked) return null;
  await provisioner.setTemporaryPassword(email, password).catch(provisioningProblem);
  return { sub: existing.sub, password, created: false };
}

/** A unique violation (identity/users.ts) of the named index, as PostgreSQL and PGlite report it. */
const isUniqueViolationOf = (error: unknown, index: string) => {
  const found = error as { constraint?: string; message?: string; cause?: { constraint?: string; message?: string } };
  return isUniqueViolation(error) && [found.constraint, found.message, found.cause?.constraint, found.cause?.message].some((text) => text?.includes(index));
};

/**
 * Invites one person; returns their new id. An address another account has answers as any new
 * address does: the member is listed as invited, and only the person learns why they cannot join.
 */
export async function inviteMember(context: PeopleContext, input: InviteInput): Promise<string> {
  const { db, caller } = context;
  await assertInvitable(context, input);
  await assertInvitationBudget(context, 1);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, caller.accountId), sql`lower(${users.email}) = ${input.email}`))
    .limit(1);
  if (taken) throw memberExists();
  const now = context.now();
  const signIn = input.signIn === 'password' ? await passwordSignIn(context, input.email, input.name) : undefined;
  const id = newId(now);
  const { inviter, accountName } = await inviterName(db, caller);
  const write = (sub: string | null, mail: MailMessage) =>
    db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        email: input.email,
        accountId: caller.accountId,
        teams: [...new Set(input.teams)],
        adminTeams: [...new Set(input.adminTeams)],
        accountAdmin: input.accountAdmin,
        name: input.name || null,
        signIn: input.signIn,
        cognitoSub: sub,
      });
      if (context.mailDelivery !== 'off') await enqueueMail(tx, mail, now);
      await audit(tx, context, 'member.invited', id, { teamsAdded: input.teams, adminTeamsAdded: input.adminTeams, accountAdmin: input.accountAdmin });
    });
  const mailOf = (password: string | undefined, elsewhere: boolean) =>
    invitationMail({ to: input.email, name: input.name || null, accountName, inviter, temporaryPassword: password, origin: context.origin, manifestUrl: context.manifestUrl, elsewhere });
  try {
    await write(signIn?.sub ?? null, mailOf(signIn?.password, signIn === null));
  } catch (error) {
    if (isUniqueViolationOf(error, 'users_cognito_sub_idx') && signIn && !signIn.created) {
      // Another account claimed the same unlinked sign-in a moment ago: theirs now.
      await write(null, mailOf(undefined, true));
    } else {
      if (signIn?.created) await context.provisioner?.deleteUser(input.email).catch(() => undefined);
      if (isUniqueViolationOf(error, 'users_account_email_idx')) throw memberExists();
      throw error;
    }
  }
  context.mailQueued?.();
  return id;
}

/**
 * Sends the invitation again. A password user gets a new temporary password (the old one stops
 * working), but only while the pool still waits for their first password: a password they chose,
 * or one the operator set, is never replaced. A person whose address signed in elsewhere gets a
 * sign-in now if that one has gone since.
 */
export async function resendInvitation(context: PeopleContext, memberId: string): Promise<void> {
  const { db, caller } = context;
  const row = await memberRow(context, memberId);
  if (statusOf(row) !== 'invited') {
    throw new ApiProblem(409, 'not_invited', statusOf(row) === 'disabled' ? 'This person is disabled: enable them first.' : 'This person has already signed in.');
  }
  if (context.mailDelivery === 'off') throw new ApiProblem(409, 'mail_off', 'This server sends no mail, so there is no invitation to send again.');
  await assertInvitationBudget(context, 1);
  let password: string | undefined;
  let elsewhere = false;
  if (row.signIn === 'password' && row.cognitoSub) {
    const provisioner = provisionerOf(context);
    const user = await provisioner.getUser(row.email).catch(provisioningProblem);
    if (user && user.sub === row.cognitoSub && user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw new ApiProblem(409, 'not_invited', 'This person has a password already: they can sign in, or reset it with "Forgot password".');
    }
    password = temporaryPassword();
    await provisioner.setTemporaryPassword(row.email, password).catch(provisioningProblem);
  } else if (row.signIn === 'password') {
    const signIn = await passwordSignIn(context, row.email, row.name ?? undefined);
    if (signIn) {
      const linked = await db
        .update(users)
        .set({ cognitoSub: signIn.sub })
        .where(and(eq(users.id, row.id), isNull(users.cognitoSub)))
        .returning({ id: users.id })
        .catch((error: unknown) => {
          // Another account linked the same sign-in a moment ago: it is theirs now.
          if (isUniqueViolationOf(error, 'users_cognito_sub_idx')) return null;
          throw error;
        });
      if (linked === null) elsewhere = true;
      else if (linked.length === 0) throw new ApiProblem(409, 'not_invited', 'This person has already signed in.');
      else password = signIn.password;
    } else {
      elsewhere = true;
    }
  }
  const { inviter, accountName } = await inviterName(db, caller);
  await db.transaction(async (tx) => {
    await enqueueMail(tx, invitationMail({ to: row.email, name: row.name, accountName, inviter, temporaryPassword: password, origin: context.origin, manifestUrl: context.manifestUrl, elsewhere }), context.now());
    await audit(tx, context, 'member.invitation_resent', row.id);
  });
  context.mailQueued?.();
}
