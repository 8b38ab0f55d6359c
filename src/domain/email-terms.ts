/**
 * The hashed terms of an email, for learning from the team's choices: what the device keeps of an
 * email when a block is used for it, and what it looks up in what the team has learned.
 *
 * The terms are the recommender's (`similarity-words.ts`) in the part the sender wrote now
 * (`email-parts.ts`), or, when that part has none, in the quoted part; calendar words are left out
 * (`recommendation-strength.ts`). Each distinct term is hashed with 32-bit FNV-1a over a fixed salt
 * (no secret) as 8 lowercase hex characters, the same on every device; the server never holds a
 * word. Most frequent first, ties by first appearance, at most `limit` terms.
 * Why hashes: docs/decisions/learned-ranking.md.
 */
import { splitEmail } from './email-parts';
import { isCalendarTerm } from './recommendation-strength';
import { termOf, textSimilarityWords } from './similarity-words';

/** At most this many hashed terms describe one email (the API refuses more). */
export const EMAIL_SIGNATURE_MAX_TERMS = 48;
/** A hashed term: 8 lowercase hex characters. */
export const HASHED_TERM = /^[0-9a-f]{8}$/;

const SALT = 'cannery-learning-v1:';
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a of the salt and `term` (UTF-16 code units), as 8 lowercase hex characters. */
export function hashTerm(term: string): string {
  let hash = FNV_OFFSET;
  const text = SALT + term;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The distinct terms of `text` (already the part to read), most frequent first, ties by first appearance. */
export function rankedTerms(text: string): string[] {
  const counts = new Map<string, number>();
  for (const { folded } of textSimilarityWords(text)) {
    const term = termOf(folded);
    if (isCalendarTerm(term)) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  // Map order is first appearance, and the sort is stable.
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([term]) => term);
}

/** The part of `emailBody` whose terms describe it: the main part, or the quoted one when the main part has no terms. */
export function ownPart(emailBody: string, hasTerms: (text: string) => boolean = (text) => rankedTerms(text).length > 0): string {
  const { main, quoted } = splitEmail(emailBody);
  return hasTerms(main) ? main : quoted;
}

/** Distinct hashes of `terms` in order, at most `limit`. */
export function hashTerms(terms: readonly string[], limit: number = EMAIL_SIGNATURE_MAX_TERMS): string[] {
  const hashes: string[] = [];
  const seen = new Set<string>();
  for (const term of terms) {
    const hash = hashTerm(term);
    if (seen.has(hash)) continue;
    seen.add(hash);
    hashes.push(hash);
    if (hashes.length >= limit) break;
  }
  return hashes;
}

/** The hashed terms of what the sender of `emailBody` wrote now, at most `limit` (see the module comment). */
export function hashedEmailTerms(emailBody: string, limit: number = EMAIL_SIGNATURE_MAX_TERMS): string[] {
  return hashTerms(rankedTerms(ownPart(emailBody)), limit);
}
