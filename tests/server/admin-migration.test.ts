import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/database';

/**
 * Migration 0006 (block versions, soft delete, audit log) on a database that already holds
 * blocks: each existing block gets version 1, not deleted, and its history starts there.
 */
const folder = mkdtempSync(join(tmpdir(), 'cannery-migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrations folder as it stood before 0006. */
function migrationsBefore0006(): string {
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx < 6);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0006', () => {
  it('gives the blocks that exist their version 1 in the history', async () => {
    const client = await PGlite.create('memory://');
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore0006() });
      const account = 'a'.repeat(24);
      const team = 'b'.repeat(24);
      const block = 'c'.repeat(24);
      await client.exec(`
        insert into accounts (id, name) values ('${account}', 'Alder County');
        insert into teams (id, account_id, name) values ('${team}', '${account}', 'Elections');
        insert into blocks (id, account_id, team_id, name, body, categories, supported_contexts, cc, attachments)
          values ('${block}', '${account}', '${team}', 'Ballot tracking', '<p>Track it.</p>', '{Mail Ballots}', '{outlook,gmail}', '{a@alder.test}', '[{"name":"Guide","url":"https://x.test/g.pdf"}]');
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const blocks = await client.query<{ version: number; deleted_at: Date | null }>('select version, deleted_at from blocks');
      expect(blocks.rows).toEqual([{ version: 1, deleted_at: null }]);
      const versions = await client.query('select block_id, version, action, author_user_id, name, body, categories, cc, attachments, team_id from block_versions');
      expect(versions.rows).toEqual([
        {
          block_id: block,
          version: 1,
          action: 'created',
          author_user_id: null,
          name: 'Ballot tracking',
          body: '<p>Track it.</p>',
          categories: ['Mail Ballots'],
          cc: ['a@alder.test'],
          attachments: [{ name: 'Guide', url: 'https://x.test/g.pdf' }],
          team_id: team,
        },
      ]);
      expect((await client.query('select count(*)::int as n from audit_events')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.close();
    }
  });
});
