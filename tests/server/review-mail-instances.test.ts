import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/database';
import { blocks, users } from '../../server/db/schema';
import { mailQueue } from '../../server/mail/schema';
import { sendReviewMails } from '../../server/jobs/review-mail';
import { givenAccount, givenBlock, givenTeam, givenUser } from './support/given';
import { scratchDatabases } from './support/processes';

/**
 * The weekly review mail with two instances on one PostgreSQL (TEST_DATABASE_URL): each runs its
 * hourly pass at the same moment, on its own connection pool, and every owner gets the week's mail
 * once, not once per instance. PostgreSQL only: PGlite's data directory belongs to one process.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_review_mail') : undefined;
const opened: Database[] = [];

afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await databases?.dropAll();
});

describe.skipIf(!baseUrl)('the weekly review mail on two instances', () => {
  it('is queued once per owner and week when both instances run their pass at once', async () => {
    const url = await databases!.create();
    const first = await openDatabase({ url, poolSize: 4 });
    const second = await openDatabase({ url, poolSize: 4 });
    opened.push(first, second);
    await first.migrate();
    const { db } = first;
    const now = new Date('2027-05-03T08:00:00.000Z');
    const account = await givenAccount(db);
    const team = await givenTeam(db, account.id);
    const owners = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((name) => givenUser(db, account.id, { email: `${name}@county.test`, adminTeams: [team.id] })),
    );
    for (const owner of owners) {
      const block = await givenBlock(db, team, { name: `Reply kept by ${owner.email}`, ownerUserId: owner.id });
      await db.update(blocks).set({ reviewedAt: new Date(now.getTime() - 400 * 86_400_000) }).where(eq(blocks.id, block.id));
    }

    const counts = await Promise.all([sendReviewMails(first.db, { now }), sendReviewMails(second.db, { now })]);
    expect(counts[0] + counts[1]).toBe(owners.length);
    const again = await Promise.all([sendReviewMails(first.db, { now }), sendReviewMails(second.db, { now })]);
    expect(again).toEqual([0, 0]);

    const mails = await db.select({ to: mailQueue.toAddress, kind: mailQueue.kind }).from(mailQueue);
    expect(mails.map((mail) => mail.to).sort()).toEqual(owners.map((owner) => owner.email).sort());
    expect(new Set(mails.map((mail) => mail.kind))).toEqual(new Set(['review_reminder']));
    const claimed = await db.select({ at: users.reviewMailAt }).from(users);
    expect(claimed.every((row) => row.at?.getTime() === now.getTime())).toBe(true);
  });
});
