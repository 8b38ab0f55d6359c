import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { accounts, blocks, checklists, teams, users } from '../../server/db/schema';
import { seedDemo } from '../../server/seed';
import { DEMO_ACCOUNT, DEMO_BLOCKS } from '../../server/seed/demo-data';
import { resetDatabase, testDatabase } from './support/database';

let database: Database;
beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});

describe('demo seed', () => {
  it('fills an empty database with the demo account, its teams, users, blocks and checklists', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    const [account] = await database.db.select().from(accounts);
    expect(account?.name).toBe(DEMO_ACCOUNT.name);
    expect(await database.db.select().from(teams)).toHaveLength(3);
    expect((await database.db.select().from(users)).length).toBeGreaterThanOrEqual(3);
    const seeded = await database.db.select().from(blocks).where(eq(blocks.accountId, DEMO_ACCOUNT.id));
    expect(seeded).toHaveLength(DEMO_BLOCKS.length);
    for (const block of seeded) expect(block.id).toMatch(/^[0-9a-f]{24}$/);
    const lists = await database.db.select().from(checklists);
    const blockIds = new Set(seeded.map((block) => block.id));
    for (const list of lists) for (const id of list.blockIds) expect(blockIds.has(id)).toBe(true);
  });

  it('changes nothing in a database that already holds an account', async () => {
    await seedDemo(database.db);
    expect(await seedDemo(database.db)).toBe(false);
    expect(await database.db.select().from(accounts)).toHaveLength(1);
  });
});
