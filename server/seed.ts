import { sql } from 'drizzle-orm';
import type { Db } from './db/database';
import { newId } from './db/ids';
import { accounts, blocks, checklists, teams, users } from './db/schema';
import { DEMO_ACCOUNT, DEMO_BLOCKS, DEMO_CHECKLISTS, DEMO_TEAMS, DEMO_USERS } from './seed/demo-data';

/**
 * Puts the demo account into an empty database. Returns false, changing nothing, when any account
 * exists: demo data never mixes into a database that holds real data.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ count: sql<number>`count(*)::int` }).from(accounts);
    if ((existing[0]?.count ?? 0) > 0) return false;

    await tx.insert(accounts).values({ ...DEMO_ACCOUNT, emailClassificationTeams: [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id] });
    await tx.insert(teams).values(Object.values(DEMO_TEAMS).map((team) => ({ ...team, accountId: DEMO_ACCOUNT.id })));
    await tx.insert(users).values(
      DEMO_USERS.map((user) => ({
        id: user.id,
        email: user.email,
        accountId: DEMO_ACCOUNT.id,
        teams: user.teams,
        adminTeams: user.adminTeams,
      })),
    );

    const blockIds = new Map<string, string>();
    await tx.insert(blocks).values(
      DEMO_BLOCKS.map((block) => {
        const id = newId();
        blockIds.set(block.name, id);
        return {
          id,
          accountId: DEMO_ACCOUNT.id,
          teamId: DEMO_TEAMS[block.team].id,
          name: block.name,
          body: block.body,
          categories: block.categories,
          supportedContexts: block.contexts,
          cc: block.cc ?? null,
          subjectLine: block.subjectLine ?? null,
          attachments: block.attachments ?? null,
        };
      }),
    );
    await tx.insert(checklists).values(
      DEMO_CHECKLISTS.map((checklist) => ({
        id: newId(),
        accountId: DEMO_ACCOUNT.id,
        teamId: DEMO_TEAMS[checklist.team].id,
        name: checklist.name,
        tasks: checklist.tasks,
        categories: checklist.categories,
        blockIds: checklist.blocks.map((name) => {
          const id = blockIds.get(name);
          if (!id) throw new Error(`Demo checklist "${checklist.name}" names an unknown block "${name}"`);
          return id;
        }),
      })),
    );
    return true;
  });
}
