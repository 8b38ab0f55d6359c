/**
 * Finding people's names in an email for personal-data scrubbing (rules §5). The rules are summed
 * up in `scrub-personal-data.ts` and listed, with why, in docs/decisions/personal-data-scrubbing.md;
 * this file is the machinery: a word tokenizer that knows lines, sentence starts, initials and
 * titles, a first pass that marks known names, context rules that mark names the lists do not
 * know, and a removal pass.
 */
import { foldCase } from './fold-text';
import { NAME_TITLES } from './name-titles';
import { NOT_NAME_WORDS, ORDINARY_NAME_WORDS } from './names-ordinary-words';

/** Folded (lower-case, no diacritics) first names and surnames, e.g. `names-census.ts`. */
export interface NamesData {
  firstNames: ReadonlySet<string>;
  surnames: ReadonlySet<string>;
}

export interface NameContext {
  /** Names removed as whole words in any case (the spec's list), folded. */
  listed: ReadonlySet<string>;
  /** Larger first-name and surname lists, used on capitalised words only. */
  data: NamesData | undefined;
  /** Words of the open item's display names, folded. */
  people: ReadonlySet<string>;
  /** Greeting, sign-off, title, neighbour and cue rules; off leaves only the lists. */
  contextRules: boolean;
}

interface Token {
  start: number;
  end: number;
  text: string;
  /** Folded, without a possessive "'s". */
  key: string;
  /** Folded hyphen parts ("delacroix", "whitby"). */
  parts: string[];
  /** Upper-case first letter followed by a lower-case one, an apostrophe or nothing. */
  capitalised: boolean;
  /** One upper-case letter followed by "." ("D. Whitfield"). */
  initial: boolean;
  /** A courtesy or rank title ("Mr", "Dr"), with or without its dot. */
  title: boolean;
  line: number;
  /** First word of its line or after sentence punctuation. */
  sentenceStart: boolean;
}

