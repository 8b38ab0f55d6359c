/**
 * Personal-data scrubbing before an email is sent for classification (rules §5): one named rule per
 * category, in this order (earlier rules see the text before later ones cut it up): credential,
 * password and username lines and "... is <value>" phrasings; email addresses; URLs; IP addresses;
 * card-like numbers; social-security-style numbers; phone numbers; references after a label (case,
 * account, parcel... then "no.", "number", "#" or ":"; the label stays); street addresses with their
 * city and state, and a city, state and postal code together; words mixing letters and digits;
 * postal codes; any other digits; then names (`person-names.ts`): listed names (`common-names.ts`)
 * and the open item's display names, census names (`names-census.ts`, passed in as `namesData`) when
 * capitalised, and capitalised words in a name's context (greeting, sign-off, signature, title,
 * initial). Ordinary words that are also names go only by context; titles, office names and
 * business suffixes stay. Each piece becomes a space, space runs collapse, line breaks stay.
 * Without `namesData`, every rule but the census lists runs.
 * Every rule in full, and why: docs/decisions/personal-data-scrubbing.md.
 */
import { COMMON_FIRST_NAMES, COMMON_SURNAMES } from './common-names';
import { foldCase } from './fold-text';
import { NOT_NAME_WORDS } from './names-ordinary-words';
import { removePersonNames, type NamesData } from './person-names';

export type { NamesData } from './person-names';

const CREDENTIAL_LINE =
  /\b(?:credentials?|creds|login[ \t]+(?:credentials|details|info(?:rmation)?))\b[ \t]*[:=][^\n]*/gi;
const PASSWORD_LINE = /\b(?:password|passcode|pass[ \t]?phrase|passwd|pwd|pin|secret)\b[ \t]*[:=][^\n]*/gi;
const USERNAME_LINE = /\b(?:user[ \t_-]?name|user[ \t_-]?id|login(?:[ \t_-]?(?:id|name))?)\b[ \t]*[:=][^\n]*/gi;
const SECRET_IS = /\b(?:user[ \t]?name|login|password|passcode|pin)[ \t]+is[ \t]+\S+/gi;
/**
 * Bounded to what an address can hold (64 characters before the "@", labels of 63), so a long run
 * without an "@" costs a fixed look per character, not a read of the rest of the text (why:
 * docs/decisions/personal-data-scrubbing.md).
 */
const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,63}/gu;
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
const US_STATE_CODES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
/**
 * The city and state after a street address or PO box, on its line or the next:
 * ", Springfield, IL", "\nSpringfield IL 62704" (the postal code goes by its own rule).
 */
/** The longest word of a street or city name the address rules read (bounded for the same reason as EMAIL). */
const MAX_PLACE_WORD = 40;
const ADDRESS_TAIL = String.raw`(?:,?[ \t]*\n?[ \t]*\p{Lu}[\p{L}'.-]{0,${MAX_PLACE_WORD}}(?:[ \t]+\p{Lu}[\p{L}'.-]{0,${MAX_PLACE_WORD}}){0,2},?[ \t]+(?:${US_STATE_CODES})\b\.?)?`;
/**
 * The words between the house number and the street type must be capitalised or ordinals, which
 * keeps "I have 2 questions about the way" from reading as an address.
 */
const STREET_ADDRESS = new RegExp(
  String.raw`\b\d{1,6}[A-Za-z]?(?:[ \t]+(?:[NSEW]\.?|\d{1,3}(?:st|nd|rd|th)|\p{Lu}[\p{L}'.-]{0,${MAX_PLACE_WORD}})){1,5}[ \t]+(?:${STREET_TYPE})\b\.?` +
    String.raw`(?:,?[ \t]*(?:Apt|APT|Apartment|Suite|STE|Ste|Unit|UNIT|#)\.?[ \t]*#?[\p{L}\p{N}-]+)?` +
    ADDRESS_TAIL,
  'gu',
);
/** A city, state and postal code together pin an address even without the street: "Tucson, AZ 85701". */
const CITY_STATE_POSTAL = new RegExp(
  String.raw`\b\p{Lu}[\p{L}'.-]{0,${MAX_PLACE_WORD}}(?:[ \t]+\p{Lu}[\p{L}'.-]{0,${MAX_PLACE_WORD}}){0,2},?[ \t]+(?:${US_STATE_CODES})\.?[ \t]+(?=\d{5}(?:-\d{4})?\b)`,
  'gu',
);
const PO_BOX = new RegExp(String.raw`\b[Pp]\.?[ \t]?[Oo]\.?[ \t]*(?:Box|BOX|box)[ \t]+\d+` + ADDRESS_TAIL, 'gu');
/**
 * How far into a token the reference rules look for its digit and letter. Bounded, because an
 * unbounded look-ahead from every start inside a long hyphenated run ("A-A-A-...") reads the rest
 * of the text each time, which grows with the square of its length. References are far shorter.
 */
