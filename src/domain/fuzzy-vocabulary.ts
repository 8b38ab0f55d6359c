/**
 * The fuzzy tier's per-keystroke work: align one query word with every distinct word of the
 * library once, and keep the words that clear the threshold (see `fuzzy-match.ts` for the rule).
 *
 * Most words are rejected before any alignment by two upper bounds that follow from the scoring
 * (+2 per match at best): a word of `n` characters scores at most `2 * min(n, m)`, and at most
 * twice the number of query characters whose letter occurs in the word at all. Only words whose
 * bound clears the threshold are aligned. The result is exact: bounds never reject a match.
 */
import { MATCH_SCORE, localAlignmentInRange } from './local-alignment';
import { clearsFuzzyThreshold } from './fuzzy-match';
import { charBit, type WordVocabulary } from './word-vocabulary';

/** Words of a vocabulary that fuzzily match one query word, best first. */
export interface FuzzyWordMatches {
  /** Word ids, by descending score (ties by ascending id). */
  readonly words: Uint32Array;
  /** `scores[k]` is the alignment score of `words[k]`. */
  readonly scores: Uint32Array;
  /** Sum of the posting list lengths of `words`: how many (text, word) pairs a walk would visit. */
  readonly postingCount: number;
  /** Score of every vocabulary word that matches, 0 for the others (dense, by word id). */
  readonly scoreOf: Uint16Array;
}

/**
 * For a word whose letter set is `letters`, how many query characters have their letter in it:
 * four table lookups (seven bits each) instead of a loop over the query for every word.
 */
function presentCounter(queryWord: string): (letters: number) => number {
  const tables = [new Uint16Array(128), new Uint16Array(128), new Uint16Array(128), new Uint16Array(128)];
  for (let i = 0; i < queryWord.length; i += 1) {
    const bit = 31 - Math.clz32(charBit(queryWord.charCodeAt(i)));
    const chunk = Math.floor(bit / 7);
    const table = tables[chunk] as Uint16Array;
    const mask = 1 << (bit - chunk * 7);
    for (let k = 0; k < 128; k += 1) if ((k & mask) !== 0) table[k] = (table[k] as number) + 1;
  }
  const [t0, t1, t2, t3] = tables as [Uint16Array, Uint16Array, Uint16Array, Uint16Array];
  return (letters) =>
    (t0[letters & 127] as number) +
    (t1[(letters >>> 7) & 127] as number) +
    (t2[(letters >>> 14) & 127] as number) +
    (t3[(letters >>> 21) & 127] as number);
}

/** Aligns `queryWord` (folded, non-empty) with every word of `vocabulary`; see the module comment. */
export function matchQueryWord(vocabulary: WordVocabulary, queryWord: string): FuzzyWordMatches {
  const m = queryWord.length;
  const present = presentCounter(queryWord);
  const matchedWords: number[] = [];
  const matchedScores: number[] = [];
  // Both bounds solved for the smallest passing count x: 2 * x must be above 1.2 * m.
  let minimum = 0;
  while (!clearsFuzzyThreshold(MATCH_SCORE * minimum, m)) minimum += 1;

  const scoreOf = new Uint16Array(vocabulary.size);
  const { wordLength, wordLetters, wordStart, text } = vocabulary;
  for (let w = 0; w < vocabulary.size; w += 1) {
    const n = wordLength[w] as number;
    if (n < minimum || present(wordLetters[w] as number) < minimum) continue;
    const start = wordStart[w] as number;
    const score = localAlignmentInRange(queryWord, text, start, start + n);
    if (clearsFuzzyThreshold(score, m)) {
      matchedWords.push(w);
      matchedScores.push(score);
      scoreOf[w] = Math.min(score, 0xffff);
    }
  }

  const order = matchedWords.map((_, k) => k).sort((a, b) => (matchedScores[b] as number) - (matchedScores[a] as number) || a - b);
  const words = new Uint32Array(order.length);
  const scores = new Uint32Array(order.length);
  let postingCount = 0;
  order.forEach((k, rank) => {
    const w = matchedWords[k] as number;
    words[rank] = w;
    scores[rank] = matchedScores[k] as number;
    postingCount += (vocabulary.postingStart[w + 1] as number) - (vocabulary.postingStart[w] as number);
  });
  return { words, scores, postingCount, scoreOf };
}

/**
 * Alignment score of `queryWord` with every word of `vocabulary`, threshold or not (dense, by
 * word id). Used on the small vocabulary of block names to order fuzzy results.
 */
export function alignAllWords(vocabulary: WordVocabulary, queryWord: string): Uint16Array {
  const scores = new Uint16Array(vocabulary.size);
  const { wordLength, wordStart, text } = vocabulary;
  for (let w = 0; w < vocabulary.size; w += 1) {
    const start = wordStart[w] as number;
    scores[w] = Math.min(localAlignmentInRange(queryWord, text, start, start + (wordLength[w] as number)), 0xffff);
  }
  return scores;
}
