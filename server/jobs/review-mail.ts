/**
 * The weekly mail of due reviews: every hour, each enabled person who gets it (`review_mail`) and
 * owns at least one live, unarchived block or checklist whose review is due, and was last mailed
 * more than 7 days ago (or never), gets one mail through the queue listing them, with a link to
 * the admin app's Needs review page and where to stop these mails. The week is claimed with one
 * conditional UPDATE in the mail's transaction, so instances on one database send it once.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { blocks, checklists, teams, users } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { dueAtOf, reviewDueAt, type RecordKind } from '../library/stewardship';
import type { Logger } from '../logger';
import { repeatEvery, type RepeatingJob } from './repeat';

const HOUR_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

export interface ReviewMailOptions {
  /** The clock: tests pass their own. */
  now: Date;
  /** Where people open the admin app (the public origin); left out, the mail names the page only. */
  origin?: string | undefined;
}

interface DueItem {
  kind: RecordKind;
  name: string;
  teamName: string;
  overdueDays: number;
}

/** Every due, live, unarchived record at `now` with its owner, of every account. */
async function dueByOwner(db: Db, now: Date): Promise<Map<string, DueItem[]>> {
  const byOwner = new Map<string, DueItem[]>();
  for (const kind of ['block', 'checklist'] as const) {
    const table = kind === 'block' ? blocks : checklists;
    const rows = await db
      .select({ ownerUserId: table.ownerUserId, name: table.name, teamName: teams.name, reviewedAt: table.reviewedAt, reviewEveryDays: table.reviewEveryDays })
      .from(table)
      .innerJoin(teams, and(eq(teams.id, table.teamId), eq(teams.accountId, table.accountId)))
      .where(and(sql`${table.ownerUserId} is not null`, isNull(table.deletedAt), isNull(table.archivedAt), reviewDueAt(kind, now)))
      .orderBy(asc(table.reviewedAt));
    for (const row of rows) {
      const list = byOwner.get(row.ownerUserId!) ?? [];
      list.push({ kind, name: row.name, teamName: row.teamName, overdueDays: Math.floor((now.getTime() - dueAtOf(row).getTime()) / DAY_MS) });
      byOwner.set(row.ownerUserId!, list);
    }
  }
  return byOwner;
}

const overdue = (days: number) => (days <= 0 ? 'due today' : days === 1 ? 'overdue by 1 day' : `overdue by ${days} days`);

/** The mail listing `items` for `to`. */
export function reviewMail(to: string, items: DueItem[], origin?: string) {
  const page = origin ? `${origin}/admin/#/reviews` : 'the Needs review page of the Cannery admin app';
  const lines = [
    `These ${items.length === 1 ? 'reply needs' : `${items.length} replies and checklists need`} your review: check that each still says the right thing.`,
    '',
    ...items.map((item) => `- ${item.name} (${item.kind === 'block' ? 'block' : 'checklist'}, ${item.teamName}): ${overdue(item.overdueDays)}`),
    '',
    `Confirm each one as "Still right" or edit it: ${page}`,
    '',
    'To stop these mails, turn off "Email me my due reviews every week" on the Needs review page.',
  ];
  return { kind: 'review_reminder', to, subject: items.length === 1 ? '1 review is due in Cannery' : `${items.length} reviews are due in Cannery`, body: lines.join('\n') };
}

/**
 * One pass at `now`: queues the week's mail for each person it is due to; returns how many were
 * queued. A person another instance claimed this week is skipped.
 */
export async function sendReviewMails(db: Db, options: ReviewMailOptions): Promise<number> {
  const { now } = options;
  const byOwner = await dueByOwner(db, now);
  if (byOwner.size === 0) return 0;
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...byOwner.keys()]), eq(users.reviewMail, true), isNull(users.disabledAt), or(isNull(users.reviewMailAt), lt(users.reviewMailAt, weekAgo))))
    .orderBy(asc(users.id));
  let queued = 0;
  for (const person of people) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(users)
        .set({ reviewMailAt: now })
        .where(and(eq(users.id, person.id), eq(users.reviewMail, true), isNull(users.disabledAt), or(isNull(users.reviewMailAt), lt(users.reviewMailAt, weekAgo))))
        .returning({ id: users.id });
      if (!claimed) return false;
      await enqueueMail(tx, reviewMail(person.email, byOwner.get(person.id)!, options.origin), now);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Runs a pass now and every hour until `stop()`; a failed pass is logged and tried again at the next. */
export function startReviewMail(db: Db, origin: string | undefined, logger: Logger, mailQueued: () => void = () => {}, everyMs = HOUR_MS): RepeatingJob {
  return repeatEvery(
    everyMs,
    async () => {
      const queued = await sendReviewMails(db, { now: new Date(), origin });
      if (queued > 0) {
        logger.info({ queued }, 'queued the weekly mails of due reviews');
        mailQueued();
      }
    },
    logger,
    'the weekly review mail pass failed; it runs again within the hour',
  );
}
