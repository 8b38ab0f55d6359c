/**
 * The period a usage report covers, as the Usage page offers it: presets that end today, or two
 * days the admin picks. Days are calendar days in UTC (`YYYY-MM-DD`), both included, as the
 * server counts them; a period of more than 92 days is shown by week, shorter ones by day.
 */
import { USAGE_LIMITS, type UsageInterval } from '../../api/contract/admin';

export const USAGE_PRESETS = ['7d', '30d', '90d', '12m'] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number];
export type UsagePeriodChoice = UsagePreset | 'custom';

export const DEFAULT_USAGE_PRESET: UsagePreset = '30d';

export const PERIOD_LABELS: Readonly<Record<UsagePeriodChoice, string>> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom dates',
};

/** Periods up to this many days are shown by day; longer ones by week. */
export const DAILY_UP_TO_DAYS = 92;

export interface UsagePeriodRange {
  from: string;
  to: string;
  interval: UsageInterval;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day of `date`, `YYYY-MM-DD`. */
export const utcDayOf = (date: Date): string => date.toISOString().slice(0, 10);

const midnightOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** `day` moved by `days` (negative for earlier). */
export const plusDays = (day: string, days: number): string => utcDayOf(new Date(midnightOf(day) + days * DAY_MS));

/** How many days `from` to `to` covers, both included (0 or less when `from` is after `to`). */
export const daysBetween = (from: string, to: string): number => Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS) + 1;

/** By day for up to 92 days, by week beyond. */
export const intervalFor = (from: string, to: string): UsageInterval => (daysBetween(from, to) <= DAILY_UP_TO_DAYS ? 'day' : 'week');

/** A `YYYY-MM-DD` that names a day that exists. */
export function isUtcDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = midnightOf(value);
  return !Number.isNaN(time) && utcDayOf(new Date(time)) === value;
}

/**
 * The days of a preset ending on `now`'s UTC day: the last 7, 30 or 90 days, or the 12 months up to
 * today (from the day after the same date a year before: 365 days, 366 when they hold a 29 February).
 */
export function presetRange(preset: UsagePreset, now: Date = new Date()): UsagePeriodRange {
  const to = utcDayOf(now);
  let from: string;
  if (preset === '12m') {
    const [year, month, day] = to.split('-').map(Number) as [number, number, number];
    // The same date a year before (28 February for a 29 February), then the day after it.
    const lastOfMonth = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
    from = plusDays(utcDayOf(new Date(Date.UTC(year - 1, month - 1, Math.min(day, lastOfMonth)))), 1);
  } else {
    const days = preset === '7d' ? 7 : preset === '30d' ? 30 : 90;
    from = plusDays(to, -(days - 1));
  }
  return { from, to, interval: intervalFor(from, to) };
}

/**
 * Custom days as the admin typed them: the range, or what is wrong with them, in words. Empty or
 * impossible dates, `from` after `to` and periods over the server's 366 days are refused.
 */
export function customRange(from: string, to: string): { ok: true; range: UsagePeriodRange } | { ok: false; error: string } {
  if (!isUtcDay(from)) return { ok: false, error: 'Enter the first day of the period.' };
  if (!isUtcDay(to)) return { ok: false, error: 'Enter the last day of the period.' };
  const days = daysBetween(from, to);
  if (days < 1) return { ok: false, error: 'The first day must not be after the last day.' };
  if (days > USAGE_LIMITS.maxDays) return { ok: false, error: `A period can be at most ${USAGE_LIMITS.maxDays} days long.` };
  return { ok: true, range: { from, to, interval: intervalFor(from, to) } };
}
