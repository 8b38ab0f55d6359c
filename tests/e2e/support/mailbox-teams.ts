/**
 * The mailboxes the e2e server maps to the demo account's Elections team: the shared mailbox of
 * the fake Outlook's items and the delegated account and alias of the fake Gmail
 * (tests/fixtures/gmail, `elections@cannery.example`). Recorder's mailbox is left to the admin
 * page's own test, which maps and removes it.
 */
import type { Db } from '../../../server/db/database';
import { mailboxTeams } from '../../../server/db/schema';
import { DEMO_ACCOUNT, DEMO_TEAMS } from '../../../server/seed/demo-data';

export const ELECTIONS_SHARED_MAILBOX = 'elections@aldercounty.example';
export const ELECTIONS_GMAIL_ACCOUNT = 'elections@cannery.example';

export async function seedMailboxTeams(db: Db): Promise<void> {
  await db
    .insert(mailboxTeams)
    .values([ELECTIONS_SHARED_MAILBOX, ELECTIONS_GMAIL_ACCOUNT].map((address) => ({ accountId: DEMO_ACCOUNT.id, address, teamId: DEMO_TEAMS.elections.id })))
    .onConflictDoNothing();
}
