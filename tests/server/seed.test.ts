import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { accounts, blocks, checklists, teams, users } from '../../server/db/schema';
import { sentAutoResponses } from '../../server/db/records-schema';
import { seedDemo } from '../../server/seed';
import { DEMO_ACCOUNT, DEMO_BLOCKS, DEMO_CHECKLISTS, DEMO_TEAMS, DEMO_USAGE, DEMO_USERS } from '../../server/seed/demo-data';
import { resetDatabase, testDatabase } from './support/database';

const NOW = new Date('2025-03-14T17:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const TEAM_KEYS = Object.keys(DEMO_TEAMS) as Array<keyof typeof DEMO_TEAMS>;

let database: Database;
beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});

/** The team's blocks by total uses, most used first, as "Frequently Used" orders them. */
async function mostUsed(teamId: string): Promise<Array<{ name: string; uses: number }>> {
  const uses = sql<number>`count(${sentAutoResponses.id})::int`;
  return database.db
    .select({ name: blocks.name, uses })
    .from(blocks)
    .innerJoin(sentAutoResponses, and(eq(sentAutoResponses.autoResponseId, blocks.id), eq(sentAutoResponses.accountId, blocks.accountId)))
    .where(and(eq(blocks.accountId, DEMO_ACCOUNT.id), eq(blocks.teamId, teamId)))
    .groupBy(blocks.id)
    .orderBy(desc(uses), asc(blocks.name));
}

