/**
 * What the classifier reads of a text. Server side, every text is cleaned again the way the
 * client cleans it before sending (rules §4/§5: personal data scrubbed, with the census names
 * lists, then header lines and punctuation stripped): a client may be old, buggy or hostile, and
 * nothing unscrubbed may be learnt from or stored. Then the words: the domain's folding and word
 * split, and the words and terms of recommendations (`similarity-words.ts`: no stop words, small
 * talk, one-letter words or digit runs; Porter stems, so "ballots"/"ballot" and
 * "recorded"/"recording" count as one).
 */
import { foldText, foldedWords } from '../../src/domain/fold-text';
import { htmlToText } from '../../src/domain/html-to-text';
import { CENSUS_NAMES } from '../../src/domain/names-census';
import { createPersonalDataScrubber } from '../../src/domain/scrub-personal-data';
import { isSimilarityWord, termOf } from '../../src/domain/similarity-words';
import { stripEmailNoise } from '../../src/domain/strip-email-noise';

/** Longer "words" are base64, hashes or keyboard mashing: no evidence, and unbounded memory. */
const MAX_WORD_LENGTH = 30;

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
    if (word.length <= MAX_WORD_LENGTH && isSimilarityWord(word)) words.push(termOf(word));
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
