/**
 * The words and numbers of the Usage page: where in Cannery a block was picked, where it went, how
 * long sessions lasted, and the days and weeks of a report, all in UTC as the server counts them.
 */
import { CONTEXT_LABELS, contextOf } from '../common/contexts';

/** Where in Cannery a block was picked (`uiSource`), as admins read it. */
const UI_SOURCE_LABELS: Readonly<Record<string, string>> = {
  recommended: 'Recommended',
  frequently_used: 'Frequently used',
  search: 'Search',
  std_scrollable_list: 'Block list',
  phone_flow: 'Checklists',
  unknown: 'Not recorded',
};

/** A recorded value nobody named: `some_new_place` reads "Some new place". */
function titled(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  if (!words) return 'Not recorded';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function uiSourceLabel(uiSource: string): string {
  return Object.hasOwn(UI_SOURCE_LABELS, uiSource) ? UI_SOURCE_LABELS[uiSource]! : titled(uiSource);
}

/** Where a block went (`host`): Outlook, Gmail, Text fields, or the recorded value titled. */
export function hostLabel(host: string): string {
  const context = contextOf(host);
  return context ? CONTEXT_LABELS[context] : titled(host);
}

/** Minutes as hours and minutes: `0 min`, `45 min`, `1 h`, `2 h 5 min`. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours.toLocaleString('en-US')} h` : `${hours.toLocaleString('en-US')} h ${rest} min`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' });
const at = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A day of a report, short (`Nov 3`), in UTC. */
export const shortDay = (day: string): string => dayFormat.format(at(day));

/** A day of a report, with its year (`Nov 3, 2026`), in UTC. */
export const longDay = (day: string): string => longDayFormat.format(at(day));

/** An interval of a report: a day (`Nov 3`) or a week cut to the period (`Nov 3 – Nov 9`). */
export const intervalLabel = (interval: { start: string; end: string }): string =>
  interval.start === interval.end ? shortDay(interval.start) : `${shortDay(interval.start)} – ${shortDay(interval.end)}`;

/** The period in words: `Oct 25, 2026 – Nov 23, 2026`. */
export const periodLabel = (from: string, to: string): string => (from === to ? longDay(from) : `${longDay(from)} – ${longDay(to)}`);

/** A count with its noun: `1 use`, `12 uses`. */
export const countOf = (count: number, one: string, many: string): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
