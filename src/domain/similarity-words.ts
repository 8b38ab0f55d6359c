/**
 * Which words count for recommendation similarity (rules §9: "Word-overlap similarity ignores stop
 * words and headers"), and the term each stands for, shared by the recommendation index and by
 * anything that checks it. A word counts when it is not a stop word (the `stopword` package's
 * English list, plus `MORE_STOP_WORDS`, `EMAIL_SMALL_TALK` and `REPLY_PREFIXES`), has at least two characters, and
 * is not only digits (`language-words.ts` gives the same for other languages). Its term is the Porter stem (`stemmer`) of the folded word; stems are
 * memoised. Why these lists: docs/decisions/recommendation-ranking.md.
 */
import { eng } from 'stopword';
import { stemmer } from 'stemmer';
import { foldCase, foldText, foldedWords } from './fold-text';

/** Function words of NLTK's English list that `eng` lacks (see the module comment). */
const MORE_STOP_WORDS = [
  'not', 'no', 'nor', 'will', 'when', 'why', 'yet', 'just', 'so', 'does', 'doing', 'done', 'off', 'own', 'again', 'once',
  'further', 'few', 'until', 'against', 'above', 'below', 'down', 'hers', 'herself', 'its', 'itself', 'myself', 'ours',
  'ourselves', 'theirs', 'themselves', 'yours', 'yourself', 'yourselves', 'whom', 'having', 'don', 'isn', 'doesn', 'didn',
];
/**
 * The small talk of a citizen's email that says nothing of its topic ("I would like to know
 * whether...", "Please let us know", "Thanks, hello"): without these, a block that happens to use
 * one is recommended for it, and Home shows "Matches: whether, know".
 */
const EMAIL_SMALL_TALK = [
  'know', 'whether', 'please', 'thank', 'thanks', 'hello', 'hi', 'dear', 'regards', 'wondering', 'let', 'us', 'sure', 'tell',
  'think', 'ok', 'okay', 'however', 'already', 'soon', 'able', 'ask', 'asked', 'asking', 'want', 'wanted',
];
/**
 * The prefixes mail clients put before a subject or a quoted line ("Re:", "Fwd:", "AW:", "SV:"):
 * they say a message is a reply or a forward, never what it is about.
 */
export const REPLY_PREFIXES: readonly string[] = ['re', 'fw', 'fwd', 'aw', 'wg', 'sv', 'vs', 'tr', 'rv', 'rif', 'antw', 'odp', 'enc'];
const STOP_WORDS: ReadonlySet<string> = new Set([...eng, ...MORE_STOP_WORDS, ...EMAIL_SMALL_TALK, ...REPLY_PREFIXES].map((word) => foldText(word)));
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

const stems = new Map<string, string>();
/** Memoised stems are dropped all at once past this many (a bound, not a tuning knob). */
const STEMS_KEPT = 50_000;

/** The term of a folded similarity word: its Porter stem. */
export function termOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

/** A similarity word of a text: folded, and as the writer wrote it (lower-cased). */
export interface TextWord {
  folded: string;
  surface: string;
}

/**
 * The similarity words of `text` in order, repeats included, each folded and in its surface form,
 * so that a match can be shown to the user in the user's own spelling ("cédula", not "cedula").
 */
export function textSimilarityWords(text: string, isWord: (folded: string) => boolean = isSimilarityWord): TextWord[] {
  const words: TextWord[] = [];
  for (const word of foldedWords(text)) {
    const surface = word.toLowerCase();
    const folded = foldCase(surface);
    if (isWord(folded)) words.push({ folded, surface });
  }
  return words;
}