describe('demo seed', () => {
  it('fills an empty database with the demo account, its teams, users, blocks and checklists', async () => {
    expect(await seedDemo(database.db, NOW)).toBe(true);
    const [account] = await database.db.select().from(accounts);
    expect(account?.name).toBe(DEMO_ACCOUNT.name);
    expect(account?.hasPhoneFlowAccess).toBe(true);
    expect(account?.emailClassificationOn).toBe(true);
    expect(await database.db.select().from(teams)).toHaveLength(3);
    expect((await database.db.select().from(users)).length).toBeGreaterThanOrEqual(3);
    const seeded = await database.db.select().from(blocks).where(eq(blocks.accountId, DEMO_ACCOUNT.id));
    expect(seeded).toHaveLength(DEMO_BLOCKS.length);
    for (const block of seeded) expect(block.id).toMatch(/^[0-9a-f]{24}$/);
    const lists = await database.db.select().from(checklists);
    expect(lists).toHaveLength(DEMO_CHECKLISTS.length);
    const blockIds = new Set(seeded.map((block) => block.id));
    for (const list of lists) for (const id of list.blockIds) expect(blockIds.has(id)).toBe(true);
  });

  it('gives the SSO demo user a Microsoft subject and the others none', async () => {
    await seedDemo(database.db, NOW);
    const rows = await database.db.select().from(users);
    const sam = rows.find((user) => user.email.startsWith('sam@'));
    expect(sam?.microsoftSub).toBe('demo-sso-sam');
    expect(rows.filter((user) => user.microsoftSub !== null)).toHaveLength(1);
    expect(rows.some((user) => user.adminTeams.length > 0)).toBe(true);
  });

  it('changes nothing in a database that already holds an account', async () => {
    await seedDemo(database.db, NOW);
    expect(await seedDemo(database.db, NOW)).toBe(false);
    expect(await database.db.select().from(accounts)).toHaveLength(1);
    const [{ count } = { count: 0 }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(sentAutoResponses);
    expect(count).toBe(DEMO_USAGE.reduce((sum, usage) => sum + usage.uses, 0));
  });
});

describe('demo blocks', () => {
  it('are about 60, with unique, short, Title Case names', () => {
    expect(DEMO_BLOCKS.length).toBeGreaterThanOrEqual(55);
    expect(DEMO_BLOCKS.length).toBeLessThanOrEqual(70);
    const names = DEMO_BLOCKS.map((block) => block.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(40);
      expect(name).toMatch(/^[A-Z]/);
      // Every word but the short joining words starts with a capital letter.
      const minor = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);
      for (const word of name.split(/\s+/).slice(1)) if (!minor.has(word)) expect(word, name).toMatch(/^[A-Z0-9]/);
    }
  });

  it('spread over every team, each with categorized and uncategorized blocks', () => {
    for (const team of TEAM_KEYS) {
      const own = DEMO_BLOCKS.filter((block) => block.team === team);
      expect(own.length, team).toBeGreaterThanOrEqual(12);
      expect(own.some((block) => block.categories.length === 0), team).toBe(true);
      expect(own.some((block) => block.categories.length > 0), team).toBe(true);
    }
    expect(DEMO_BLOCKS.filter((block) => block.categories.length === 2).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_BLOCKS.filter((block) => block.categories.length === 0).length).toBeGreaterThanOrEqual(5);
  });

  it('cover every context, mostly all three, some email only and a few text fields only', () => {
    const only = (contexts: string[]) => DEMO_BLOCKS.filter((block) => [...block.contexts].sort().join() === [...contexts].sort().join());
    const all = only(['outlook', 'gmail', 'text_input']);
    expect(all.length).toBeGreaterThan(DEMO_BLOCKS.length / 2);
    expect(only(['outlook', 'gmail']).length).toBeGreaterThanOrEqual(5);
    expect(only(['text_input']).length).toBeGreaterThanOrEqual(3);
    for (const context of ['outlook', 'gmail', 'text_input'] as const) {
      expect(DEMO_BLOCKS.some((block) => block.contexts.includes(context)), context).toBe(true);
    }
    for (const block of DEMO_BLOCKS) {
      expect(block.contexts.length, block.name).toBeGreaterThan(0);
      expect(new Set(block.contexts).size, block.name).toBe(block.contexts.length);
    }
  });

  it('include some with a subject line, cc and attachments, all in the demo domain', () => {
    const withSubject = DEMO_BLOCKS.filter((block) => block.subjectLine);
    const withCc = DEMO_BLOCKS.filter((block) => block.cc?.length);
    const withAttachments = DEMO_BLOCKS.filter((block) => block.attachments?.length);
    expect(withSubject.length).toBeGreaterThanOrEqual(5);
    expect(withCc.length).toBeGreaterThanOrEqual(3);
    expect(withAttachments.length).toBeGreaterThanOrEqual(4);
    for (const block of withCc) for (const address of block.cc ?? []) expect(address).toMatch(/^[a-z-]+@aldercounty\.example$/);
    for (const block of withAttachments) {
      for (const attachment of block.attachments ?? []) {
        expect(attachment.name).toMatch(/\.pdf$/);
        expect(attachment.url).toMatch(/^https:\/\/files\.aldercounty\.example\//);
      }
    }
    // Subject lines, cc and attachments only make sense where an email is being written.
    for (const block of [...withSubject, ...withCc, ...withAttachments]) expect(block.contexts, block.name).toContain('outlook');
  });

  it('have non-empty HTML bodies of varied length, with safe links and fictional phone numbers', () => {
    const lengths = DEMO_BLOCKS.map((block) => block.body.length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(120);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(2000);
    expect(lengths.filter((length) => length >= 1000).length).toBeGreaterThanOrEqual(5);
    for (const block of DEMO_BLOCKS) {
      expect(block.body, block.name).toMatch(/^<p>/);
      expect(block.body, block.name).toMatch(/<\/(p|ul)>$/);
      expect(block.body.toLowerCase(), block.name).not.toContain('<script');
      expect(block.body, block.name).not.toMatch(/\son\w+=/i);
      for (const [, href] of block.body.matchAll(/href="([^"]*)"/g)) {
        expect(href, block.name).toMatch(/^(https:\/\/([a-z]+\.)?aldercounty\.example\/|mailto:[a-z-]+@aldercounty\.example$)/);
      }
      for (const [phone] of block.body.matchAll(/\d{3}-\d{4}/g)) expect(phone, block.name).toMatch(/^555-01\d\d$/);
      // Balanced tags: every element that is opened is closed.
      for (const tag of ['p', 'ul', 'li', 'strong', 'em', 'a']) {
        const opened = block.body.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
        const closed = block.body.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
        expect(closed, `${block.name} <${tag}>`).toBe(opened);
      }
    }
  });
});

describe('demo checklists', () => {
  it('are 5 or 6 across the teams, with 3 to 7 tasks and 2 to 4 blocks of their own team', () => {
    expect(DEMO_CHECKLISTS.length).toBeGreaterThanOrEqual(5);
    expect(DEMO_CHECKLISTS.length).toBeLessThanOrEqual(6);
    for (const team of TEAM_KEYS) expect(DEMO_CHECKLISTS.some((checklist) => checklist.team === team), team).toBe(true);
    const teamOf = new Map(DEMO_BLOCKS.map((block) => [block.name, block.team]));
    for (const checklist of DEMO_CHECKLISTS) {
      expect(checklist.tasks.length, checklist.name).toBeGreaterThanOrEqual(3);
      expect(checklist.tasks.length, checklist.name).toBeLessThanOrEqual(7);
      expect(checklist.blocks.length, checklist.name).toBeGreaterThanOrEqual(2);
      expect(checklist.blocks.length, checklist.name).toBeLessThanOrEqual(4);
      for (const name of checklist.blocks) expect(teamOf.get(name), `${checklist.name}: ${name}`).toBe(checklist.team);
    }
  });

  it('are seeded with the ids of the blocks they name, in order', async () => {
    await seedDemo(database.db, NOW);
    const idByName = new Map((await database.db.select().from(blocks)).map((block) => [block.name, block.id]));
    const lists = await database.db.select().from(checklists);
    for (const checklist of DEMO_CHECKLISTS) {
      const row = lists.find((list) => list.name === checklist.name);
      expect(row?.teamId).toBe(DEMO_TEAMS[checklist.team].id);
      expect(row?.tasks).toEqual(checklist.tasks);
      expect(row?.blockIds).toEqual(checklist.blocks.map((name) => idByName.get(name)));
    }
  });
});

describe('demo usage', () => {
  it('names known blocks that support Outlook, used by members of the block\'s team', () => {
    const blockNamed = new Map(DEMO_BLOCKS.map((block) => [block.name, block]));
    expect(new Set(DEMO_USAGE.map((usage) => usage.block)).size).toBeGreaterThanOrEqual(12);
    for (const usage of DEMO_USAGE) {
      const block = blockNamed.get(usage.block);
      expect(block, usage.block).toBeDefined();
      expect(block?.contexts).toContain('outlook');
      const user = DEMO_USERS.find((candidate) => candidate.email === usage.user);
      expect(user, usage.user).toBeDefined();
      const teamId = DEMO_TEAMS[block!.team].id;
      expect([...user!.teams, ...user!.adminTeams], `${usage.user} uses ${usage.block}`).toContain(teamId);
      expect(usage.uses).toBeGreaterThan(0);
    }
  });

  it('is seeded as sent auto responses within the 30 days before now, with the user and block recorded', async () => {
    await seedDemo(database.db, NOW);
    const rows = await database.db.select().from(sentAutoResponses);
    expect(rows).toHaveLength(DEMO_USAGE.reduce((sum, usage) => sum + usage.uses, 0));
    const blockById = new Map((await database.db.select().from(blocks)).map((block) => [block.id, block]));
    const userById = new Map((await database.db.select().from(users)).map((user) => [user.id, user]));
    const days = new Set<number>();
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{24}$/);
      expect(row.accountId).toBe(DEMO_ACCOUNT.id);
      expect(row.contextUsed).toBe('outlook');
      const block = blockById.get(row.autoResponseId);
      expect(block?.name).toBe(row.autoResponseName);
      expect(block?.body).toBe(row.autoResponseContent);
      expect(block?.teamId).toBe(row.teamId);
      const user = userById.get(row.userId);
      expect(user?.email).toBe(row.userEmail);
      expect(row.microsoftSub).toBe(user?.microsoftSub ?? null);
      const ago = NOW.getTime() - row.timeSent.getTime();
      expect(ago).toBeGreaterThanOrEqual(0);
      expect(ago).toBeLessThan(30 * DAY_MS);
      days.add(Math.floor(ago / DAY_MS));
    }
    expect(days.size).toBeGreaterThanOrEqual(25);
  });

  it('gives every team a clear "Frequently Used" order with the expected leader', async () => {
    await seedDemo(database.db, NOW);
    const leaders = { elections: 'Track My Ballot', recorder: 'Recording Fees', frontCounter: 'Office Hours and Location' };
    for (const team of TEAM_KEYS) {
      const ranking = await mostUsed(DEMO_TEAMS[team].id);
      expect(ranking.length, team).toBeGreaterThanOrEqual(4);
      expect(ranking[0]?.name, team).toBe(leaders[team]);
      const counts = ranking.map((entry) => entry.uses);
      expect(new Set(counts).size, `${team} has no ties`).toBe(counts.length);
    }
  });

  it('is the same history for the same `now`', async () => {
    await seedDemo(database.db, NOW);
    const times = async () =>
      (await database.db.select({ name: sentAutoResponses.autoResponseName, time: sentAutoResponses.timeSent }).from(sentAutoResponses))
        .map((row) => `${row.name}@${row.time.toISOString()}`)
        .sort();
    const first = await times();
    await resetDatabase(database);
    await seedDemo(database.db, NOW);
    expect(await times()).toEqual(first);
  });
});
