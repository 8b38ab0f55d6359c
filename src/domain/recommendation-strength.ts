/**
 * When a scored block is strong enough to be recommended: a filter on the spec's ranking (rules §9: by
 * score, at most 5). It changes neither score nor order; it only removes blocks from those 5, so
 * fewer (or none) are recommended when fewer fit. The rule (the spec sets no threshold):
 * - Strength is the score without what calendar words earned (`CALENDAR_WORDS`). A word more than
 *   half of the blocks use is common (`isCommonTerm`), counted at BM25's low weight.
 * - A block must match at least one telling word (neither calendar nor common) and have evidence
 *   enough on its own (`hasEnoughEvidence`): a telling word of its name the email wrote, one an
 *   account synonym led to, or two distinct telling words (a typo's or a WordNet hint's counts
 *   half). The first block is shown whenever it passes.
 * - Every other block needs a share of the highest strength: `RELATIVE_STRENGTH` when a telling
 *   word it matched is in its name, `UNNAMED_RELATIVE_STRENGTH` when it matched only its body or
 *   example questions. The bar is relative because a right answer's score varies with the email.
 * Why, and how it is judged: docs/decisions/recommendation-strength.md, recommendation-evidence.md.
 */
import { termOf } from './similarity-words';

/** A block other than the first, with a matched telling word in its name, needs this share of the highest strength. */
export const RELATIVE_STRENGTH = 0.4;
/** A block other than the first whose name holds none of the email's telling words needs this share (see the module comment). */
export const UNNAMED_RELATIVE_STRENGTH = 2 / 3;

/**
 * Words that date an email rather than say what it is about. Abbreviations that are also English
 * words ("sun", "sat", "wed", "mar", "may") are left out; "may" is a stop word anyway.
 */
export const CALENDAR_WORDS: readonly string[] = [
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'mon', 'tue', 'tues', 'thu', 'thur', 'thurs', 'fri',
  'january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'today', 'tonight', 'tomorrow', 'yesterday', 'last', 'next', 'ago', 'week', 'weekend', 'weekday', 'month', 'year',
  'morning', 'afternoon', 'evening', 'night', 'noon', 'midnight',
];

/** The terms (stems) of the calendar words, so "tuesdays" and "Tuesday" are both caught. */
const CALENDAR_TERMS: ReadonlySet<string> = new Set(CALENDAR_WORDS.map((word) => termOf(word)));

/** True when a term (`termOf`) names a day, a month or a day relative to today. */
export function isCalendarTerm(term: string): boolean {
  return CALENDAR_TERMS.has(term);
}

/**
 * True when a term used by `df` of `n` blocks is too common to tell blocks apart: more than half
 * of them use it. A team of one or two blocks has no common words (a word both use is still all
 * there is to go on), hence at least 3 blocks.
 */
export function isCommonTerm(df: number, n: number): boolean {
  return df >= 3 && df * 2 > n;
}

/** What a telling term the email wrote itself is worth as evidence; one reached by a typo or a meaning hint is worth `GUESSED_EVIDENCE`. */
export const OWN_EVIDENCE = 1;
export const GUESSED_EVIDENCE = 0.5;
/** Evidence a block needs when none of the telling words it matched is in its name: two of the email's own words. */
export const MIN_EVIDENCE = 2;
/** Evidence a block needs when a telling word of its name was reached only by a typo or a hint: more than that guess alone. */
export const NAMED_MIN_EVIDENCE = 1.5;

/** What the filter knows of one block's match for one email. */
export interface MatchStrength {
  /** Its score without what calendar words earned. */
  strength: number;
  /** What telling words (neither calendar words nor common) earned; 0 when it matched none. */
  telling: number;
  /** Whether one of the telling words it matched is in its name. */
  named: boolean;
  /**
   * Pieces of evidence: its distinct telling terms, `OWN_EVIDENCE` each when the email wrote the
   * word (or another form of it) or an account synonym led to, `GUESSED_EVIDENCE` when a typo or
   * a related word (WordNet) led to it.
   */
  evidence: number;
  /** Whether a telling word of its name is one the email wrote itself. */
  namedOwn: boolean;
  /** Whether a telling word it matched was reached through one of the account's own synonyms. */
  vouched?: boolean;
}

/**
 * Whether a block's words are evidence enough on their own, before any comparison with other
 * blocks: a telling word of its name that the email wrote, a telling word one of the account's
 * synonyms led to (an admin said what the email's word means), or else `MIN_EVIDENCE` (named
 * through a guess: `NAMED_MIN_EVIDENCE`). So one shared word that is not in the block's name, or
 * one typo, never recommends a block.
 */
export function hasEnoughEvidence(match: MatchStrength): boolean {
  if (match.namedOwn || match.vouched) return true;
  return match.evidence >= (match.named ? NAMED_MIN_EVIDENCE : MIN_EVIDENCE) - 1e-9;
}

/**
 * Whether a block's match passes, given the highest strength of any block for this email and
 * whether the block has the highest score (see the module comment).
 */
export function isStrongEnough(match: MatchStrength, bestStrength: number, isBest: boolean): boolean {
  if (!(match.telling > 0) || !hasEnoughEvidence(match)) return false;
  return isBest || match.strength >= (match.named ? RELATIVE_STRENGTH : UNNAMED_RELATIVE_STRENGTH) * bestStrength;
}
