/**
 * What the classifier reads of a text. Server side, every text is cleaned again the way the
 * client cleans it before sending (spec §4/§5: personal data scrubbed, with the census names
 * lists, then header lines and punctuation stripped): a client may be old, buggy or hostile, and
 * nothing unscrubbed may be learnt from or stored. Then the words: the domain's folding and word split (the same "word" as
 * search and recommendations), without English stop words, one-letter words and digit runs,
 * reduced to their Porter stems so "ballots"/"ballot" and "recorded"/"recording" count as one.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import { foldText, foldedWords } from '../../src/domain/fold-text';
import { htmlToText } from '../../src/domain/html-to-text';
import { CENSUS_NAMES } from '../../src/domain/names-census';
import { createPersonalDataScrubber } from '../../src/domain/scrub-personal-data';
import { stripEmailNoise } from '../../src/domain/strip-email-noise';

const STOP_WORDS: ReadonlySet<string> = new Set(eng.map((word) => foldText(word)));
const DIGITS_ONLY = /^[0-9]+$/;
/** Longer "words" are base64, hashes or keyboard mashing: no evidence, and unbounded memory. */
const MAX_WORD_LENGTH = 30;

/** Stems of recent words: the stemmer is the costly step, and email vocabulary repeats. */
const stems = new Map<string, string>();
const STEM_CACHE_ENTRIES = 50_000;

function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stems.size >= STEM_CACHE_ENTRIES) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The server has no bundle to keep small: it always scrubs with the census names lists. */
const scrubPersonalData = createPersonalDataScrubber({ namesData: CENSUS_NAMES });

/** `text` scrubbed of personal data, headers and noise punctuation: what may be stored and learnt. */
export function cleanEmailText(text: string): string {
  return stripEmailNoise(scrubPersonalData(text));
}

/** The classifier's words of an already cleaned text, in order, repeats included. */
export function classifierWords(cleanText: string): string[] {
  const words: string[] = [];
  for (const word of foldedWords(foldText(cleanText))) {
    if (word.length < 2 || word.length > MAX_WORD_LENGTH || STOP_WORDS.has(word) || DIGITS_ONLY.test(word)) continue;
    words.push(stem(word));
  }
  return words;
}

/**
 * The classifier's words of a block: its name and its HTML body as text. Not scrubbed: a block is
 * the office's own reply, not a citizen's personal data, and the scrub would cost ten times the
 * rest (an account's blocks are read again when they change); the word filter already drops the
 * digit runs that scrubbing would have removed.
 */
export function blockWords(block: { name: string; body: string }): string[] {
  return classifierWords(`${block.name}\n${htmlToText(block.body)}`);
}
