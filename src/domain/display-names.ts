/**
 * A person's name and address as an email header gives them ("Lopez, Maria (Clerk)
 * <maria.lopez@…>"): the full name, the first name a greeting uses, the address. Titles come
 * from the one list in `name-titles.ts`, which the personal-data scrubber uses too.
 */
import { cleanValue } from './clean-value';
import { NAME_TITLES } from './name-titles';

/** Someone with a display name and an address, as an email header gives them. */
export interface Person {
  name?: string;
  email?: string;
}

const ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/;

/** Words after a name: generation and degrees. */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'dds', 'dvm', 'esq', 'cpa', 'rn', 'jd', 'mba']);
/** Words that make a sender an office or a mailbox rather than a person: no first name then. */
const NOT_A_PERSON = new Set([
  'office', 'offices', 'department', 'dept', 'division', 'elections', 'election', 'recorder', 'registrar', 'board',
  'commission', 'committee', 'services', 'service', 'desk', 'team', 'staff', 'support', 'help', 'helpdesk', 'info',
  'information', 'admin', 'administrator', 'noreply', 'no-reply', 'donotreply', 'do-not-reply', 'notifications',
  'notification', 'alerts', 'newsletter', 'mailer', 'mailer-daemon', 'postmaster', 'webmaster', 'customer', 'sales', 'billing',
  'accounts', 'inc', 'llc', 'llp', 'ltd', 'corp', 'company', 'county', 'city', 'township', 'clerk', 'clerks', 'government',
  'agency', 'bureau', 'university', 'college', 'school', 'hospital', 'bank', 'group', 'contact', 'hello', 'mail', 'reply',
  'replies', 'inquiries', 'enquiries', 'feedback', 'news', 'hr', 'payroll',
]);

/**
 * `text` without the characters at either end that `keep` does not match, by code point. A loop,
 * because a pattern anchored at the end (`[^\p{L}]+$`) backtracks quadratically over long runs.
 */
function trimEnds(text: string, keep: RegExp): string {
  const chars = Array.from(text);
  let start = 0;
  let end = chars.length;
  while (start < end && !keep.test(chars[start] ?? '')) start++;
  while (end > start && !keep.test(chars[end - 1] ?? '')) end--;
  return start === 0 && end === chars.length ? text : chars.slice(start, end).join('');
}

