/**
 * The distinct words of a set of texts, with which texts contain each word: the inverted index
 * behind block search (substring and fuzzy tiers).
 *
 * A library of 10,000 blocks holds megabytes of body text but only thousands of distinct words.
 * Work per keystroke is therefore done on the words (find those that contain the query, or align
 * the query with each word once) and mapped back to blocks through the postings, instead of
 * scanning every body.
 */
import { isWordCode } from './fold-text';

/** Word ids and posting lists in flat typed arrays (compact, and fast to walk). */
export interface WordVocabulary {
  /** Number of distinct words. */
  readonly size: number;
  /** The words, by id. */
  readonly words: readonly string[];
  /** All words, each preceded and followed by '\n', so a word-internal search never crosses words. */
  readonly text: string;
  /** Offset in `text` of word `w`'s first character. */
  readonly wordStart: Uint32Array;
  /** Length of word `w`. */
  readonly wordLength: Uint32Array;
  /** Id of the word at each offset of `text` (a separator maps to the word after it; the last one to 0). */
  readonly wordAtOffset: Uint32Array;
  /** Letters present in word `w` as a bit set (see `charBit`), for cheap upper bounds. */
  readonly wordLetters: Uint32Array;
  /** Texts containing word `w`: `postings[postingStart[w] .. postingStart[w + 1])`, ascending. */
  readonly postingStart: Uint32Array;
  readonly postings: Uint32Array;
  /** Distinct words of text `t`: `textWords[textWordStart[t] .. textWordStart[t + 1])`, by first occurrence. */
  readonly textWordStart: Uint32Array;
  readonly textWords: Uint32Array;
}

/**
 * A bit standing for a character: a-z get bits 0-25, digits share bit 26, everything else bit 27.
 * Two characters with different bits are certainly different; the same bit proves nothing.
 */
export function charBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << 26;
  return 1 << 27;
}

/** Growable list of unsigned 32-bit integers (a plain array of numbers would box and churn). */
class UintList {
  items = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length] = value;
    this.length += 1;
  }
  toArray(): Uint32Array {
    return this.items.slice(0, this.length);
  }
}

/**
 * Maps words to dense ids without first cutting the text into word strings: words are hashed in
 * place (FNV-1a over code units) and compared against the stored word, so only a word seen for the
 * first time is ever copied out of its text. Splitting megabytes of bodies into millions of short
 * strings was the largest cost of building an index.
 */
class WordInterner {
  readonly words: string[] = [];
  private readonly hashes = new UintList();
  private slots = new Int32Array(1 << 12).fill(-1);

  intern(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] as number;
      if (id < 0) return this.add(text.slice(start, end), hash, slot);
      if (this.hashes.items[id] !== hash) continue;
      const word = this.words[id] as string;
      if (word.length !== length) continue;
      let k = 0;
      while (k < length && word.charCodeAt(k) === text.charCodeAt(start + k)) k += 1;
      if (k === length) return id;
    }
  }

  private add(word: string, hash: number, slot: number): number {
    const id = this.words.length;
    this.words.push(word);
    this.hashes.push(hash);
    this.slots[slot] = id;
    if (this.words.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (let id = 0; id < this.words.length; id += 1) {
      let slot = (this.hashes.items[id] as number) & mask;
      while ((this.slots[slot] as number) >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = id;
    }
  }
}

/**
 * Builds the vocabulary of `texts` (already folded); text `t`'s words are those `foldedWords`
 * would return for it.
 */
export function buildWordVocabulary(texts: readonly string[]): WordVocabulary {
  const interner = new WordInterner();
  const lastText = new UintList();
  const documentFrequency = new UintList();
  const textWordStart = new Uint32Array(texts.length + 1);
  const textWordList = new UintList();

  texts.forEach((text, t) => {
    let start = -1;
    let hash = 0;
    for (let i = 0; i <= text.length; i += 1) {
      const code = i < text.length ? text.charCodeAt(i) : 32;
      if (isWordCode(code)) {
        if (start < 0) {
          start = i;
          hash = 0x811c9dc5;
        }
        hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
        continue;
      }
      if (start < 0) continue;
      const id = interner.intern(text, start, i, hash);
      start = -1;
      if (id === lastText.length) {
        lastText.push(t);
        documentFrequency.push(1);
        textWordList.push(id);
      } else if (lastText.items[id] !== t) {
        lastText.items[id] = t;
        documentFrequency.items[id] = (documentFrequency.items[id] as number) + 1;
        textWordList.push(id);
      }
    }
    textWordStart[t + 1] = textWordList.length;
  });

  const words = interner.words;
  const size = words.length;
  const postingStart = new Uint32Array(size + 1);
  for (let w = 0; w < size; w += 1) postingStart[w + 1] = (postingStart[w] as number) + (documentFrequency.items[w] as number);
  const textWords = textWordList.toArray();
  const postings = new Uint32Array(textWords.length);
  const fill = postingStart.slice(0, size);
  for (let t = 0; t < texts.length; t += 1) {
    for (let k = textWordStart[t] as number; k < (textWordStart[t + 1] as number); k += 1) {
      const w = textWords[k] as number;
      postings[fill[w] as number] = t;
      fill[w] = (fill[w] as number) + 1;
    }
  }

  const text = `\n${words.join('\n')}\n`;
  const wordStart = new Uint32Array(size);
  const wordLength = new Uint32Array(size);
  const wordLetters = new Uint32Array(size);
  const wordAtOffset = new Uint32Array(text.length);
  let offset = 1;
  words.forEach((word, w) => {
    wordStart[w] = offset;
    wordLength[w] = word.length;
    let letters = 0;
    for (let i = 0; i < word.length; i += 1) letters |= charBit(word.charCodeAt(i));
    wordLetters[w] = letters;
    wordAtOffset.fill(w, offset - 1, offset + word.length);
    offset += word.length + 1;
  });

  return { size, words, text, wordStart, wordLength, wordAtOffset, wordLetters, postingStart, postings, textWordStart, textWords };
}
