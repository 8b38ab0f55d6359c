import { newId } from '../../../server/db/ids';
import type { Db } from '../../../server/db/database';
import { accounts, blocks, checklists, teams, users } from '../../../server/db/schema';
import { sentAutoResponses } from '../../../server/db/records-schema';

/**
 * Rows for server tests, with overrides: `givenAccount(db, { hasPhoneFlowAccess: false })`.
 * Every helper returns the inserted row.
 */
export async function givenAccount(db: Db, overrides: Partial<typeof accounts.$inferInsert> = {}) {
  const [row] = await db.insert(accounts).values({ id: newId(), name: 'Test County Clerk', ...overrides }).returning();
  return row!;
}

export async function givenTeam(db: Db, accountId: string, overrides: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await db.insert(teams).values({ id: newId(), accountId, name: 'Elections', ...overrides }).returning();
  return row!;
}

let userCounter = 0;
export async function givenUser(db: Db, accountId: string, overrides: Partial<typeof users.$inferInsert> = {}) {
  userCounter += 1;
  const [row] = await db
    .insert(users)
    .values({ id: newId(), accountId, email: `user${userCounter}@county.test`, cognitoSub: `sub-${userCounter}-${newId()}`, joinedAt: new Date(), ...overrides })
    .returning();
  return row!;
}

export async function givenBlock(db: Db, teamRow: { id: string; accountId: string }, overrides: Partial<typeof blocks.$inferInsert> = {}) {
  const [row] = await db
    .insert(blocks)
    .values({
      id: newId(),
      accountId: teamRow.accountId,
      teamId: teamRow.id,
      name: 'Voter registration deadline',
      body: '<p>Register 15 days before Election Day.</p>',
      supportedContexts: ['outlook', 'gmail', 'text_input'],
      ...overrides,
    })
    .returning();
  return row!;
}

export async function givenUse(db: Db, block: { id: string; accountId: string; teamId: string; name: string; body: string }, user: { id: string; email: string }) {
  await db.insert(sentAutoResponses).values({
    id: newId(),
    accountId: block.accountId,
    teamId: block.teamId,
    userId: user.id,
    userEmail: user.email,
    autoResponseId: block.id,
    autoResponseName: block.name,
    autoResponseContent: block.body,
    timeSent: new Date(),
    contextUsed: 'outlook',
    uiSource: 'search',
  });
}

export async function givenChecklist(db: Db, teamRow: { id: string; accountId: string }, overrides: Partial<typeof checklists.$inferInsert> = {}) {
  const [row] = await db
    .insert(checklists)
    .values({
      id: newId(),
      accountId: teamRow.accountId,
      teamId: teamRow.id,
      name: 'Replacement ballot',
      tasks: [{ name: 'Confirm identity' }, { name: 'Void the old ballot' }],
      ...overrides,
    })
    .returning();
  return row!;
}
