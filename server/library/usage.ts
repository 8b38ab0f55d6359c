/**
 * How a team uses its blocks, for its admins: the uses members recorded
 * (`ACCOUNT_ROUTES.blockUses`), checklist runs (`ACCOUNT_ROUTES.recordedChecklists`) and usage sessions
 * (`.../sessions`) of a period of whole days in UTC. Everything is counted by the database
 * (`count`, `group by`): the server never loads the records themselves, except for the CSV export,
 * which it streams a page at a time and cuts at `USAGE_LIMITS.csvRows`.
 */
import { and, asc, count, countDistinct, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { USAGE_CSV_COLUMNS, USAGE_LIMITS, type UsageInterval, type UsageReport } from '../../src/api/contract/admin';
import type { Db } from '../db/database';
import { blocks, recordedChecklists, users } from '../db/schema';
import { sentAutoResponses, sessions } from '../db/records-schema';
import { ApiProblem } from '../errors';
import { csvLine } from './csv';

const DAY = 86_400_000;

/** The days a report covers, both included, and the instants they span in UTC (`end` excluded). */
export interface UsagePeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`);
const plusDays = (day: string, days: number) => dayOf(new Date(midnight(day).getTime() + days * DAY));

/**
 * The period of `from` and `to` (validated `YYYY-MM-DD`): without either, the last 30 days up to
 * today; with `from` only, up to today; with `to` only, the 30 days ending then. 400 when `from`
 * is after `to` or the period is longer than 366 days.
 */
export function usagePeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date = new Date()): UsagePeriod {
  const today = dayOf(now);
  const to = query.to ?? today;
  const from = query.from ?? plusDays(to, -(USAGE_LIMITS.defaultDays - 1));
  const days = (midnight(to).getTime() - midnight(from).getTime()) / DAY + 1;
  if (days < 1) throw new ApiProblem(400, 'invalid_request', 'Invalid query. from: must not be after to');
  if (days > USAGE_LIMITS.maxDays) {
    throw new ApiProblem(400, 'invalid_request', `Invalid query. to: the period must be at most ${USAGE_LIMITS.maxDays} days`);
  }
  return { from, to, start: midnight(from), end: midnight(plusDays(to, 1)) };
}

/** The Monday (ISO week start) of `day`, as the database's `date_trunc('week', …)` gives it. */
function mondayOf(day: string): string {
  const weekday = midnight(day).getUTCDay(); // 0 is Sunday
  return plusDays(day, -((weekday + 6) % 7));
}

/** Every interval of the period, with its key (the day, or the week's Monday), first and last cut to the period. */
function intervalsOf(period: UsagePeriod, interval: UsageInterval): Array<{ key: string; start: string; end: string }> {
  const list: Array<{ key: string; start: string; end: string }> = [];
  if (interval === 'day') {
    for (let day = period.from; day <= period.to; day = plusDays(day, 1)) list.push({ key: day, start: day, end: day });
    return list;
  }
  for (let monday = mondayOf(period.from); monday <= period.to; monday = plusDays(monday, 7)) {
    const sunday = plusDays(monday, 6);
    list.push({ key: monday, start: monday < period.from ? period.from : monday, end: sunday > period.to ? period.to : sunday });
  }
  return list;
}

interface Scope {
  accountId: string;
  teamId: string;
}

const s = sentAutoResponses;

/** The team's uses in the period. */
const usesOf = (scope: Scope, period: UsagePeriod): SQL =>
  and(eq(s.accountId, scope.accountId), eq(s.teamId, scope.teamId), gte(s.timeSent, period.start), lt(s.timeSent, period.end))!;

/** The block of a use, when it is still the team's (a block that is gone leaves its recorded name). */
const blockOfUse = and(eq(blocks.id, s.autoResponseId), eq(blocks.accountId, s.accountId), eq(blocks.teamId, s.teamId))!;

/** The latest value of `column` among a group's uses. */
const latest = (column: typeof s.autoResponseName | typeof s.userEmail) => sql<string>`(array_agg(${column} order by ${s.timeSent} desc))[1]`;

export async function usageReportOf(
  db: Db,
  scope: Scope & { teamName: string },
  period: UsagePeriod,
  interval: UsageInterval,
): Promise<UsageReport> {
  const where = usesOf(scope, period);
  // UTC days (or ISO weeks, from Monday), whatever the database's own time zone.
  const utc = sql`(${s.timeSent} at time zone 'UTC')`;
  const bucket = sql<string>`to_char(${interval === 'week' ? sql`date_trunc('week', ${utc})` : sql`date_trunc('day', ${utc})`}, 'YYYY-MM-DD')`;
  const uses = count().as('uses');

  const [perBucket, perBlock, perUser, perUiSource, perHost, perMailbox, perLanguage, perBlockLanguage, totals, checklistRuns, sessionTotals] = await Promise.all([
    db.select({ blockId: s.autoResponseId, bucket, uses: count() }).from(s).where(where).groupBy(s.autoResponseId, bucket),
    db
      .select({
        blockId: s.autoResponseId,
        uses: count(),
        recordedName: latest(s.autoResponseName),
        name: blocks.name,
        deletedAt: blocks.deletedAt,
      })
      .from(s)
      .leftJoin(blocks, blockOfUse)
      .where(where)
      .groupBy(s.autoResponseId, blocks.id),
    db
      .select({ userId: s.userId, uses: count(), recordedEmail: latest(s.userEmail), email: users.email })
      .from(s)
      .leftJoin(users, eq(users.id, s.userId))
      .where(where)
      .groupBy(s.userId, users.id),
    db.select({ uiSource: s.uiSource, uses }).from(s).where(where).groupBy(s.uiSource).orderBy(desc(uses), asc(s.uiSource)),
    db.select({ host: s.contextUsed, uses }).from(s).where(where).groupBy(s.contextUsed).orderBy(desc(uses), asc(s.contextUsed)),
    db.select({ mailbox: s.mailbox, uses }).from(s).where(where).groupBy(s.mailbox).orderBy(desc(uses), sql`${s.mailbox} asc nulls first`),
    db.select({ language: s.language, uses }).from(s).where(where).groupBy(s.language).orderBy(desc(uses), asc(s.language)),
    db.select({ blockId: s.autoResponseId, language: s.language, uses }).from(s).where(where).groupBy(s.autoResponseId, s.language).orderBy(desc(uses), asc(s.language)),
    db.select({ uses: count(), blocks: countDistinct(s.autoResponseId), users: countDistinct(s.userId) }).from(s).where(where),
    checklistsOf(db, scope, period),
    sessionsOf(db, scope, period),
  ]);

  const intervals = intervalsOf(period, interval);
  const position = new Map(intervals.map((entry, index) => [entry.key, index]));
  const series = new Map<string, number[]>();
  const perInterval = intervals.map(() => 0);
  for (const row of perBucket) {
    const index = position.get(row.bucket);
    if (index === undefined) continue;
    let counts = series.get(row.blockId);
    if (!counts) series.set(row.blockId, (counts = intervals.map(() => 0)));
    counts[index] = row.uses;
    perInterval[index]! += row.uses;
  }

  const languagesOfBlock = new Map<string, Array<{ language: string; uses: number }>>();
  for (const row of perBlockLanguage) {
    const list = languagesOfBlock.get(row.blockId) ?? [];
    list.push({ language: row.language, uses: row.uses });
    languagesOfBlock.set(row.blockId, list);
  }

  const byUsesThen = <T>(label: (item: T) => string, uses: (item: T) => number) => (a: T, b: T) =>
    uses(b) - uses(a) || label(a).localeCompare(label(b), 'en') || 0;

  return {
    team: { _id: scope.teamId, name: scope.teamName },
    from: period.from,
    to: period.to,
    interval,
    timeZone: 'UTC',
    intervals: intervals.map((entry, index) => ({ start: entry.start, end: entry.end, uses: perInterval[index]! })),
    totals: totals[0] ?? { uses: 0, blocks: 0, users: 0 },
    blocks: perBlock
      .map((row) => ({
        _id: row.blockId,
        name: row.name ?? row.recordedName,
        deleted: row.name === null || row.deletedAt !== null,
        uses: row.uses,
        series: series.get(row.blockId) ?? intervals.map(() => 0),
        languages: languagesOfBlock.get(row.blockId) ?? [],
      }))
      .sort(byUsesThen((row) => `${row.name}\u0000${row._id}`, (row) => row.uses)),
    users: perUser
      .map((row) => ({ _id: row.userId, email: row.email ?? row.recordedEmail, uses: row.uses }))
      .sort(byUsesThen((row) => `${row.email}\u0000${row._id}`, (row) => row.uses)),
    uiSources: perUiSource,
    hosts: perHost,
    mailboxes: perMailbox,
    languages: perLanguage,
    checklists: checklistRuns,
    sessions: sessionTotals,
  };
}

/** The team's checklist runs started in the period, and those completed (ended) in it. */
async function checklistsOf(db: Db, scope: Scope, period: UsagePeriod): Promise<UsageReport['checklists']> {
  const r = recordedChecklists;
  const startedIn = and(gte(r.startTime, period.start), lt(r.startTime, period.end))!;
  const endedIn = and(gte(r.endTime, period.start), lt(r.endTime, period.end))!;
  const [row] = await db
    .select({
      started: sql<number>`count(*) filter (where ${startedIn})`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${endedIn})`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.accountId, scope.accountId), eq(r.teamId, scope.teamId), sql`(${startedIn} or ${endedIn})`));
  return row ?? { started: 0, completed: 0 };
}