const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;
const POSSESSIVE = /['’]s$/;
const CAPITALISED = /^\p{Lu}(?:[\p{Ll}\p{M}'’]|$)/u;
const GREETINGS = /^[ \t>]*(?:hi|hello|hey|dear|greetings|good[ \t]+(?:morning|afternoon|evening)|howdy)\b[ \t,]*/i;
const SIGN_OFF = new RegExp(
  String.raw`^[ \t>]*(?:thanks|thank[ \t]+you|many[ \t]+thanks|thanks[ \t]+again|thanks[ \t]+so[ \t]+much|thank[ \t]+you[ \t]+so[ \t]+much|` +
    String.raw`regards|best|best[ \t]+regards|kind[ \t]+regards|warm[ \t]+regards|warmly|sincerely|yours|yours[ \t]+truly|sincerely[ \t]+yours|` +
    String.raw`cheers|respectfully|cordially|take[ \t]+care|best[ \t]+wishes|all[ \t]+the[ \t]+best|with[ \t]+thanks)\b[ \t]*[,.!:-]*[ \t]*`,
  'i',
);
/** Inline sign-off inside a line: "... on the first. Regards, Constance Ebberly". */
const INLINE_SIGN_OFF = /(?:^|[.!?][ \t]+)(?:regards|sincerely|thanks|best|cheers),[ \t]+/gi;
/** Words after which capitalised words are a person: "my name is", "my son, Mateo", "Bride: Lan". */
const CUES = new Set([
  'name', 'names', 'is', 'am', 'named', 'signed', 'fiance', 'fiancé', 'fiancee', 'bride', 'groom', 'spouse', 'husband',
  'wife', 'partner', 'son', 'daughter', 'child', 'mother', 'father', 'mom', 'dad', 'parent', 'parents', 'uncle', 'aunt',
  'grandmother', 'grandfather', 'grandma', 'grandpa', 'brother', 'sister', 'neighbor', 'neighbour', 'friend', 'client',
  'owner', 'owners', 'president', 'party', 'officiant', 'executor', 'applicant', 'decedent', 'deceased', 'cousin',
  'nephew', 'niece', 'treasurer', 'worker', 'with', 'couple', 'witness', 'witnesses',
]);
/** Month names: a "May" found as a name does not make every "in May" one. */
const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);
/** Between a cue and the name: "My fiance is Oluwaseun Adebayo". */
const LINKS = new Set(['is', 'was', 'are', 'named', 'called']);
/** Cue words that need a phrase before them ("my name is"), so "This is urgent" is no cue. */
const CUE_PHRASES = /(?:name[ \t]+is|this[ \t]+is|i[ \t]+am|i'm|my[ \t]+name's)[ \t]*$/i;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 0;
  let lastEnd = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const word = match[0];
    const end = start + word.length;
    const between = text.slice(lastEnd, start);
    line += between.split('\n').length - 1;
    const dotAfter = text[end] === '.';
    const key = foldCase(word.replace(POSSESSIVE, ''));
    const previous = tokens.at(-1);
    const gap = previous && previous.line === line ? between : '\n';
    const sentenceStart =
      gap.includes('\n') ||
      (/[.!?:;][ \t"'“(]*$/.test(gap) && !(gap.startsWith('.') && previous && (previous.initial || previous.title)));
    tokens.push({
      start,
      end: (dotAfter && word.length === 1) || (dotAfter && NAME_TITLES.has(key)) ? end + 1 : end,
      text: word,
      key,
      parts: key.split('-'),
      capitalised: CAPITALISED.test(word) && word.length > 1,
      initial: word.length === 1 && /\p{Lu}/u.test(word) && dotAfter,
      title: NAME_TITLES.has(key) && /^\p{Lu}/u.test(word),
      line,
      sentenceStart,
    });
    lastEnd = end;
  }
  return tokens;
}

/** Words separated by nothing but spaces, on one line. */
function adjacent(text: string, a: Token, b: Token): boolean {
  return a.line === b.line && /^[ \t]+$/.test(text.slice(a.end, b.start));
}

/** Words separated by " and " or " & ", on one line. */
function joinedByAnd(text: string, a: Token | undefined, b: Token | undefined): boolean {
  return a !== undefined && b !== undefined && a.line === b.line && /^[ \t]+(?:and|&)[ \t]+$/.test(text.slice(a.end, b.start));
}

const ordinary = (t: Token) => t.parts.some((p) => ORDINARY_NAME_WORDS.has(p));
const notName = (t: Token) => t.parts.every((p) => NOT_NAME_WORDS.has(p)) || t.title;
/** "Baker-Simms", "Delacroix-Whitby": every part capitalised, not all office or place words. */
const hyphenName = (t: Token) => t.parts.length > 1 && !notName(t) && t.text.split('-').every((p) => CAPITALISED.test(p));

/** One email being scanned: its words, which of them are names so far, and what is known. */
interface Scan {
  text: string;
  tokens: Token[];
  isName: boolean[];
  context: NameContext;
  /** Offset of each line's first character. */
  lineStarts: number[];
}

function inData(scan: Scan, t: Token, set: 'firstNames' | 'surnames'): boolean {
  const data = scan.context.data;
  return data !== undefined && t.parts.every((p) => data[set].has(p));
}

/**
 * A word that names a place or body, not a person: before a place or office word ("Main Street",
 * "Cedar Lake", "Young America township") or in "X of Y" ("League of Women Voters").
 */
function placeLike(scan: Scan, i: number): boolean {
  const { tokens, text } = scan;
  const t = tokens[i];
  const next = tokens[i + 1];
  if (!t) return false;
  if (next && adjacent(text, t, next) && notName(next)) return true;
  if (next?.key === 'of' && tokens[i + 2]?.capitalised) return true;
  return tokens[i - 1]?.key === 'of' && tokens[i - 2]?.capitalised === true;
}

/** Rules a, b and c: words the lists or the display names know. */
function markKnownNames(scan: Scan): void {
  const { listed, people, data } = scan.context;
  const known = (p: string) => listed.has(p) || people.has(p) || (data !== undefined && (data.firstNames.has(p) || data.surnames.has(p)) && !ORDINARY_NAME_WORDS.has(p));
  scan.tokens.forEach((t, i) => {
    if (!ordinary(t) && (listed.has(t.key) || people.has(t.key))) scan.isName[i] = true;
    else if (t.capitalised && people.has(t.key)) scan.isName[i] = true;
    else if (hyphenName(t) && t.parts.some(known)) scan.isName[i] = true;
    else if (t.capitalised && !ordinary(t) && !notName(t) && !placeLike(scan, i)) {
      if (inData(scan, t, 'firstNames') || (inData(scan, t, 'surnames') && !t.sentenceStart)) scan.isName[i] = true;
    }
  });
}

/** Marks up to `max` capitalised words or initials from token `from` on, titles skipped, spaces only between. */
function takeRun(scan: Scan, from: number, max: number): void {
  const { tokens, text } = scan;
  for (let j = from; j < tokens.length && j < from + max; j++) {
    const t = tokens[j];
    if (!t || t.line !== tokens[from]?.line) return;
    // Only spaces between the words: a title's or an initial's dot is inside its token.
    if (j > from && !/^[ \t]*$/.test(text.slice(tokens[j - 1]?.end ?? 0, t.start))) return;
    if (t.title) continue;
    if (!(t.capitalised || t.initial) || notName(t)) return;
    scan.isName[j] = true;
  }
}

/** The first token at or after `offset` when it is on `line`, else -1 (binary search). */
function tokenAt(scan: Scan, offset: number, line: number): number {
  let low = 0;
  let high = scan.tokens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((scan.tokens[middle]?.start ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return scan.tokens[low]?.line === line ? low : -1;
}

function lineText(scan: Scan, line: number): string {
  const start = scan.lineStarts[line] ?? 0;
  const end = scan.text.indexOf('\n', start);
  return scan.text.slice(start, end < 0 ? scan.text.length : end);
}

/**
 * A line holding only capitalised words, initials, titles, "&" and "and" is a signature line:
 * its words are names unless all are office, role or ordinary words ("Elections Office").
 * Returns whether the line had that shape.
 */
function markNameLine(scan: Scan, line: number): boolean {
  if (/[\d?!:;@]/.test(lineText(scan, line))) return false;
  const first = tokenAt(scan, scan.lineStarts[line] ?? 0, line);
  if (first < 0) return false;
  const words: number[] = [];
  for (let i = first; scan.tokens[i]?.line === line; i++) if (scan.tokens[i]?.key !== 'and') words.push(i);
  const token = (i: number) => scan.tokens[i] as Token;
  if (words.length > 5 || !words.every((i) => token(i).capitalised || token(i).initial || token(i).title)) return false;
  const candidates = words.filter((i) => !notName(token(i)));
  if (candidates.some((i) => !ordinary(token(i)) || scan.isName[i] || scan.context.people.has(token(i).key))) {
    for (const i of candidates) scan.isName[i] = true;
  }
  return true;
}

/** Rule d: greetings, sign-offs and the signature lines at the end. */
function markGreetingsAndSignOffs(scan: Scan): void {
  const lines = scan.lineStarts.length;
  for (let line = 0; line < lines; line++) {
    const start = scan.lineStarts[line] ?? 0;
    const raw = lineText(scan, line);
    const greeting = GREETINGS.exec(raw);
    if (greeting) {
      const first = tokenAt(scan, start + greeting[0].length, line);
      if (first >= 0) takeRun(scan, first, 4);
    }
    const signOff = SIGN_OFF.exec(raw);
    if (signOff && !greeting) {
      if (raw.slice(signOff[0].length).trim() === '') {
        // The name is on the next non-empty line.
        let next = line + 1;
        while (next < lines && lineText(scan, next).trim() === '') next++;
        if (next < lines) markNameLine(scan, next);
      } else if (/[,-]/.test(signOff[0])) {
        const first = tokenAt(scan, start + signOff[0].length, line);
        if (first >= 0) takeRun(scan, first, 4);
      }
    }
    for (const inline of raw.matchAll(INLINE_SIGN_OFF)) {
      const first = tokenAt(scan, start + inline.index + inline[0].length, line);
      if (first >= 0) takeRun(scan, first, 4);
    }
  }
  // The last lines, while they are only names (and an office or firm), sign the email.
  const lastLine = scan.tokens.at(-1)?.line;
  if (lastLine === undefined) return;
  for (let line = lastLine; line >= 0 && line > lastLine - 3; line--) {
    const empty = lineText(scan, line).trim() === '';
    if (!empty && !markNameLine(scan, line)) break;
  }
}

/** Rule d: titles, cue words and initials. */
function markTitlesCuesAndInitials(scan: Scan): void {
  const { tokens, text, isName } = scan;
  tokens.forEach((t, i) => {
    // A title takes the capitalised words after it: "Dear Mr. Okafor", "Dr. Ifeoma Adeyemi".
    if (t.title && (text[t.end - 1] === '.' || /^[ \t]+\p{Lu}/u.test(text.slice(t.end)))) takeRun(scan, i + 1, 3);
    // A cue word takes the capitalised words after it: "my son, Mateo Quispe", "I am Brown Amadi".
    const phraseCue = t.key === 'is' || t.key === 'am';
    if (CUES.has(t.key) && (!phraseCue || CUE_PHRASES.test(text.slice(0, t.end)))) {
      const n = !phraseCue && LINKS.has(tokens[i + 1]?.key ?? '') ? i + 2 : i + 1;
      const next = tokens[n];
      const gap = text.slice(tokens[n - 1]?.end ?? 0, next?.start ?? 0);
      if (next && next.line === t.line && /^[ \t]*[,:]?[ \t]*$/.test(gap) && (!next.sentenceStart || gap.includes(':'))) {
        // "with" is a weak cue ("with the League"): only before a first name or a run of names.
        if (next.capitalised && !notName(next) && (t.key !== 'with' || isName[n + 1] || inData(scan, next, 'firstNames'))) takeRun(scan, n, 3);
      }
    }
    // An initial before a capitalised word: "D. Whitfield".
    const next = tokens[i + 1];
    if (t.initial && next && adjacent(text, t, next) && next.capitalised && !notName(next)) {
      isName[i] = true;
      isName[i + 1] = true;
    }
  });
}

/**
 * Rule d: two capitalised words side by side are a person when the first is a first name and the
 * second a name-list word mid-sentence ("my husband Will Carter"), or any capitalised word that
 * is not an ordinary one, even at a sentence start ("Bill Hargrove from the township agreed").
 */
function markFirstNamePairs(scan: Scan): void {
  const { tokens, text, isName, context } = scan;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i];
    const b = tokens[i + 1];
    if (!a || !b || !adjacent(text, a, b) || placeLike(scan, i + 1)) continue;
    const firstName = a.capitalised && !notName(a) && (inData(scan, a, 'firstNames') || context.listed.has(a.key));
    if (!firstName || !b.capitalised || notName(b)) continue;
    const listedWord = inData(scan, b, 'firstNames') || inData(scan, b, 'surnames') || context.listed.has(b.key);
    if ((!a.sentenceStart && listedWord) || !ordinary(b)) {
      isName[i] = true;
      isName[i + 1] = true;
    }
  }
}

/**
 * Rules d and e until nothing changes: a capitalised word next to a name, or joined to one by
 * "and" or "&", is a name ("Maria Delacroix-Whitby", "May Johnson", "Pawel and Renata Mroz"), and
 * a word found as a name is one wherever else it is capitalised ("Will can come"), months aside.
 */
function spreadNames(scan: Scan): void {
  const { tokens, text, isName } = scan;
  // Sweeping forwards, then backwards, lets a run of words next to a name join it in one sweep.
  for (let changed = true, forwards = true; changed; forwards = !forwards) {
    changed = false;
    const learned = new Set(tokens.filter((t, i) => isName[i] && !t.initial).map((t) => t.key));
    for (let k = 0; k < tokens.length; k++) {
      const i = forwards ? k : tokens.length - 1 - k;
      const t = tokens[i];
      if (!t || isName[i] || notName(t) || !(t.capitalised || t.initial)) continue;
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      const besideName =
        (before !== undefined && isName[i - 1] === true && adjacent(text, before, t) && !SIGN_OFF.test(before.text)) ||
        (after !== undefined && isName[i + 1] === true && adjacent(text, t, after) && (!t.sentenceStart || (!ordinary(t) && inData(scan, t, 'firstNames'))));
      const besideByAnd =
        !ordinary(t) &&
        ((isName[i - 1] === true && joinedByAnd(text, before, t)) ||
          (isName[i + 1] === true && joinedByAnd(text, t, after)) ||
          (isName[i - 2] === true && before?.key === 'and' && joinedByAnd(text, tokens[i - 2], t)) ||
          (isName[i + 2] === true && after?.key === 'and' && joinedByAnd(text, t, tokens[i + 2])));
      const learnedHere = (learned.has(t.key) && !MONTHS.has(t.key)) || (hyphenName(t) && t.parts.some((p) => learned.has(p)));
      if (besideName || besideByAnd || learnedHere) {
        isName[i] = true;
        changed = true;
      }
    }
  }
}

/** The name rules of `scrub-personal-data.ts` over `text`; each name becomes a space. */
export function removePersonNames(text: string, context: NameContext): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const tokens = tokenize(text);
  const scan: Scan = { text, tokens, isName: tokens.map(() => false), context, lineStarts };
  markKnownNames(scan);
  if (context.contextRules) {
    markGreetingsAndSignOffs(scan);
    markTitlesCuesAndInitials(scan);
    markFirstNamePairs(scan);
    spreadNames(scan);
  }
  let result = '';
  let last = 0;
  tokens.forEach((t, i) => {
    if (!scan.isName[i]) return;
    result += `${text.slice(last, t.start)} `;
    last = t.end;
  });
  return result + text.slice(last);
}
