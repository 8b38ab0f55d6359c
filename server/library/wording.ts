/**
 * When a block or checklist is shown to staff: from its "show from" day to its "show until" day,
 * both included, as days of the account's time zone, and never while archived. Every read staff
 * make (lists, most used, favourites, checklists) filters with `shownToStaff`; the admin API
 * answers the same judgement as `window` so the admin app can mark what staff do not see.
 */
import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { accounts } from '../db/schema';

/** Where a record stands against its dates today: shown, not yet shown, or past its last day. */
export type ShowWindow = 'shown' | 'upcoming' | 'ended';

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The request's clock: the app's (`services.now`, which tests set), else the system's. */
export const nowOf = (c: Context<AppEnv>): Date => c.var.services.now?.() ?? new Date();

/** The account's time zone ('UTC' for an account that is not found). */
export async function timeZoneOf(db: Db, accountId: string): Promise<string> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.timeZone ?? 'UTC';
}

/** The day it is for the account at `now`. */
export async function accountDay(db: Db, accountId: string, now: Date): Promise<string> {
  return dayIn(await timeZoneOf(db, accountId), now);
}

interface WordingTable {
  showFrom: AnyColumn;
  showUntil: AnyColumn;
  archivedAt: AnyColumn;
}

/** The rows staff see on `day`: inside their dates and not archived. */
export function shownToStaff(table: WordingTable, day: string): SQL {
  return and(
    isNull(table.archivedAt),
    or(isNull(table.showFrom), sql`${table.showFrom} <= ${day}::date`),
    or(isNull(table.showUntil), sql`${table.showUntil} >= ${day}::date`),
  )!;
}

/** Where `row`'s dates put it on `day`. */
export function windowOn(row: { showFrom: string | null; showUntil: string | null }, day: string): ShowWindow {
  if (row.showFrom && row.showFrom > day) return 'upcoming';
  if (row.showUntil && row.showUntil < day) return 'ended';
  return 'shown';
}

/** `day` moved by `days` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
