import { z } from './zod';
import { lineText } from './text';

/**
 * What recommendations know of meaning beyond shared words, shared by the server and the clients:
 * the account's own synonyms (`/api/admin/accounts/{accountId}/synonyms`, account admins) and the
 * hints a member's client reads to recommend (`/api/accounts/{accountId}/meaning`).
 */

export const SYNONYM_LIMITS = {
  /** Synonyms an account keeps. */
  count: 300,
  /** Characters of what the public writes. */
  phrase: 60,
  /** Characters of the office's words it means. */
  means: 100,
} as const;

const L = SYNONYM_LIMITS;
const HAS_WORD = /[\p{L}\p{N}]/u;

const words = (max: number) =>
  lineText(max)
    .trim()
    .min(1, 'must not be empty')
    .refine((value) => HAS_WORD.test(value), 'must contain a letter or a digit')
    .transform((value) => value.replace(/\s+/g, ' '));

/** One synonym: `phrase` (a word or phrase the public writes) counts for `means` (the office's words). */
export const accountSynonym = z.object({
  phrase: words(L.phrase),
  means: words(L.means),
});
export type AccountSynonym = z.infer<typeof accountSynonym>;

/** The account's synonyms, saved whole; a phrase appears once (letter case aside) and never means itself. */
export const accountSynonyms = z
  .object({
    synonyms: z.array(accountSynonym).max(L.count, `must list at most ${L.count} synonyms`),
  })
  .superRefine(({ synonyms }, context) => {
    const seen = new Set<string>();
    synonyms.forEach((synonym, i) => {
      const phrase = synonym.phrase.toLowerCase();
      if (seen.has(phrase)) context.addIssue({ code: 'custom', path: ['synonyms', i, 'phrase'], message: `"${synonym.phrase}" is listed twice` });
      seen.add(phrase);
      if (phrase === synonym.means.toLowerCase()) context.addIssue({ code: 'custom', path: ['synonyms', i, 'means'], message: 'must differ from the word or phrase itself' });
    });
  });
export type AccountSynonyms = z.infer<typeof accountSynonyms>;

/**
 * What a member's client uses to recommend blocks: the account's synonyms, and `related`, for words
 * the public may write that the member's blocks do not use, the blocks' words they mean with a
 * weight below 1 (from WordNet: synonyms and related forms). Keys and block words are stems
 * (`src/domain/similarity-words.ts`).
 */
export const meaningHints = z.object({
  synonyms: z.array(accountSynonym),
  related: z.record(z.string(), z.array(z.tuple([z.string(), z.number()]))),
});
export type MeaningHints = z.infer<typeof meaningHints>;
