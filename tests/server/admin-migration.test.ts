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
 * Migration 0007 (the suggestions inbox) on one that holds suggestions: each is open.
 */
const folder = mkdtempSync(join(tmpdir(), 'cannery-migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrations folder as it stood before migration `idx`. */
function migrationsBefore(idx: number): string {
  const copy = join(folder, String(idx));
  cpSync(MIGRATIONS_DIR, copy, { recursive: true });
  const journalPath = join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}
const migrationsBefore0006 = () => migrationsBefore(6);

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

describe('migration 0007', () => {
  it('makes every suggestion that exists open, undecided', async () => {
    const client = await PGlite.create('memory://');
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore(7) });
      await client.exec(`
        insert into suggested_auto_responses (id, account_id, team_id, user_id, user_email, name, body, supported_contexts)
          values ('${'a'.repeat(24)}', '${'b'.repeat(24)}', '${'c'.repeat(24)}', '${'d'.repeat(24)}', 'alice@alder.test', 'Poll hours', 'Polls close at 8.', '{outlook}');
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const rows = await client.query('select name, status, decided_at, decided_by, note, block_id from suggested_auto_responses');
      expect(rows.rows).toEqual([{ name: 'Poll hours', status: 'open', decided_at: null, decided_by: null, note: null, block_id: null }]);
      await expect(client.exec(`update suggested_auto_responses set status = 'maybe'`)).rejects.toThrow(/suggested_auto_responses_status_check/);
    } finally {
      await client.close();
    }
  });
});
