/**
 * Blocks with dates, on the e2e server only, in a team of their own ('Wording Samples'): one whose
 * last day was yesterday, one shown without dates beside it (so a search that finds one would find
 * the other), and one the scheduling and approval walks change (wording.spec.ts). Dates are days
 * of the demo account's time zone (UTC unless its settings say otherwise).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { newId } from '../../../server/db/ids';
import { blocks, teams, users } from '../../../server/db/schema';
import { DEMO_ACCOUNT, DEMO_DOMAIN } from '../../../server/seed/demo-data';

/** Fixed id, so `users.ts` can put the wording roles' users in the team before it exists. */
export const WORDING_TEAM = { id: '64b000000000000000000e07', name: 'Wording Samples' } as const;

export const WORDING_BLOCKS = {
  ended: { name: 'Registration Deadline Sample', html: '<p>The registration deadline for the special election is this week.</p>' },
  current: { name: 'Registration Office Sample', html: '<p>The registration office is open weekdays from 8 to 5.</p>' },
  /** A team admin schedules a change of its name. */
  scheduled: { name: 'Ballot Pickup Sample', html: '<p>Replacement ballots can be picked up at the elections office.</p>' },
  /** An editor renames it; staff see the new name once a team admin approves. */
  reviewed: { name: 'Polling Hours Sample', html: '<p>Polls are open from 7 a.m. to 8 p.m.</p>' },
} as const;

const dayBefore = (now: Date) => new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Adds the team and its blocks; the editor role's users edit the team's blocks. */
export async function seedWordingBlocks(db: Db, now = new Date()): Promise<void> {
  await db.insert(teams).values({ ...WORDING_TEAM, accountId: DEMO_ACCOUNT.id });
  await db.insert(blocks).values([
    { id: newId(), accountId: DEMO_ACCOUNT.id, teamId: WORDING_TEAM.id, name: WORDING_BLOCKS.ended.name, body: WORDING_BLOCKS.ended.html, supportedContexts: ['outlook', 'gmail', 'text_input'], showUntil: dayBefore(now) },
    ...[WORDING_BLOCKS.current, WORDING_BLOCKS.scheduled, WORDING_BLOCKS.reviewed].map((block) => ({
      id: newId(),
      accountId: DEMO_ACCOUNT.id,
      teamId: WORDING_TEAM.id,
      name: block.name,
      body: block.html,
      supportedContexts: ['outlook', 'gmail', 'text_input'],
    })),
  ]);
}

/** Makes the users of `role` editors of the team (the pool creates members and admins only). */
export async function makeWordingEditors(db: Db, role: string): Promise<void> {
  await db
    .update(users)
    .set({ editorTeams: [WORDING_TEAM.id] })
    .where(sql`lower(${users.email}) like ${`e2e-${role}-%@${DEMO_DOMAIN}`}`);
}
