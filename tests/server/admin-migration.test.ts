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
 * Migration 0007 (the suggestions inbox) on one that holds suggestions: each is open. Migration
 * 0013 (the mail queue) on one whose pool outbox holds mail.
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

describe('migration 0013', () => {
  it("moves the pool's outbox into the mail queue: sent as sent, recent as due, old as expired", async () => {
    const client = await PGlite.create('memory://');
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore(13) });
      await client.exec(`
        insert into identity_outbox (id, to_address, subject, body, created_at, sent_at, last_error) values
          ('sent', 'a@alder.test', 'Code', 'Your verification code is 111111.', now() - interval '10 minutes', now() - interval '9 minutes', null),
          ('recent', 'b@alder.test', 'Code', 'Your verification code is 222222.', now() - interval '10 minutes', null, 'SMTP RCPT TO refused: 451'),
          ('old', 'c@alder.test', 'Code', 'Your verification code is 333333.', now() - interval '2 hours', null, null);
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const rows = await client.query<{ id: string; kind: string; status: string; attempts: number; to_address: string; last_error: string | null }>(
        'select id, kind, status, attempts, to_address, last_error from mail_queue order by id',
      );
      expect(rows.rows).toEqual([
        { id: 'old', kind: 'reset_code', status: 'expired', attempts: 0, to_address: 'c@alder.test', last_error: null },
        { id: 'recent', kind: 'reset_code', status: 'pending', attempts: 1, to_address: 'b@alder.test', last_error: 'SMTP RCPT TO refused: 451' },
        { id: 'sent', kind: 'reset_code', status: 'sent', attempts: 1, to_address: 'a@alder.test', last_error: null },
      ]);
      const outbox = await client.query("select to_regclass('identity_outbox') as name");
      expect(outbox.rows).toEqual([{ name: null }]);
    } finally {
      await client.close();
    }
  });
});
