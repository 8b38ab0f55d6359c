/**
 * Which words count for recommendation similarity (spec §9: "Word-overlap similarity ignores stop
 * words and headers"), shared by the recommendation index and by anything that checks it.
 *
 * A word counts when it is not an English stop word (the maintained list of the `stopword`
 * package), has at least two characters, and is not only digits: dates, times, phone and case
 * numbers differ between any two emails and would make unrelated texts look alike.
 */
import { eng } from 'stopword';
import { foldText, foldedWords } from './fold-text';

const STOP_WORDS: ReadonlySet<string> = new Set(eng.map((word) => foldText(word)));
const DIGITS_ONLY = /^[0-9]+$/;

/** True when a folded word takes part in similarity (see the module comment). */
export function isSimilarityWord(word: string): boolean {
  return word.length >= 2 && !STOP_WORDS.has(word) && !DIGITS_ONLY.test(word);
}

/** The distinct words of `text` (plain text, not folded) that take part in similarity. */
export function similarityWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of foldedWords(foldText(text))) if (isSimilarityWord(word)) words.add(word);
  return words;
}