/** `text` without the digits at its end ("lopez84" → "lopez"). */
function withoutTrailingDigits(text: string): string {
  let end = text.length;
  while (end > 0 && /\d/.test(text[end - 1] ?? '')) end--;
  return text.slice(0, end);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const NAME_CHARACTER = /[^\s'‘’,;:]/u;

/** A word as the word lists hold it: lower case, without dots or edge punctuation. */
function wordKey(word: string): string {
  return trimEnds(word.toLowerCase(), LETTER_OR_DIGIT).replace(/\./g, '');
}

/** "MARIA" and "maria" become "Maria"; "McKenzie" and "DeShawn" stay as written. */
function nameCase(word: string): string {
  const upper = word.toUpperCase();
  const lower = word.toLowerCase();
  if (upper === lower || (word !== upper && word !== lower)) return word;
  return lower.replace(/(^|[-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** A display name without addresses, roles in brackets, quotes and edge punctuation. */
function cleanDisplayName(name: string | undefined): string {
  if (!name) return '';
  const cleaned = trimEnds(cleanValue(name)
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')
    .replace(/["“”„«»]/g, ' ')
    .replace(/\s+/g, ' '), NAME_CHARACTER);
  return cleaned.includes('@') ? '' : cleaned;
}

/** Whether `person` has a display name that names someone or something (not empty, not an address). */
export function hasDisplayName(person: Person | undefined): boolean {
  return /\p{L}/u.test(cleanDisplayName(person?.name));
}

/**
 * The parts of an address's local part that read as a name, name-cased ("jordan.smith+x" → Jordan,
 * Smith); [] when it has no separator or holds a word that is not a name (see `personFullName`).
 */
export function addressName(email: string | undefined): string[] {
  return addressNameParts(email);
}

function isSuffixPart(part: string): boolean {
  const words = part.split(' ').map(wordKey).filter(Boolean);
  return words.length > 0 && words.every((word) => SUFFIXES.has(word));
}

/** The words of a person's name in reading order: "Lopez, Maria" reads "Maria Lopez"; a comma's degrees go. */
function nameWords(name: string): string[] {
  const parts = name.split(',').map((part) => part.trim()).filter(Boolean);
  while (parts.length > 1 && isSuffixPart(parts[parts.length - 1] ?? '')) parts.pop();
  const ordered = parts.length === 2 ? [parts[1] ?? '', parts[0] ?? ''] : parts;
  return ordered.join(' ').split(' ').filter(Boolean);
}

function isPerson(name: string): boolean {
  return !name.split(/[\s,]+/).some((word) => NOT_A_PERSON.has(wordKey(word)));
}

/** The parts of an address's local part that read as a name ("maria.lopez+ballots" → maria, lopez), or []. */
function addressNameParts(email: string | undefined): string[] {
  const address = cleanValue(email);
  if (!ADDRESS.test(address)) return [];
  const local = address.slice(0, address.lastIndexOf('@')).replace(/\+.*$/, '');
  const parts = local.split(/[._-]+/).map(withoutTrailingDigits);
  if (parts.length < 2 || !parts.every((part) => /^\p{L}{2,}$/u.test(part))) return [];
  if (parts.some((part) => NOT_A_PERSON.has(part.toLowerCase()))) return [];
  return parts.map((part) => nameCase(part.toLowerCase()));
}

/** The sender's address: the one given, else one in the display name ("Maria <m@x.org>", or the name itself). */
export function personEmail(person: Person | undefined): string {
  const given = cleanValue(person?.email);
  if (ADDRESS.test(given)) return given;
  const name = cleanValue(person?.name);
  const inBrackets = /<([^<>]*)>/.exec(name)?.[1]?.trim() ?? name.replace(/^["']|["']$/g, '');
  return ADDRESS.test(inBrackets) ? inBrackets : '';
}

/**
 * A person's full name: the display name without quotes, bracketed roles and address, "Last,
 * First" turned around, all-capital or all-small names written "Maria Lopez". Without a display
 * name, an address like "maria.lopez@…" gives "Maria Lopez". Empty when nothing sensible is known.
 */
export function personFullName(person: Person | undefined): string {
  const name = cleanDisplayName(person?.name);
  if (!name) return addressNameParts(personEmail(person)).join(' ');
  if (!/\p{L}/u.test(name)) return '';
  if (!isPerson(name)) return name;
  const words = nameWords(name);
  const joined = words.join(' ');
  const uniform = joined === joined.toUpperCase() || joined === joined.toLowerCase();
  return uniform ? words.map(nameCase).join(' ') : joined;
}

/**
 * A person's first name: the first word of the name in reading order after titles ("Dr."; a
 * title and one word, "Dr. Smith", has none), skipping an initial before a middle name
 * ("J. Robert Smith" → "Robert"). An office or mailbox ("Elections Office", "info@…") has none,
 * nor has a lone initial or a word with digits. Without a display name, an address whose local
 * part has a separator gives its first part ("maria.lopez" → "Maria"); one without ("mlopez")
 * gives nothing, as it cannot say where the first name ends. Empty when nothing sensible is known.
 */
export function personFirstName(person: Person | undefined): string {
  const name = cleanDisplayName(person?.name);
  if (!name) return addressNameParts(personEmail(person))[0] ?? '';
  if (!isPerson(name)) return '';
  const words = nameWords(name);
  let i = 0;
  while (i < words.length - 1 && NAME_TITLES.has(wordKey(words[i] ?? ''))) i++;
  // "Dr. Smith": after a title, a lone word is the surname.
  if (i > 0 && i === words.length - 1) return '';
  let word = words[i] ?? '';
  const initial = (w: string) => /^\p{L}\.?$/u.test(w);
  if (initial(word)) {
    const next = words[i + 1] ?? '';
    // "J. Robert Smith": the middle name is the one used; "J. Smith" has no first name to use.
    word = i + 2 < words.length && !initial(next) ? next : '';
  }
  word = trimEnds(word, LETTER);
  if (!word || initial(word) || /\d/.test(word) || SUFFIXES.has(wordKey(word))) return '';
  return nameCase(word);
}
