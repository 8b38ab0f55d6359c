/**
 * A block that greets the sender by first name and signs with the user's name, in a team of its
 * own, 'Signed Replies', in the demo account: the 'variables-names' and 'outlook-variables' users
 * (support/users.ts) see it alone, so no other test's lists change (variables.spec.ts,
 * outlook-blocks.spec.ts). Only the e2e server launcher
 * (`support/server.ts`) writes it.
 */
import type { Db } from '../../../server/db/database';
import { newId } from '../../../server/db/ids';
import { blocks, teams } from '../../../server/db/schema';
import { DEMO_ACCOUNT } from '../../../server/seed/demo-data';

/** Fixed id, so `users.ts` can put the role's users in the team before it exists. */
export const SIGNED_TEAM = { id: '64b000000000000000000e03', name: 'Signed Replies' } as const;

export const SIGNED_BLOCK = {
  name: 'Signed Greeting',
  body: '<p>Dear {{sender.firstName}},</p><p>Your replacement ballot is on its way.</p><p>Kind regards,<br>{{me.name}}</p>',
} as const;

/**
 * A greeting with a typed shortcut, in a team of its own for the 'shortcuts' users
 * (shortcut-matrix.spec.ts): it names the person written to and asks nothing else.
 */
export const GREETING_TEAM = { id: '64b000000000000000000e04', name: 'Greetings' } as const;
export const GREETING_BLOCK = {
  name: 'Drop Box Greeting',
  shortcut: ';dropbox',
  body: '<p>Hi {{sender.firstName}},</p><p>Ballot drop boxes are open until 8:00 p.m. on Election Day.</p>',
} as const;

export async function seedSignedBlocks(db: Db): Promise<void> {
  await db.insert(teams).values({ ...GREETING_TEAM, accountId: DEMO_ACCOUNT.id });
  await db.insert(blocks).values({ id: newId(), accountId: DEMO_ACCOUNT.id, teamId: GREETING_TEAM.id, ...GREETING_BLOCK, categories: [], supportedContexts: ['outlook', 'gmail', 'text_input'] });
  await db.insert(teams).values({ ...SIGNED_TEAM, accountId: DEMO_ACCOUNT.id });
  await db.insert(blocks).values({
    id: newId(),
    accountId: DEMO_ACCOUNT.id,
    teamId: SIGNED_TEAM.id,
    ...SIGNED_BLOCK,
    categories: [],
    supportedContexts: ['outlook', 'gmail', 'text_input'],
  });
}
