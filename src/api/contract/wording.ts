/**
 * The dates that decide when staff see a block or checklist (server/library/wording.ts): days of
 * the account's time zone, written YYYY-MM-DD, both ends included; left out, the window is open
 * on that side.
 */
import { z } from './zod';

/** Whether `zone` is an IANA time zone this runtime knows ("America/Los_Angeles", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z.string().trim().refine(isTimeZone, 'Choose a time zone from the list, such as America/Los_Angeles.');

/** A real calendar day, YYYY-MM-DD. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'Enter a date that exists.');

/** An empty date is no date. */
export const optionalDay = z.preprocess((value) => (value === '' ? null : value), calendarDay.nullish());

export const SHOW_WINDOWS = ['shown', 'upcoming', 'ended'] as const;
/** Where a record's dates put it today: shown to staff, not shown yet, or past its last day. */
export type ShowWindow = (typeof SHOW_WINDOWS)[number];

/** A change to a block that staff do not see yet: an editor's waiting for approval, or one scheduled for a time. */
export const pendingChange = z.object({
  _id: z.string(),
  state: z.enum(['awaiting_approval', 'scheduled']),
  publishAt: z.string().nullable(),
  author: z.object({ _id: z.string(), email: z.string().nullable() }),
});
export type PendingChange = z.infer<typeof pendingChange>;

export const SHOW_DATES_ORDER = '"Show until" must be on or after "Show from".';

/** The problem with a pair of dates, or undefined when staff can be shown the record on some day. */
export function showDatesProblem(showFrom: string | null | undefined, showUntil: string | null | undefined): string | undefined {
  return showFrom && showUntil && showUntil < showFrom ? SHOW_DATES_ORDER : undefined;
}