/**
 * Usage sessions started in the period that were recorded for the team (a session carries the
 * teams its user worked for): how many, by how many users, and their minutes in all (rounded).
 */
async function sessionsOf(db: Db, scope: Scope, period: UsagePeriod): Promise<UsageReport['sessions']> {
  const [row] = await db
    .select({
      count: count(),
      users: countDistinct(sessions.userId),
      minutes: sql<number>`coalesce(round(sum(extract(epoch from (${sessions.endTime} - ${sessions.startTime}))) / 60), 0)`.mapWith(Number),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, scope.accountId),
        sql`${sessions.teams} @> array[${scope.teamId}]::text[]`,
        gte(sessions.startTime, period.start),
        lt(sessions.startTime, period.end),
      ),
    );
  return row ?? { count: 0, users: 0, minutes: 0 };
}


/** A file name's part made of the team's name: lower-case letters, digits and hyphens. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'team';
}

const CSV_PAGE = 2_000;

/**
 * The team's uses in the period as CSV (`USAGE_CSV_COLUMNS`, oldest first, CRLF lines, a UTF-8 byte
 * order mark for spreadsheets), at most `limit` rows; `truncated` says whether there were more.
 * The rows are read a page at a time while the answer streams.
 */
export async function usageCsvOf(
  db: Db,
  scope: Scope,
  period: UsagePeriod,
  limit: number = USAGE_LIMITS.csvRows,
): Promise<{ stream: ReadableStream<Uint8Array>; truncated: boolean }> {
  const where = usesOf(scope, period);
  const [counted] = await db.select({ n: count() }).from(db.select({ one: sql`1`.as('one') }).from(s).where(where).limit(limit + 1).as('capped'));
  const truncated = (counted?.n ?? 0) > limit;
  const encoder = new TextEncoder();
  let sent = 0;
  let after: { time: string; id: string } | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(USAGE_CSV_COLUMNS)}`));
    },
    async pull(controller) {
      const size = Math.min(CSV_PAGE, limit - sent);
      if (size <= 0) return controller.close();
      const rows = await db
        .select({
          id: s.id,
          // To the microsecond, for the next page's cursor; the file shows milliseconds.
          cursor: sql<string>`to_char(${s.timeSent} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          time: s.timeSent,
          blockId: s.autoResponseId,
          blockName: sql<string>`coalesce(${blocks.name}, ${s.autoResponseName})`,
          userEmail: sql<string>`coalesce(${users.email}, ${s.userEmail})`,
          uiSource: s.uiSource,
          host: s.contextUsed,
          language: s.language,
        })
        .from(s)
        .leftJoin(blocks, blockOfUse)
        .leftJoin(users, eq(users.id, s.userId))
        .where(after ? and(where, sql`(${s.timeSent}, ${s.id}) > (${after.time}::timestamptz, ${after.id})`) : where)
        .orderBy(asc(s.timeSent), asc(s.id))
        .limit(size);
      if (rows.length === 0) return controller.close();
      sent += rows.length;
      const last = rows.at(-1)!;
      after = { time: last.cursor, id: last.id };
      controller.enqueue(
        encoder.encode(rows.map((row) => csvLine([row.time.toISOString(), row.blockId, row.blockName, row.userEmail, row.uiSource, row.host, row.language])).join('')),
      );
      if (rows.length < size) controller.close();
    },
  });
  return { stream, truncated };
}
