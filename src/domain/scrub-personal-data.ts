/**
 * Personal-data scrubbing before an email is sent for classification (spec §5). The spec's list
 * of categories is the one the `redact-pii` family of packages covers; those packages either pull
 * a cloud DLP client (far too heavy for a task pane) or are not installed in this project, so the
 * patterns are written here, one named rule per category, and the names list is data
 * (`common-names.ts`) that a caller can replace.
 *
 * What is removed, in this order (earlier rules see the text before later ones cut it up):
 * 1. credential, password and username lines: the label and everything after its ":" or "=" up
 *    to the end of the line ("Password: hunter2", "login = jdoe"), and "... is <value>" phrasings
 *    ("my password is Summer2024!");
 * 2. email addresses; 3. URLs (with a scheme or starting "www."); 4. IP addresses (v4 and v6);
 * 5. 16-digit card-like numbers (groups of four, spaces or dashes allowed);
 * 6. social-security-style numbers (3-2-4 digits with separators);
 * 7. phone numbers (North American forms with optional +1, brackets, dots, dashes; international
 *    "+" numbers); 8. street addresses ("1600 N Main St, Apt 4", "PO Box 12"): a number, one to
 *    five capitalised words or ordinals, and a street type;
 * 9. 5-digit postal codes with an optional 4-digit extension; 10. any remaining run of digits;
 * 11. listed first names and surnames, whole words, case-insensitively.
 * Each removed piece is replaced by a space; runs of spaces are then collapsed, line breaks kept
 * (the second routine, `stripEmailNoise`, needs the lines).
 */
import { COMMON_FIRST_NAMES, COMMON_SURNAMES } from './common-names';
import { foldCase } from './fold-text';

const CREDENTIAL_LINE =
  /\b(?:credentials?|creds|login[ \t]+(?:credentials|details|info(?:rmation)?))\b[ \t]*[:=][^\n]*/gi;
const PASSWORD_LINE = /\b(?:password|passcode|pass[ \t]?phrase|passwd|pwd|pin|secret)\b[ \t]*[:=][^\n]*/gi;
const USERNAME_LINE = /\b(?:user[ \t_-]?name|user[ \t_-]?id|login(?:[ \t_-]?(?:id|name))?)\b[ \t]*[:=][^\n]*/gi;
const SECRET_IS = /\b(?:user[ \t]?name|login|password|passcode|pin)[ \t]+is[ \t]+\S+/gi;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const WEB_ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)\]']/gi;
const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/g;
const IPV6 = /(?<![\w:])(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,7}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?)(?![\w:])/gi;
const CARD = /\b\d{4}(?:[ -]?\d{4}){3}\b/g;
const SSN = /\b\d{3}[ .-]\d{2}[ .-]\d{4}\b/g;
const PHONE_NANP = /(?:\+?\b1[ .-]?)?(?:\(\d{3}\)|\b\d{3})[ .-]?\d{3}[ .-]?\d{4}\b/g;
const PHONE_INTERNATIONAL = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}\b/g;

const STREET_TYPES = [
  'street', 'st', 'avenue', 'ave', 'road', 'rd', 'boulevard', 'blvd', 'lane', 'ln', 'drive', 'dr',
  'court', 'ct', 'way', 'place', 'pl', 'circle', 'cir', 'parkway', 'pkwy', 'highway', 'hwy',
  'terrace', 'ter', 'trail', 'trl', 'square', 'sq', 'loop', 'plaza', 'route', 'rte',
];
/** A street type in lower, Capitalised or UPPER case (not any mix: "ST" or "St", never "sT"). */
const STREET_TYPE = STREET_TYPES.flatMap((t) => [t, t[0]?.toUpperCase() + t.slice(1), t.toUpperCase()]).join('|');
/**
 * The words between the house number and the street type must be capitalised or ordinals, which
 * keeps "I have 2 questions about the way" from reading as an address.
 */
const STREET_ADDRESS = new RegExp(
  String.raw`\b\d{1,6}[A-Za-z]?(?:[ \t]+(?:[NSEW]\.?|\d{1,3}(?:st|nd|rd|th)|\p{Lu}[\p{L}'.-]*)){1,5}[ \t]+(?:${STREET_TYPE})\b\.?` +
    String.raw`(?:,?[ \t]*(?:Apt|APT|Apartment|Suite|STE|Ste|Unit|UNIT|#)\.?[ \t]*#?[\p{L}\p{N}-]+)?`,
  'gu',
);
const PO_BOX = /\bP\.?[ \t]?O\.?[ \t]*Box[ \t]+\d+/gi;
const POSTAL_CODE = /\b\d{5}(?:-\d{4})?\b/g;
const DIGITS = /\d+/g;
/** A word for name matching: letters (with their accents), apostrophes inside ("O'Brien"). */
const NAME_WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;
const SPACE_RUN = /[ \t]{2,}/g;
const SPACE_AT_LINE_END = /[ \t]+$|^[ \t]+/gm;

/** The rules of the module comment before names, in order. */
const PATTERN_RULES: readonly RegExp[] = [
  CREDENTIAL_LINE,
  PASSWORD_LINE,
  USERNAME_LINE,
  SECRET_IS,
  EMAIL,
  WEB_ADDRESS,
  IPV4,
  IPV6,
  CARD,
  SSN,
  PHONE_NANP,
  PHONE_INTERNATIONAL,
  STREET_ADDRESS,
  PO_BOX,
  POSTAL_CODE,
  DIGITS,
];

export interface ScrubOptions {
  /** First names and surnames to remove; defaults to `common-names.ts`. Matched whole-word, any case. */
  names?: Iterable<string>;
}

/** A scrubbing function for a given names list (the list is prepared once). */
export function createPersonalDataScrubber(options: ScrubOptions = {}): (text: string) => string {
  const names = new Set<string>();
  for (const name of options.names ?? [...COMMON_FIRST_NAMES, ...COMMON_SURNAMES]) names.add(foldCase(name.trim()));
  return (text) => {
    let scrubbed = text;
    for (const rule of PATTERN_RULES) scrubbed = scrubbed.replace(rule, ' ');
    scrubbed = scrubbed.replace(NAME_WORD, (word) => (names.has(foldCase(word)) ? ' ' : word));
    return scrubbed.replace(SPACE_RUN, ' ').replace(SPACE_AT_LINE_END, '');
  };
}

/** Removes the personal data of the module comment from `text`, with the default names list. */
export const scrubPersonalData: (text: string) => string = createPersonalDataScrubber();
