import { z } from './zod';
import { objectId } from './common';
import { memberEmail } from './people';

/**
 * Mailboxes that pick the team: a shared mailbox, a delegated account or a "send mail as" alias
 * the account admin maps to one of the account's teams. The admin API manages the map
 * (`/api/admin/accounts/{accountId}/mailboxes`); members read the part of it that names their
 * own teams (`ACCOUNT_ROUTES.mailboxes`), which the task pane uses to show the mailbox's team.
 */

/** At most this many mapped mailboxes per account. */
export const MAILBOXES_PER_ACCOUNT = 500;

/** A mailbox address as a host reports it and the map keeps it: an email address, lower-cased. */
export const mailboxAddress = memberEmail;

/** One entry of the map as the account admin sees it. */
export const mailboxTeam = z.object({
  address: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  /** The team is archived: its members no longer see it, so the mailbox picks no team until it is back. */
  teamArchived: z.boolean(),
  createdAt: z.string(),
});
export type MailboxTeam = z.infer<typeof mailboxTeam>;
export const mailboxTeamList = z.array(mailboxTeam);

/** `PUT .../mailboxes/{address}`: the team the mailbox picks (a new entry, or another team for it). */
export const setMailboxTeamInput = z.object({ teamId: objectId });

/** One entry of the map as a member reads it: only entries whose team is one of the member's. */
export const memberMailboxTeam = z.object({ address: z.string(), team: z.string() });
export type MemberMailboxTeam = z.infer<typeof memberMailboxTeam>;
export const memberMailboxTeamList = z.array(memberMailboxTeam);