const REFERENCE_LOOKAHEAD = 64;
/**
 * Case, account, parcel and document numbers: after such a label, the whole reference goes,
 * letters too ("case #A-2024-1187", "account no. XK-99812", "document number 2024R001234").
 */
const LABELLED_REFERENCE = new RegExp(
  String.raw`(?<=\b(?:case|account|acct|parcel|apn|document|doc|file|reference|ref|confirmation|conf|order|receipt|invoice|` +
    String.raw`instrument|permit|licen[cs]e|certificate|cert|ticket|claim|policy|member|voter[ \t]?id|registration|tracking|` +
    String.raw`application|commission|check|cheque|book|page|letter|fax)\b\.?(?:[ \t]*(?:no\.?|number|num\.?|#|id))?[ \t]*[:#]?[ \t]*)` +
    String.raw`(?=[\p{L}\p{N}/-]{0,${REFERENCE_LOOKAHEAD}}\d)[\p{L}\p{N}]+(?:[/-][\p{L}\p{N}]+)*`,
  'giu',
);
/** Any other word mixing letters and digits is a reference or code too ("VR8841273", "QX7-22K9"). */
const MIXED_REFERENCE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?=[\p{L}\p{N}/-]{0,${REFERENCE_LOOKAHEAD}}\d)(?=[\p{L}\p{N}/-]{0,${REFERENCE_LOOKAHEAD}}\p{L})` +
    String.raw`[\p{L}\p{N}]+(?:[/-][\p{L}\p{N}]+)*(?![\p{L}\p{N}])`,
  'gu',
);
const POSTAL_CODE = /\b\d{5}(?:-\d{4})?\b/g;
const DIGITS = /\d+/g;
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
  LABELLED_REFERENCE,
  STREET_ADDRESS,
  PO_BOX,
  CITY_STATE_POSTAL,
  MIXED_REFERENCE,
  POSTAL_CODE,
  DIGITS,
];

export interface ScrubOptions {
  /** First names and surnames removed in any case; defaults to `common-names.ts`. */
  names?: Iterable<string>;
  /**
   * Large first-name and surname lists (`names-census.ts`), matched on capitalised words. The
   * browser loads them after first paint and passes them in; without them the other rules run.
   */
  namesData?: NamesData;
  /** Display names of the open item's sender and recipients ("Donna Whitfield"). */
  personNames?: Iterable<string>;
  /** The context rules (greetings, sign-offs, titles, neighbours of names); on by default. */
  contextRules?: boolean;
}

const DEFAULT_NAMES: ReadonlySet<string> = new Set([...COMMON_FIRST_NAMES, ...COMMON_SURNAMES].map((name) => foldCase(name)));

/** The words of display names, less office and role words ("Recorder Team", "Elections Office"). */
function displayNameWords(names: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const name of names) for (const word of name.match(/[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu) ?? []) {
    const folded = foldCase(word);
    if (word.length > 1 && !NOT_NAME_WORDS.has(folded)) words.add(folded);
  }
  return words;
}

/** A scrubbing function for given names lists (the lists are prepared once). */
export function createPersonalDataScrubber(options: ScrubOptions = {}): (text: string) => string {
  const listed = options.names ? new Set([...options.names].map((name) => foldCase(name.trim()))) : DEFAULT_NAMES;
  const people = displayNameWords(options.personNames ?? []);
  const context = { listed, data: options.namesData, people, contextRules: options.contextRules ?? true };
  return (text) => {
    let scrubbed = text;
    for (const rule of PATTERN_RULES) scrubbed = scrubbed.replace(rule, ' ');
    scrubbed = removePersonNames(scrubbed, context);
    return scrubbed.replace(SPACE_RUN, ' ').replace(SPACE_AT_LINE_END, '');
  };
}

const defaultScrubber = createPersonalDataScrubber();

/**
 * Removes the personal data of the module comment from `text`. Without options: the built-in
 * names list and the context rules; `options` add the names data and the item's display names.
 */
export function scrubPersonalData(text: string, options?: ScrubOptions): string {
  return options ? createPersonalDataScrubber(options)(text) : defaultScrubber(text);
}
